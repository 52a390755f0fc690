// convert-krnl-to-scf on krnl's memory and view ops: load/store as memref.load/store, memset as a loop nest,
// memcpy as a copy loop between one-dimensional views of the two memories (as laid out in memory, from the offsets),
// getref from an i8 pool as memref.view, dim as memref.dim, shape as a new memref of the sizes, global as a constant
// memref.global, the scalar math ops as math ops, krnl.region and krnl.movable inlined. MLIR accepts the result.
// RUN: tl-opt --convert-krnl-to-scf --canonicalize --cse %s | FileCheck %s
// RUN: tl-opt --convert-krnl-to-scf %s | mlir-opt -o /dev/null

// CHECK-LABEL: func.func @access(
// CHECK-NEXT:    %[[V:.*]] = memref.load %arg0[%arg1, %arg2] : memref<4x?xf32>
// CHECK-NEXT:    memref.store %arg3, %arg0[%arg2, %arg1] : memref<4x?xf32>
// CHECK-NEXT:    return %[[V]] : f32
func.func @access(%A: memref<4x?xf32>, %i: index, %j: index, %x: f32) -> f32 {
  %v = krnl.load %A[%i, %j] : memref<4x?xf32>
  krnl.store %x, %A[%j, %i] : memref<4x?xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @memset(
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[N:.*]] = memref.dim %arg0, %[[C1]] : memref<4x?xi32>
// CHECK-NEXT:    scf.for %[[I:.*]] = %{{.*}} to %[[C4]] step %[[C1]] {
// CHECK-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %[[N]] step %[[C1]] {
// CHECK-NEXT:        memref.store %arg1, %arg0[%[[I]], %[[J]]] : memref<4x?xi32>
func.func @memset(%A: memref<4x?xi32>, %x: i32) {
  krnl.memset %A, %x : memref<4x?xi32>
  return
}

// CHECK-LABEL: func.func @memcpy(
// (canonicalize reads the base buffers' offsets, 0 for these memrefs, from their types, and lets each
// reinterpret_cast read its memref rather than the extracted base, which has the same base pointer.)
// CHECK:         %[[N:.*]] = arith.index_cast %arg2 : i64 to index
// CHECK-NEXT:    %[[D:.*]] = memref.reinterpret_cast %arg0 to offset: [%arg3], sizes: [%[[N]]], strides: [1] : memref<16xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT:    %[[S:.*]] = memref.reinterpret_cast %arg1 to offset: [%arg4], sizes: [%[[N]]], strides: [1] : memref<4x4xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT:    scf.for %[[T:.*]] = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT:      %[[X:.*]] = memref.load %[[S]][%[[T]]]
// CHECK-NEXT:      memref.store %[[X]], %[[D]][%[[T]]]
func.func @memcpy(%d: memref<16xf32>, %s: memref<4x4xf32>, %n: i64, %doff: index, %soff: index) {
  "krnl.memcpy"(%d, %s, %n, %doff, %soff) : (memref<16xf32>, memref<4x4xf32>, i64, index, index) -> ()
  return
}

// CHECK-LABEL: func.func @views(
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK:         %[[V:.*]] = memref.view %arg0[%[[C64]]][%arg2] : memref<1024xi8> to memref<?x4xf32>
// CHECK-NEXT:    %[[D:.*]] = memref.dim %arg1, %[[C1]] : memref<3x?xf32>
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2xindex>
// CHECK-NEXT:    memref.store %[[C3]], %[[S]][%[[C0]]] : memref<2xindex>
// CHECK-NEXT:    memref.store %[[D]], %[[S]][%[[C1]]] : memref<2xindex>
// CHECK-NEXT:    return %[[V]], %[[D]], %[[S]]
func.func @views(%pool: memref<1024xi8>, %m: memref<3x?xf32>, %n: index) -> (memref<?x4xf32>, index, memref<2xindex>) {
  %c1 = arith.constant 1 : index
  %off = arith.constant 64 : i64
  %v = "krnl.getref"(%pool, %off, %n) : (memref<1024xi8>, i64, index) -> memref<?x4xf32>
  %d = "krnl.dim"(%m, %c1) : (memref<3x?xf32>, index) -> index
  %s = "krnl.shape"(%m) : (memref<3x?xf32>) -> memref<2xindex>
  return %v, %d, %s : memref<?x4xf32>, index, memref<2xindex>
}

// CHECK:       memref.global "private" constant @constant_0 : memref<2xf32> = dense<[5.000000e-01, 1.500000e+00]>
// CHECK-LABEL: func.func @global(
// CHECK-NEXT:    %[[G:.*]] = memref.get_global @constant_0 : memref<2xf32>
// CHECK-NEXT:    return %[[G]]
func.func @global() -> memref<2xf32> {
  %g = "krnl.global"() {name = "constant_0", shape = [2], value = dense<[0.5, 1.5]> : tensor<2xf32>} : () -> memref<2xf32>
  return %g : memref<2xf32>
}

// CHECK-LABEL: func.func @scalar_math(
// CHECK-NEXT:    %[[E:.*]] = math.erf %arg0 : f32
// CHECK-NEXT:    %[[T:.*]] = math.tan %arg0 : f32
// CHECK-NEXT:    %[[N:.*]] = math.isnan %arg0 : f32
// CHECK-NEXT:    return %[[E]], %[[T]], %[[N]]
func.func @scalar_math(%x: f32) -> (f32, f32, i1) {
  %e = "krnl.erf"(%x) : (f32) -> f32
  %t = "krnl.tan"(%x) : (f32) -> f32
  %n = "krnl.isnan"(%x) : (f32) -> i1
  return %e, %t, %n : f32, f32, i1
}

// CHECK-LABEL: func.func @regions(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.store %arg1, %arg0[%[[C0]]] : memref<4xf32>
// CHECK-NEXT:    return
func.func @regions(%A: memref<4xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  "krnl.region"() ({
    krnl.movable {
      krnl.store %x, %A[%c0] : memref<4xf32>
    }
  }) : () -> ()
  return
}
