// sroa: a memref.alloca of static shape and at most max-elements elements (16 by default, MLIR's limit), whose
// every use is a memref.load or memref.store of it at constant in-bounds indices, becomes one rank-0 alloca per
// element used, in the order of the elements, with the memory space kept. Anything else stays.
// RUN: tl-opt %s --allow-unregistered-dialect --sroa | FileCheck %s
// RUN: tl-opt %s --allow-unregistered-dialect --sroa='max-elements=64' | FileCheck %s --check-prefix=LARGE
// RUN: tl-opt %s --allow-unregistered-dialect --sroa | mlir-opt --allow-unregistered-dialect > /dev/null
// MLIR splits the same buffers (its new buffers lose the memory space and come in another order).
// RUN: mlir-opt %s --allow-unregistered-dialect --sroa | FileCheck %s --check-prefix=MLIR

// A work-item's register tile after its loops are unrolled: zeroed, accumulated in a loop, read.
// CHECK-LABEL: func.func @registers(
// CHECK-SAME:      %[[X:.*]]: f32, %[[N:.*]]: index, %[[OUT:.*]]: memref<4xf32>)
// CHECK-DAG:     %[[A00:.*]] = memref.alloca() : memref<f32, #gpu.address_space<private>>
// CHECK-DAG:     %[[A01:.*]] = memref.alloca() : memref<f32, #gpu.address_space<private>>
// CHECK-DAG:     %[[A10:.*]] = memref.alloca() : memref<f32, #gpu.address_space<private>>
// CHECK-DAG:     %[[A11:.*]] = memref.alloca() : memref<f32, #gpu.address_space<private>>
// CHECK-NOT:     memref.alloca
// CHECK:         memref.store %{{.*}}, %[[A00]][] : memref<f32, #gpu.address_space<private>>
// CHECK-NEXT:    memref.store %{{.*}}, %[[A10]][] : memref<f32, #gpu.address_space<private>>
// CHECK-NEXT:    memref.store %{{.*}}, %[[A01]][] : memref<f32, #gpu.address_space<private>>
// CHECK-NEXT:    memref.store %{{.*}}, %[[A11]][] : memref<f32, #gpu.address_space<private>>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %[[V:.*]] = memref.load %[[A10]][] : memref<f32, #gpu.address_space<private>>
// CHECK-NEXT:      %[[W:.*]] = arith.addf %[[V]], %[[X]] : f32
// CHECK-NEXT:      memref.store %[[W]], %[[A10]][] : memref<f32, #gpu.address_space<private>>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[R:.*]] = memref.load %[[A10]][] : memref<f32, #gpu.address_space<private>>
// CHECK-NEXT:    memref.store %[[R]], %[[OUT]][%{{.*}}] : memref<4xf32>
// MLIR-LABEL: func.func @registers(
// MLIR-COUNT-4:  memref.alloca() : memref<f32>
// MLIR-NOT:      memref.alloca
func.func @registers(%x: f32, %n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloca() : memref<2x2xf32, strided<[1, 2]>, #gpu.address_space<private>>
  memref.store %zero, %acc[%c0, %c0] : memref<2x2xf32, strided<[1, 2]>, #gpu.address_space<private>>
  memref.store %zero, %acc[%c1, %c0] : memref<2x2xf32, strided<[1, 2]>, #gpu.address_space<private>>
  memref.store %zero, %acc[%c0, %c1] : memref<2x2xf32, strided<[1, 2]>, #gpu.address_space<private>>
  memref.store %zero, %acc[%c1, %c1] : memref<2x2xf32, strided<[1, 2]>, #gpu.address_space<private>>
  scf.for %k = %c0 to %n step %c1 {
    %v = memref.load %acc[%c1, %c0] : memref<2x2xf32, strided<[1, 2]>, #gpu.address_space<private>>
    %w = arith.addf %v, %x : f32
    memref.store %w, %acc[%c1, %c0] : memref<2x2xf32, strided<[1, 2]>, #gpu.address_space<private>>
  }
  %r = memref.load %acc[%c1, %c0] : memref<2x2xf32, strided<[1, 2]>, #gpu.address_space<private>>
  memref.store %r, %out[%c0] : memref<4xf32>
  return
}

// Only the elements used get a buffer.
// CHECK-LABEL: func.func @sparse(
// CHECK-COUNT-2: memref.alloca() : memref<i32>
// CHECK-NOT:     memref.alloca
// MLIR-LABEL: func.func @sparse(
// MLIR-COUNT-2:  memref.alloca() : memref<i32>
// MLIR-NOT:      memref.alloca
func.func @sparse(%v: i32) -> i32 {
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %m = memref.alloca() : memref<8xi32>
  memref.store %v, %m[%c2] : memref<8xi32>
  memref.store %v, %m[%c7] : memref<8xi32>
  %r = memref.load %m[%c7] : memref<8xi32>
  return %r : i32
}

// Buffers that stay: a dynamic index, an index out of bounds, a use that is not a load or store (a view, a call,
// the buffer stored as a value), a dynamic size, more than 16 elements (unless max-elements allows them), already
// rank 0.
// CHECK-LABEL: func.func @kept(
// CHECK-NEXT:    %{{.*}} = arith.constant
// CHECK-NEXT:    %{{.*}} = arith.constant
// CHECK-NEXT:    %[[DYN:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    %[[OOB:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    %[[VIEW:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    %[[CALL:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    %[[SIZED:.*]] = memref.alloca(%arg1) : memref<?xf32>
// CHECK-NEXT:    %[[BIG:.*]] = memref.alloca() : memref<5x4xf32>
// CHECK-NEXT:    %[[SCALAR:.*]] = memref.alloca() : memref<f32>
// CHECK-NEXT:    %[[HOLDER:.*]] = memref.alloca() : memref<1xmemref<4xf32>>
// MLIR-LABEL: func.func @kept(
// MLIR:          memref.alloca() : memref<5x4xf32>
// LARGE-LABEL: func.func @kept(
// LARGE:         %[[SIZED:.*]] = memref.alloca(%arg1) : memref<?xf32>
// LARGE-NEXT:    %[[BIG:.*]] = memref.alloca() : memref<f32>
// LARGE-NEXT:    %[[SCALAR:.*]] = memref.alloca() : memref<f32>
// LARGE:         memref.store %arg0, %[[BIG]][] : memref<f32>
func.func @kept(%v: f32, %i: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %dyn = memref.alloca() : memref<4xf32>
  %oob = memref.alloca() : memref<4xf32>
  %view = memref.alloca() : memref<4xf32>
  %call = memref.alloca() : memref<4xf32>
  %sized = memref.alloca(%i) : memref<?xf32>
  %big = memref.alloca() : memref<5x4xf32>
  %scalar = memref.alloca() : memref<f32>
  %holder = memref.alloca() : memref<1xmemref<4xf32>>
  memref.store %v, %dyn[%i] : memref<4xf32>
  memref.store %v, %oob[%c4] : memref<4xf32>
  memref.store %v, %view[%c0] : memref<4xf32>
  %cast = memref.cast %view : memref<4xf32> to memref<?xf32>
  memref.store %v, %call[%c0] : memref<4xf32>
  "test.use"(%call) : (memref<4xf32>) -> ()
  memref.store %v, %sized[%c0] : memref<?xf32>
  memref.store %v, %big[%c4, %c0] : memref<5x4xf32>
  memref.store %v, %scalar[] : memref<f32>
  memref.store %view, %holder[%c0] : memref<1xmemref<4xf32>>
  return
}
