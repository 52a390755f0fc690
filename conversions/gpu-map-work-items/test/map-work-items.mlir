// gpu-map-work-items: a kernel's parallel loops go to its work-items, and its work-group code is replicated, dealt
// or run by the first work-item (docs/lowering-to-gpu.md, "Work-items"). The work-group here is 4 x 2.
// RUN: tl-opt %s --gpu-map-work-items --allow-unregistered-dialect | FileCheck %s
// RUN: tl-opt %s --gpu-map-work-items --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null

module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: gpu.func @loops(
    // The ids, once, at the start: thread ids, the linear id x + 4 y, the first work-item.
    // CHECK-NEXT:    %[[TX:.+]] = gpu.thread_id  x
    // CHECK-NEXT:    %[[TY:.+]] = gpu.thread_id  y
    // CHECK-NEXT:    %[[C4:.+]] = arith.constant 4 : index
    // CHECK-NEXT:    %[[TY4:.+]] = arith.muli %[[TY]], %[[C4]] : index
    // CHECK-NEXT:    %[[LIN:.+]] = arith.addi %[[TX]], %[[TY4]] : index
    // CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : index
    // CHECK-NEXT:    %[[X0:.+]] = arith.cmpi eq, %[[TX]], %[[C0]] : index
    // CHECK-NEXT:    %[[Y0:.+]] = arith.cmpi eq, %[[TY]], %[[C0]] : index
    // CHECK-NEXT:    %[[FIRST:.+]] = arith.andi %[[X0]], %[[Y0]] : i1
    gpu.func @loops(%A: memref<?x?xf32>, %B: memref<16xf32>, %n: index, %m: index) workgroup(%tile : memref<16x8xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 4, 2, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      // A memset of the tile: independent stores, dealt over the linear id (8 work-items, 16 rows: a loop).
      // CHECK:         scf.for %[[R:.+]] = %[[LIN]] to %{{.+}} step %{{.+}} {
      // CHECK-NEXT:      scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
      // CHECK-NEXT:        memref.store %{{.+}}, %{{.+}}[%[[R]], %[[K]]]
      scf.for %r = %c0 to %c16 step %c1 {
        scf.for %k = %c0 to %c8 step %c1 {
          memref.store %zero, %tile[%r, %k] : memref<16x8xf32, #gpu.address_space<workgroup>>
        }
      }
      // Rows 0, 4, ... 12 to the work-items along x (4 iterations, 4 work-items: one each, an scf.if), columns to
      // those along y (n of them: a loop by 2).
      // CHECK:         %[[XS:.+]] = arith.muli %[[TX]], %{{.+}} : index
      // CHECK-NEXT:    %[[XIN:.+]] = arith.cmpi slt, %[[XS]], %{{.+}} : index
      // CHECK-NEXT:    scf.if %[[XIN]] {
      // CHECK-NEXT:      %[[STRIDE:.+]] = arith.constant 2 : index
      // CHECK-NEXT:      scf.for %[[J:.+]] = %[[TY]] to %arg2 step %[[STRIDE]] {
      // CHECK-NEXT:        %[[V:.+]] = memref.load %{{.+}}[%[[XS]], %[[J]]] : memref<?x?xf32>
      // CHECK-NEXT:        memref.store %[[V]], %{{.+}}[%[[XS]], %[[J]]] : memref<?x?xf32>
      // CHECK-NEXT:      }
      // CHECK-NEXT:    }
      scf.parallel (%i) = (%c0) to (%c16) step (%c4) {
        scf.parallel (%j) = (%c0) to (%n) step (%c1) {
          %v = memref.load %A[%i, %j] : memref<?x?xf32>
          memref.store %v, %A[%i, %j] : memref<?x?xf32>
          scf.reduce
        } {krnl.mapping = [#krnl<processor workitem_y>]}
        scf.reduce
      } {krnl.mapping = [#krnl<processor workitem_x>]}
      // No mapping: over the linear id of all 8 work-items.
      // CHECK:         scf.for %[[E:.+]] = %[[LIN]] to %arg3 step %{{.+}} {
      // CHECK-NEXT:      memref.store %{{.+}}, %arg1[%[[E]]] : memref<16xf32>
      scf.parallel (%e) = (%c0) to (%m) step (%c1) {
        memref.store %zero, %B[%e] : memref<16xf32>
        scf.reduce
      }
      // A loop whose iterations depend on each other (each reads what the one before wrote): the first work-item.
      // CHECK:         scf.if %[[FIRST]] {
      // CHECK-NEXT:      scf.for %[[S:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
      // CHECK:             memref.load %arg1[
      // CHECK:             memref.store %{{.+}}, %arg1[%[[S]]] : memref<16xf32>
      // CHECK:           }
      // CHECK-NEXT:    }
      scf.for %s = %c1 to %c16 step %c1 {
        %p = arith.subi %s, %c1 : index
        %x = memref.load %B[%p] : memref<16xf32>
        memref.store %x, %B[%s] : memref<16xf32>
      }
      // A lone store of the work-group: the first work-item; a load: every work-item.
      // CHECK:         scf.if %[[FIRST]] {
      // CHECK-NEXT:      memref.store %{{.+}}, %arg1[%{{.+}}] : memref<16xf32>
      // CHECK-NEXT:    }
      // CHECK-NEXT:    %[[L:.+]] = memref.load %arg1[%{{.+}}] : memref<16xf32>
      memref.store %zero, %B[%c0] : memref<16xf32>
      %l = memref.load %B[%c1] : memref<16xf32>
      // A work-item's own buffer is written by every work-item.
      // CHECK-NEXT:    %[[MINE:.+]] = memref.alloca() : memref<2xf32>
      // CHECK-NEXT:    memref.store %[[L]], %[[MINE]][%{{.+}}] : memref<2xf32>
      %mine = memref.alloca() : memref<2xf32>
      memref.store %l, %mine[%c0] : memref<2xf32>
      // A loop of the work-group around a parallel loop: every work-item runs the loop, the parallel loop is dealt.
      // CHECK:         scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} {
      // CHECK:           scf.for %[[Q:.+]] = %[[LIN]] to %arg2 step %{{.+}} {
      // CHECK-NEXT:        "test.use"(%[[Q]]) : (index) -> ()
      scf.for %t = %c0 to %c2 step %c1 {
        scf.parallel (%q) = (%c0) to (%n) step (%c1) {
          "test.use"(%q) : (index) -> ()
          scf.reduce
        }
      }
      gpu.return
    }
  }
}
