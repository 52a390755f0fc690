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

    // A work-item's first iteration lb + off (off = id * step) is tested without computing lb + off first: it wraps
    // in a 32-bit index (WGSL's) when ub is near 2^31 (docs/wgsl.md, "Index arithmetic near 2^31").
    // CHECK-LABEL: gpu.func @bounds_near_the_largest_index(
    // CHECK-SAME:      %[[LB:[^:]+]]: index, %[[UB:[^:]+]]: index, %[[T:[^:]+]]: index
    // CHECK:         %[[TX:.+]] = gpu.thread_id  x
    gpu.func @bounds_near_the_largest_index(%lb: index, %ub: index, %t: index, %n: index) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      // A tile's point loop [t, t + minui(ub - t, 4)) (convert-krnl-to-scf's form): off < minui(ub - t, 4).
      // CHECK:         %[[LEFT:.+]] = arith.subi %[[UB]], %[[T]] : index
      // CHECK-NEXT:    %[[M:.+]] = arith.minui %[[LEFT]], %{{.+}} : index
      // CHECK-NEXT:    %[[END:.+]] = arith.addi %[[T]], %[[M]] : index
      // CHECK-NEXT:    %[[I:.+]] = arith.addi %[[T]], %[[TX]] : index
      // CHECK-NEXT:    %[[IN:.+]] = arith.cmpi slt, %[[TX]], %[[M]] : index
      // CHECK-NEXT:    scf.if %[[IN]] {
      // CHECK-NEXT:      "test.use"(%[[I]]) : (index) -> ()
      %left = arith.subi %ub, %t : index
      %m = arith.minui %left, %c4 : index
      %end = arith.addi %t, %m : index
      scf.parallel (%i) = (%t) to (%end) step (%c1) {
        "test.use"(%i) : (index) -> ()
        scf.reduce
      } {krnl.mapping = [#krnl<processor workitem_x>]}
      // Any loop of at most 4 iterations: lb < ub, and off < ub - lb as unsigned numbers (exact when lb < ub).
      // CHECK:         %[[E:.+]] = arith.minsi %{{.+}}, %[[UB]] : index
      // CHECK-NEXT:    %[[J:.+]] = arith.addi %[[LB]], %[[TX]] : index
      // CHECK-NEXT:    %[[NONEMPTY:.+]] = arith.cmpi slt, %[[LB]], %[[E]] : index
      // CHECK-NEXT:    %[[SPAN:.+]] = arith.subi %[[E]], %[[LB]] : index
      // CHECK-NEXT:    %[[INSPAN:.+]] = arith.cmpi ult, %[[TX]], %[[SPAN]] : index
      // CHECK-NEXT:    %[[BOTH:.+]] = arith.andi %[[NONEMPTY]], %[[INSPAN]] : i1
      // CHECK-NEXT:    scf.if %[[BOTH]] {
      // CHECK-NEXT:      "test.use"(%[[J]]) : (index) -> ()
      %e = arith.addi %lb, %c4 : index
      %u = arith.minsi %e, %ub : index
      scf.parallel (%j) = (%lb) to (%u) step (%c1) {
        "test.use"(%j) : (index) -> ()
        scf.reduce
      } {krnl.mapping = [#krnl<processor workitem_x>]}
      // More iterations than work-items, by 3: the loop runs under the test of its first iteration, from lb + 3 off.
      // CHECK:         %[[OFF:.+]] = arith.muli %[[TX]], %{{.+}} : index
      // CHECK-NEXT:    %[[K0:.+]] = arith.addi %[[LB]], %[[OFF]] : index
      // CHECK-NEXT:    %[[STRIDE:.+]] = arith.constant 12 : index
      // CHECK-NEXT:    %[[NONEMPTY:.+]] = arith.cmpi slt, %[[LB]], %[[UB]] : index
      // CHECK-NEXT:    %[[SPAN:.+]] = arith.subi %[[UB]], %[[LB]] : index
      // CHECK-NEXT:    %[[INSPAN:.+]] = arith.cmpi ult, %[[OFF]], %[[SPAN]] : index
      // CHECK-NEXT:    %[[BOTH:.+]] = arith.andi %[[NONEMPTY]], %[[INSPAN]] : i1
      // CHECK-NEXT:    scf.if %[[BOTH]] {
      // CHECK-NEXT:      scf.for %[[K:.+]] = %[[K0]] to %[[UB]] step %[[STRIDE]] {
      // CHECK-NEXT:        "test.use"(%[[K]]) : (index) -> ()
      scf.parallel (%k) = (%lb) to (%ub) step (%c3) {
        "test.use"(%k) : (index) -> ()
        scf.reduce
      } {krnl.mapping = [#krnl<processor workitem_x>]}
      // From a start of a known small range (a tile copy's padding rows, max(min(n, 8), 0) to 8): lb + off cannot
      // wrap, the loop needs no test around it.
      // CHECK:         %[[P:.+]] = arith.maxsi
      // CHECK-NEXT:    %[[P0:.+]] = arith.addi %[[P]], %[[TX]] : index
      // CHECK-NEXT:    %[[FOUR:.+]] = arith.constant 4 : index
      // CHECK-NEXT:    scf.for %[[R:.+]] = %[[P0]] to %{{.+}} step %[[FOUR]] {
      // CHECK-NEXT:      "test.use"(%[[R]]) : (index) -> ()
      %low = arith.minsi %n, %c8 : index
      %rows = arith.maxsi %low, %c0 : index
      scf.parallel (%r) = (%rows) to (%c8) step (%c1) {
        "test.use"(%r) : (index) -> ()
        scf.reduce
      } {krnl.mapping = [#krnl<processor workitem_x>]}
      gpu.return
    }
  }
}
