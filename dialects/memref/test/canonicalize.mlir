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
