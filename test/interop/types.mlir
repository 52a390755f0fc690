// Builtin types in function signatures and block arguments: integers of every signedness, index, floats,
// complex, tuple, none, function types, vectors (fixed, scalable, multi-dimensional, 0-d), ranked tensors
// (static, dynamic, 0-d, with an encoding), unranked tensors, memrefs (layouts, memory spaces, unranked),
// and opaque dialect types. Also a few vector and tensor ops that use them.
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref -o %t.tl
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t.tl -o %t.back
// RUN: diff %t.ref %t.back
// RUN: diff %t.ref %t.tl
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.ref.loc -o %t.tl.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.tl.loc -o %t.back.loc
// RUN: diff %t.ref.loc %t.back.loc
// RUN: diff %t.ref.loc %t.tl.loc

func.func private @integers(i1, i7, i64, i1024, si8, ui16, si64, ui1, index)
func.func private @floats(f16, bf16, f32, tf32, f64)
func.func private @misc(none, complex<f32>, complex<i8>, tuple<>, tuple<i32, f32>, tuple<tuple<index>, none>)
func.func private @functions(() -> (), (i32) -> i32, (i32, i1) -> (f32, f64), ((i32) -> i32) -> ((f32) -> f32))
func.func private @vectors(vector<4xf32>, vector<2x3xi8>, vector<[4]xf32>, vector<2x[8]xi1>, vector<f32>, vector<1x1x1xindex>)
func.func private @tensors(tensor<f32>, tensor<4xf32>, tensor<?x8xi32>, tensor<?x?x?xbf16>, tensor<*xf64>, tensor<0xf32>, tensor<4x?xcomplex<f64>>, tensor<2xvector<4xf32>>)
func.func private @encodings(tensor<4x4xf32, "enc">, tensor<?xi32, {key = 1 : i64}>, tensor<8xf32, #my.enc<1, 2>>)
func.func private @memrefs(memref<f32>, memref<4xf32>, memref<?x?xf64>, memref<*xi8>, memref<*xf32, 1>, memref<4x4xf32, strided<[1, 4]>>, memref<4xf32, strided<[?], offset: ?>>, memref<2x2xf32, 3>, memref<8xi32, {space = 5 : i32}>, memref<2xvector<4xf16>>, memref<3xcomplex<f32>>)
func.func private @opaque(!my.type, !my.type<"with params", 3>, !llvm.ptr, !llvm.ptr<1>, !llvm.struct<(i32, f32)>, !my<"opaque body">)
func.func private @strided(memref<4x?xf32, strided<[?, 1], offset: 0>>, memref<1xf32, strided<[1], offset: 7>>, memref<4x4xf32, strided<[4, 1]>>)

// tlir's vector dialect has vector.load and vector.extract (the others would be unknown ops of a registered dialect).
func.func @vector_ops(%v: vector<4xf32>, %m: memref<?xf32>, %i: index, %s: f32) -> vector<4xf32> {
  %1 = vector.load %m[%i] : memref<?xf32>, vector<4xf32>
  %2 = arith.addf %v, %1 : vector<4xf32>
  %3 = vector.extract %2[1] : f32 from vector<4xf32>
  %4 = vector.extract %2[%i] : f32 from vector<4xf32>
  %5 = arith.addf %3, %4 : f32
  %6 = arith.cmpf olt, %2, %v : vector<4xf32>
  %7 = arith.select %6, %2, %v : vector<4xi1>, vector<4xf32>
  return %7 : vector<4xf32>
}

func.func @tensor_ops(%t: tensor<?x4xf32>, %i: index, %f: f32) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.empty(%i) : tensor<?x4xf32>
  %1 = tensor.extract %t[%i, %c0] : tensor<?x4xf32>
  %2 = tensor.insert %f into %0[%i, %c0] : tensor<?x4xf32>
  %3 = tensor.dim %t, %c0 : tensor<?x4xf32>
  %4 = tensor.cast %2 : tensor<?x4xf32> to tensor<*xf32>
  %5 = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<?x4xf32> to tensor<2x4xf32>
  %6 = tensor.insert_slice %5 into %t[%i, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<?x4xf32>
  %7 = tensor.from_elements %f, %f : tensor<2xf32>
  %8 = tensor.splat %f[%i] : tensor<?x4xf32>
  %9 = bufferization.to_buffer %t : tensor<?x4xf32> to memref<?x4xf32>
  return %6 : tensor<?x4xf32>
}
