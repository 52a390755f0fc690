// memref: alloc/alloca with dynamic sizes, alignment, memory spaces (integer, string and dictionary
// attributes), strided layouts, subview with static and dynamic offsets/sizes/strides and rank reduction,
// reinterpret_cast, expand_shape/collapse_shape, cast, view, dim, load/store, copy, extract_strided_metadata,
// alloca_scope, unranked memrefs. Not here: affine-map layouts and memref.transpose (its permutation is an
// affine map), which tl-opt does not support yet (see README.md).
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// tl-opt reads mlir-opt's custom and generic forms and prints them as mlir-opt does:
// RUN: tl-opt --allow-unregistered-dialect %t.ref | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %t.ref.generic | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref | diff %t.ref.generic -
// mlir-opt reads tl-opt's custom and generic forms to the same module:
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tlir
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.tlir.generic
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir | diff %t.ref -
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir.generic | diff %t.ref -
// The same with locations, in both forms:
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.ref.loc | diff %t.ref.loc -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.tlir.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.tlir.loc | diff %t.ref.loc -
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.ref.gloc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.ref.gloc | diff %t.ref.gloc -

func.func @alloc(%n: index, %m: index) {
  %0 = memref.alloc() : memref<4x8xf32>
  %1 = memref.alloc(%n) : memref<?x8xf32>
  %2 = memref.alloc(%n, %m) {alignment = 64 : i64} : memref<?x?xf32>
  %3 = memref.alloca() : memref<16xi8>
  %4 = memref.alloca(%n) : memref<?xindex>
  %5 = memref.alloc() : memref<4xf32, 1>
  %6 = memref.alloc() : memref<4xf32, "gpu">
  %7 = memref.alloc() : memref<4xf32, {kind = "workgroup"}>
  %9 = memref.alloc() : memref<f64>
  %10 = memref.alloc() : memref<0xf32>
  %11 = memref.alloc(%m) : memref<2x?xvector<4xf32>>
  %12 = memref.alloc() : memref<2x3xf32, strided<[3, 1], offset: 0>>
  memref.dealloc %0 : memref<4x8xf32>
  memref.dealloc %1 : memref<?x8xf32>
  %s = memref.alloca_scope -> (index) {
    %t = memref.alloca() : memref<8xf32>
    memref.alloca_scope.return %n : index
  }
  return
}

func.func @load_store(%m: memref<?x?xf32>, %i: index, %j: index, %v: f32) -> f32 {
  %0 = memref.load %m[%i, %j] : memref<?x?xf32>
  memref.store %v, %m[%j, %i] : memref<?x?xf32>
  %1 = memref.load %m[%i, %j] {nontemporal = true} : memref<?x?xf32>
  %d0 = memref.dim %m, %i : memref<?x?xf32>
  %r = memref.rank %m : memref<?x?xf32>
  return %0 : f32
}

func.func @views(%m: memref<8x16xf32>, %o: index, %s: index, %c0: index) {
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  %1 = memref.subview %m[2, 3][3, 4][2, 1] : memref<8x16xf32> to memref<3x4xf32, strided<[32, 1], offset: 35>>
  %2 = memref.subview %m[%o, %o][%s, 4][1, %s] : memref<8x16xf32> to memref<?x4xf32, strided<[16, ?], offset: ?>>
  %3 = memref.subview %m[1, 0][1, 16][1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: 16>>
  %4 = memref.reinterpret_cast %m to offset: [0], sizes: [128], strides: [1] : memref<8x16xf32> to memref<128xf32>
  %5 = memref.reinterpret_cast %m to offset: [%o], sizes: [%s, 4], strides: [4, 1] : memref<8x16xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  %6 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 16] : memref<8x16xf32> into memref<2x4x16xf32>
  %7 = memref.collapse_shape %m [[0, 1]] : memref<8x16xf32> into memref<128xf32>
  %8 = memref.cast %m : memref<8x16xf32> to memref<?x?xf32>
  %9 = memref.cast %m : memref<8x16xf32> to memref<*xf32>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<8x16xf32> -> memref<f32>, index, index, index, index, index
  %buf = memref.alloc() : memref<2048xi8>
  %11 = memref.view %buf[%c0][%s] : memref<2048xi8> to memref<?x4xf32>
  %12 = memref.expand_shape %8 [[0, 1], [2]] output_shape [%s, 4, %o] : memref<?x?xf32> into memref<?x4x?xf32>
  %13 = memref.collapse_shape %3 [[0]] : memref<16xf32, strided<[1], offset: 16>> into memref<16xf32, strided<[1], offset: 16>>
  %14 = memref.collapse_shape %2 [[0, 1]] : memref<?x4xf32, strided<[16, ?], offset: ?>> into memref<?xf32, strided<[?], offset: ?>>
  return
}

func.func @copy_and_unranked(%a: memref<4xf32>, %b: memref<4xf32, strided<[2]>>, %u: memref<*xf32>, %u1: memref<*xi8, 3>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xf32, strided<[2]>>
  %0 = memref.cast %u : memref<*xf32> to memref<4xf32>
  %c = memref.get_global @const_table : memref<4xi32>
  memref.assume_alignment %a, 16 : memref<4xf32>
  return
}

memref.global "private" constant @const_table : memref<4xi32> = dense<[1, 2, 3, 4]>
