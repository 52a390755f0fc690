// krnl ops without a custom form (as in onnx-mlir) print in the generic form. Their inherent attributes, written in
// `{...}` as onnx-mlir prints them, become properties (`<{...}>`, as MLIR 22 prints them); both forms read back to
// the same IR, and the output is a fixed point.
// RUN: tl-opt %s | FileCheck %s
// RUN: tl-opt %s -o %t.custom
// RUN: tl-opt %t.custom | diff %t.custom -
// RUN: tl-opt %s --mlir-print-op-generic | tl-opt - | diff %t.custom -

// CHECK-LABEL: func.func @memory(
// CHECK-NEXT:    "krnl.memcpy"(%arg1, %arg0, %arg4, %arg5, %arg5) : (memref<16xf32>, memref<4x4xf32>, i64, index, index) -> ()
// CHECK-NEXT:    %[[R:.*]] = "krnl.getref"(%arg2, %arg3) : (memref<1024xi8>, i64) -> memref<4x4xf32>
// CHECK-NEXT:    %{{.*}} = "krnl.getref"(%arg2, %arg3, %arg5) : (memref<1024xi8>, i64, index) -> memref<?x4xf32>
// CHECK-NEXT:    %{{.*}} = "krnl.dim"(%arg6, %arg5) : (memref<4x?xf32>, index) -> index
// CHECK-NEXT:    %{{.*}} = "krnl.shape"(%arg6) : (memref<4x?xf32>) -> memref<2xindex>
// CHECK-NEXT:    %{{.*}} = "krnl.shape"(%arg6) : (memref<4x?xf32>) -> memref<?xi64>
// CHECK-NEXT:    %{{.*}} = "krnl.global"() <{name = "constant_0", shape = [3], value = dense<[0.000000e+00, 1.000000e-01, 2.000000e-01]> : tensor<3xf32>}> : () -> memref<3xf32>
// CHECK-NEXT:    %{{.*}} = "krnl.global"() <{alignment = 64 : i64, name = "constant_1", offset = 0 : i64, shape = [1, 3, 4]}> : () -> memref<1x3x4xf32>
func.func @memory(%src: memref<4x4xf32>, %dst: memref<16xf32>, %pool: memref<1024xi8>, %off: i64, %n: i64, %i: index, %m: memref<4x?xf32>) {
  "krnl.memcpy"(%dst, %src, %n, %i, %i) : (memref<16xf32>, memref<4x4xf32>, i64, index, index) -> ()
  %r = "krnl.getref"(%pool, %off) : (memref<1024xi8>, i64) -> memref<4x4xf32>
  %rd = "krnl.getref"(%pool, %off, %i) : (memref<1024xi8>, i64, index) -> memref<?x4xf32>
  %d = "krnl.dim"(%m, %i) : (memref<4x?xf32>, index) -> index
  %s = "krnl.shape"(%m) : (memref<4x?xf32>) -> memref<2xindex>
  %s2 = "krnl.shape"(%m) : (memref<4x?xf32>) -> memref<?xi64>
  %g = "krnl.global"() {name = "constant_0", shape = [3], value = dense<[0.0, 0.1, 0.2]> : tensor<3xf32>} : () -> memref<3xf32>
  %p = "krnl.global"() {name = "constant_1", offset = 0 : i64, alignment = 64 : i64, shape = [1, 3, 4]} : () -> memref<1x3x4xf32>
  return
}

// CHECK-LABEL: func.func @scalar_math(
// CHECK-NEXT:    %{{.*}} = "krnl.acos"(%arg0) : (f32) -> f32
// CHECK-NEXT:    %{{.*}} = "krnl.acosh"(%arg0) : (f32) -> f32
// CHECK-NEXT:    %{{.*}} = "krnl.asin"(%arg1) : (f64) -> f64
// CHECK-NEXT:    %{{.*}} = "krnl.asinh"(%arg1) : (f64) -> f64
// CHECK-NEXT:    %{{.*}} = "krnl.atan"(%arg0) : (f32) -> f32
// CHECK-NEXT:    %{{.*}} = "krnl.atanh"(%arg0) : (f32) -> f32
// CHECK-NEXT:    %{{.*}} = "krnl.tan"(%arg2) : (f16) -> f16
// CHECK-NEXT:    %{{.*}} = "krnl.erf"(%arg0) : (f32) -> f32
// CHECK-NEXT:    %{{.*}} = "krnl.isnan"(%arg0) : (f32) -> i1
// CHECK-NEXT:    %{{.*}} = "krnl.isinf"(%arg1) : (f64) -> i1
func.func @scalar_math(%x: f32, %y: f64, %h: f16) {
  %0 = "krnl.acos"(%x) : (f32) -> f32
  %1 = "krnl.acosh"(%x) : (f32) -> f32
  %2 = "krnl.asin"(%y) : (f64) -> f64
  %3 = "krnl.asinh"(%y) : (f64) -> f64
  %4 = "krnl.atan"(%x) : (f32) -> f32
  %5 = "krnl.atanh"(%x) : (f32) -> f32
  %6 = "krnl.tan"(%h) : (f16) -> f16
  %7 = "krnl.erf"(%x) : (f32) -> f32
  %8 = "krnl.isnan"(%x) : (f32) -> i1
  %9 = "krnl.isinf"(%y) : (f64) -> i1
  return
}

// CHECK-LABEL: func.func @runtime(
// CHECK-NEXT:    "krnl.call"(%arg0, %arg1) <{funcName = "omTensorSort", numOfOutput = 1 : si64}> {axis = 0 : i64} : (memref<10xi64>, memref<10xf32>) -> ()
// CHECK-NEXT:    "krnl.print"(%arg2) <{format = "x = %f\0A"}> : (f32) -> ()
// CHECK-NEXT:    "krnl.print"() <{format = "done\0A"}> : () -> ()
// CHECK-NEXT:    "krnl.print_tensor"(%arg1) <{msg = "%t %d"}> : (memref<10xf32>) -> ()
// CHECK-NEXT:    "krnl.runtime_instrument"() <{nodeName = "add0", opName = "onnx.Add", tag = 5 : i64}> : () -> ()
// CHECK-NEXT:    "krnl.runtime_instrument"() <{opName = "onnx.Mul", tag = 6 : i64}> : () -> ()
// CHECK-NEXT:    "krnl.random_normal"(%arg1, %arg3, %arg2, %arg2, %arg2) : (memref<10xf32>, index, f32, f32, f32) -> ()
func.func @runtime(%out: memref<10xi64>, %in: memref<10xf32>, %x: f32, %n: index) {
  "krnl.call"(%out, %in) {funcName = "omTensorSort", numOfOutput = 1 : si64, axis = 0 : i64} : (memref<10xi64>, memref<10xf32>) -> ()
  "krnl.print"(%x) {format = "x = %f\n"} : (f32) -> ()
  "krnl.print"() {format = "done\n"} : () -> ()
  "krnl.print_tensor"(%in) {msg = "%t %d"} : (memref<10xf32>) -> ()
  "krnl.runtime_instrument"() {nodeName = "add0", opName = "onnx.Add", tag = 5 : i64} : () -> ()
  "krnl.runtime_instrument"() {opName = "onnx.Mul", tag = 6 : i64} : () -> ()
  "krnl.random_normal"(%in, %n, %x, %x, %x) : (memref<10xf32>, index, f32, f32, f32) -> ()
  return
}

// CHECK-LABEL: func.func @strings_and_sequences(
// CHECK-NEXT:    %{{.*}} = "krnl.strlen"(%arg0) : (!krnl.string) -> i64
// CHECK-NEXT:    %{{.*}} = "krnl.strncmp"(%arg0, %arg0, %arg1) : (!krnl.string, !krnl.string, i64) -> i32
// CHECK-NEXT:    %{{.*}} = "krnl.find_index"(%arg0, %arg2, %arg2, %arg3) : (!krnl.string, memref<10xi32>, memref<10xi32>, i32) -> index
// CHECK-NEXT:    %{{.*}} = "krnl.find_index"(%arg1, %arg2, %arg2, %arg3) : (i64, memref<10xi32>, memref<10xi32>, i32) -> index
// CHECK-NEXT:    %[[S:.*]] = "krnl.seqalloc"(%arg4) : (index) -> memref<?xmemref<?xf32>>
// CHECK-NEXT:    %[[E:.*]] = "krnl.seqextract"(%[[S]], %arg4) <{copy = 1 : ui1}> : (memref<?xmemref<?xf32>>, index) -> memref<?xf32>
// CHECK-NEXT:    %{{.*}} = "krnl.seqextract"(%[[S]], %arg4) <{copy = 0 : ui1}> : (memref<?xmemref<?xf32>>, index) -> memref<?xf32>
// CHECK-NEXT:    "krnl.seqstore"(%[[E]], %[[S]], %arg4) : (memref<?xf32>, memref<?xmemref<?xf32>>, index) -> ()
// CHECK-NEXT:    "krnl.seqdealloc"(%[[S]]) : (memref<?xmemref<?xf32>>) -> ()
// CHECK-NEXT:    %{{.*}} = "krnl.seqalloc"() : () -> memref<3xmemref<*xf32>>
func.func @strings_and_sequences(%s: !krnl.string, %k: i64, %g: memref<10xi32>, %len: i32, %n: index) {
  %0 = "krnl.strlen"(%s) : (!krnl.string) -> i64
  %1 = "krnl.strncmp"(%s, %s, %k) : (!krnl.string, !krnl.string, i64) -> i32
  %2 = "krnl.find_index"(%s, %g, %g, %len) : (!krnl.string, memref<10xi32>, memref<10xi32>, i32) -> index
  %3 = "krnl.find_index"(%k, %g, %g, %len) : (i64, memref<10xi32>, memref<10xi32>, i32) -> index
  %seq = "krnl.seqalloc"(%n) : (index) -> memref<?xmemref<?xf32>>
  // `copy` defaults to 1.
  %e = "krnl.seqextract"(%seq, %n) : (memref<?xmemref<?xf32>>, index) -> memref<?xf32>
  %e0 = "krnl.seqextract"(%seq, %n) {copy = 0 : ui1} : (memref<?xmemref<?xf32>>, index) -> memref<?xf32>
  "krnl.seqstore"(%e, %seq, %n) : (memref<?xf32>, memref<?xmemref<?xf32>>, index) -> ()
  "krnl.seqdealloc"(%seq) : (memref<?xmemref<?xf32>>) -> ()
  %u = "krnl.seqalloc"() : () -> memref<3xmemref<*xf32>>
  return
}

// krnl.region has no terminator; an explicit krnl.terminate in a krnl.iterate is left out of the custom form; an
// entry point refers to a function of the module.
// CHECK-LABEL: func.func @regions(
// CHECK-NEXT:    "krnl.region"() ({
// CHECK-NEXT:      %[[L:.*]] = krnl.define_loops 1
// CHECK-NEXT:      krnl.iterate(%[[L]]) with (%[[L]] -> %{{.*}} = 0 to 10) {
// CHECK-NEXT:      }
// CHECK-NEXT:    }) : () -> ()
// CHECK:       "krnl.entry_point"() <{func = @regions, numInputs = 1 : i32, numOutputs = 0 : i32, signature = "[in_sig]\00@[out_sig]\00"}> : () -> ()
func.func @regions(%x: f32) {
  "krnl.region"() ({
    %l = krnl.define_loops 1
    "krnl.iterate"(%l, %l) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 10>}> ({
    ^bb0(%i: index):
      "krnl.terminate"() : () -> ()
    }) : (!krnl.loop, !krnl.loop) -> ()
  }) : () -> ()
  return
}
"krnl.entry_point"() {func = @regions, numInputs = 1 : i32, numOutputs = 0 : i32, signature = "[in_sig]\00@[out_sig]\00"} : () -> ()
