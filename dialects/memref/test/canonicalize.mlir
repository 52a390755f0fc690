// The canonicalization patterns of memref ops: allocations nothing reads are erased with their stores and
// deallocations (MLIR's SimplifyDeadAlloc); one that is loaded from, passed on, or stored as a value stays.
// RUN: tl-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize

// CHECK-LABEL: func.func @dead_alloc
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.store
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @dead_alloc(%v: f32, %i: index) {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloca() {alignment = 64 : i64} : memref<4xf32>
  memref.store %v, %a[%i] : memref<16xf32>
  memref.store %v, %b[%i] : memref<4xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @live_allocs
// CHECK-COUNT-3: memref.alloc()
func.func @live_allocs(%v: f32, %i: index, %out: memref<1xmemref<8xf32>>) -> (f32, memref<8xf32>) {
  %a = memref.alloc() : memref<8xf32>
  memref.store %v, %a[%i] : memref<8xf32>
  %x = memref.load %a[%i] : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %c = memref.alloc() : memref<8xf32>
  memref.store %c, %out[%i] : memref<1xmemref<8xf32>>
  memref.dealloc %a : memref<8xf32>
  return %x, %b : f32, memref<8xf32>
}

// -----

// memref.dim folds at a constant index: a static size is a constant; a dynamic one is the size operand of the
// alloc, alloca or view that made the memref; a cast of a ranked memref folds into the dim. An index out of range
// or not constant, or a size nothing names, stays.
// CHECK-LABEL: func.func @dims
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: index, %[[I:.*]]: index, %{{.*}}: memref<256xi8>, %[[ARG:.*]]: memref<?x?xf32>)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[A:.*]] = memref.alloc(%[[N]])
// CHECK: %[[OUT:.*]] = memref.dim %[[A]], %[[C2]]
// CHECK: %[[DYN:.*]] = memref.dim %[[A]], %[[I]]
// CHECK: %[[G:.*]] = memref.dim %[[ARG]], %[[C1]]
// CHECK: %[[H:.*]] = memref.dim %[[ARG]], %[[C0]]
// CHECK: return %[[C4]], %[[N]], %[[OUT]], %[[DYN]], %[[M]], %[[M]], %[[G]], %[[H]],
func.func @dims(%n: index, %m: index, %i: index, %bytes: memref<256xi8>, %arg: memref<?x?xf32>) -> (index, index, index, index, index, index, index, index, memref<4x?xf32>, memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc(%n) : memref<4x?xf32>
  %s = memref.dim %a, %c0 : memref<4x?xf32>
  %d = memref.dim %a, %c1 : memref<4x?xf32>
  %out = memref.dim %a, %c2 : memref<4x?xf32>
  %dyn = memref.dim %a, %i : memref<4x?xf32>
  %b = memref.alloca(%m) : memref<?xf32>
  %e = memref.dim %b, %c0 : memref<?xf32>
  %v = memref.view %bytes[%c0][%m] : memref<256xi8> to memref<?x2xf32>
  %f = memref.dim %v, %c0 : memref<?x2xf32>
  %cast = memref.cast %arg : memref<?x?xf32> to memref<?x?xf32>
  %g = memref.dim %cast, %c1 : memref<?x?xf32>
  %h = memref.dim %arg, %c0 : memref<?x?xf32>
  return %s, %d, %out, %dyn, %e, %f, %g, %h, %a, %b : index, index, index, index, index, index, index, index, memref<4x?xf32>, memref<?xf32>
}
