// gpu-promote-workgroup-memory, privatization: a buffer of the work-group that every access indexes by the
// induction variables of the work-item loops around it (scf.parallel mapped to workitem_x|y|z, from 0 by 1, the
// dimension no larger than the work-group along it) holds one slice per work-item: it becomes each work-item's
// private buffer, those dimensions dropped. Anything else stays the work-group's (a workgroup attribution).
// RUN: tl-opt %s --gpu-promote-workgroup-memory | FileCheck %s
// RUN: tl-opt %s --gpu-promote-workgroup-memory --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null

module attributes {gpu.container_module} {
  gpu.module @m {
    // The accumulators of a staged reduction: [register, work-item x, work-item y], zeroed, summed in a loop the
    // work-group runs (between the loops: the work-group's copies), then read.
    // CHECK-LABEL: gpu.func @accumulators(%arg0: memref<64xf32>, %arg1: index)
    // CHECK-NOT:       workgroup(
    // CHECK-SAME:      kernel attributes {known_block_size = array<i32: 4, 2, 1>} {
    // CHECK:         %[[ACC:.+]] = memref.alloca() : memref<2xf32, #gpu.address_space<private>>
    // CHECK:         scf.parallel (%[[X:.+]]) =
    // CHECK-NEXT:      scf.parallel (%[[Y:.+]]) =
    // CHECK-NEXT:        memref.store %{{.+}}, %[[ACC]][%[[C1:.+]]] : memref<2xf32, #gpu.address_space<private>>
    // CHECK:         scf.for
    // CHECK:               %[[OLD:.+]] = memref.load %[[ACC]][%[[C1]]] : memref<2xf32, #gpu.address_space<private>>
    // CHECK:               memref.store %{{.+}}, %[[ACC]][%[[C1]]] : memref<2xf32, #gpu.address_space<private>>
    // CHECK:             %[[R:.+]] = memref.load %[[ACC]][%{{.+}}] : memref<2xf32, #gpu.address_space<private>>
    // CHECK-NEXT:        memref.store %[[R]], %arg0[%{{.+}}] : memref<64xf32>
    gpu.func @accumulators(%out: memref<64xf32>, %n: index) kernel attributes {known_block_size = array<i32: 4, 2, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0.0 : f32
      %acc = memref.alloca() : memref<2x4x2xf32>
      scf.parallel (%x) = (%c0) to (%c4) step (%c1) {
        scf.parallel (%y) = (%c0) to (%c2) step (%c1) {
          memref.store %zero, %acc[%c1, %x, %y] : memref<2x4x2xf32>
          scf.reduce
        } {krnl.mapping = [#krnl<processor workitem_y>]}
        scf.reduce
      } {krnl.mapping = [#krnl<processor workitem_x>]}
      scf.for %k = %c0 to %n step %c1 {
        scf.parallel (%x) = (%c0) to (%c4) step (%c1) {
          scf.parallel (%y) = (%c0) to (%c2) step (%c1) {
            %old = memref.load %acc[%c1, %x, %y] : memref<2x4x2xf32>
            %new = arith.addf %old, %old : f32
            memref.store %new, %acc[%c1, %x, %y] : memref<2x4x2xf32>
            scf.reduce
          } {krnl.mapping = [#krnl<processor workitem_y>]}
          scf.reduce
        } {krnl.mapping = [#krnl<processor workitem_x>]}
      }
      scf.parallel (%y) = (%c0) to (%c2) step (%c1) {
        scf.parallel (%x) = (%c0) to (%c4) step (%c1) {
          %r = memref.load %acc[%c1, %x, %y] : memref<2x4x2xf32>
          memref.store %r, %out[%x] : memref<64xf32>
          scf.reduce
        } {krnl.mapping = [#krnl<processor workitem_x>]}
        scf.reduce
      } {krnl.mapping = [#krnl<processor workitem_y>]}
      gpu.return
    }

    // Buffers that stay the work-group's: read at another work-item's index (x + 1), read outside the work-item
    // loops, indexed by a loop that does not start at 0, by a loop mapped to another dimension in another access,
    // larger than the work-group along x (8 > 4), indexed along x only inside a loop along y too (the y iterations
    // share an element), passed to a view.
    // CHECK-LABEL: gpu.func @shared(
    // CHECK-SAME:      workgroup(%{{.+}} : memref<4xf32, #gpu.address_space<workgroup>>, %{{.+}} : memref<4xf32, #gpu.address_space<workgroup>>, %{{.+}} : memref<4xf32, #gpu.address_space<workgroup>>, %{{.+}} : memref<4xf32, #gpu.address_space<workgroup>>, %{{.+}} : memref<8xf32, #gpu.address_space<workgroup>>, %{{.+}} : memref<4xf32, #gpu.address_space<workgroup>>, %{{.+}} : memref<4xf32, #gpu.address_space<workgroup>>)
    // CHECK-NOT:     #gpu.address_space<private>
    gpu.func @shared(%n: index) kernel attributes {known_block_size = array<i32: 4, 4, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %neighbour = memref.alloca() : memref<4xf32>
      %outside = memref.alloca() : memref<4xf32>
      %shifted = memref.alloca() : memref<4xf32>
      %crossed = memref.alloca() : memref<4xf32>
      %large = memref.alloca() : memref<8xf32>
      %rows = memref.alloca() : memref<4xf32>
      %viewed = memref.alloca() : memref<4xf32>
      scf.parallel (%x) = (%c0) to (%c3) step (%c1) {
        %x1 = arith.addi %x, %c1 : index
        memref.store %zero, %neighbour[%x] : memref<4xf32>
        %v = memref.load %neighbour[%x1] : memref<4xf32>
        memref.store %zero, %outside[%x] : memref<4xf32>
        memref.store %zero, %crossed[%x] : memref<4xf32>
        memref.store %zero, %large[%x] : memref<8xf32>
        memref.store %zero, %viewed[%x] : memref<4xf32>
        scf.reduce
      } {krnl.mapping = [#krnl<processor workitem_x>]}
      %w = memref.load %outside[%c0] : memref<4xf32>
      scf.parallel (%x) = (%c1) to (%c4) step (%c1) {
        memref.store %zero, %shifted[%x] : memref<4xf32>
        scf.reduce
      } {krnl.mapping = [#krnl<processor workitem_x>]}
      scf.parallel (%y) = (%c0) to (%c4) step (%c1) {
        memref.store %zero, %crossed[%y] : memref<4xf32>
        scf.parallel (%x) = (%c0) to (%c4) step (%c1) {
          memref.store %zero, %rows[%x] : memref<4xf32>
          scf.reduce
        } {krnl.mapping = [#krnl<processor workitem_x>]}
        scf.reduce
      } {krnl.mapping = [#krnl<processor workitem_y>]}
      %cast = memref.cast %viewed : memref<4xf32> to memref<?xf32>
      gpu.return
    }
  }
}
