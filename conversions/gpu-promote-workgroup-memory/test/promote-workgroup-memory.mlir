// gpu-promote-workgroup-memory: an alloca of a kernel that every work-item reaches alike (outside parallel loops, in
// control flow that does not depend on the work-item) is the work-group's buffer: a workgroup attribution in
// #gpu.address_space<workgroup>, whose views follow it into that address space. Allocas in parallel loops, or under
// control that depends on the work-item, stay each work-item's own.
// RUN: tl-opt %s --gpu-promote-workgroup-memory | FileCheck %s
// RUN: tl-opt %s --gpu-promote-workgroup-memory --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null

module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: gpu.func @tiles(%arg0: memref<16xf32>, %arg1: index)
    // CHECK-SAME:      workgroup(%[[T:.+]] : memref<16x8xf32, strided<[1, 16]>, #gpu.address_space<workgroup>>, %[[L:.+]] : memref<4xi32, #gpu.address_space<workgroup>>)
    // CHECK-SAME:      kernel attributes {known_block_size = array<i32: 4, 2, 1>} {
    // CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : index
    // CHECK-NEXT:    %[[C1:.+]] = arith.constant 1 : index
    // CHECK-NEXT:    %[[C4:.+]] = arith.constant 4 : index
    // CHECK-NEXT:    %[[V:.+]] = memref.cast %[[T]] : memref<16x8xf32, strided<[1, 16]>, #gpu.address_space<workgroup>> to memref<16x8xf32, strided<[1, 16], offset: ?>, #gpu.address_space<workgroup>>
    // CHECK-NEXT:    %[[S:.+]] = memref.subview %[[V]][0, 0] [16, 1] [1, 1] : memref<16x8xf32, strided<[1, 16], offset: ?>, #gpu.address_space<workgroup>> to memref<16xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
    // CHECK-NEXT:    %[[B:.+]], %[[O:.+]], %{{.+}}, %{{.+}} = memref.extract_strided_metadata %[[S]] : memref<16xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>> -> memref<f32, #gpu.address_space<workgroup>>, index, index, index
    // CHECK-NEXT:    scf.for %[[I:.+]] = %[[C0]] to %[[C4]] step %[[C1]] {
    // CHECK-NEXT:      arith.index_cast
    // CHECK-NEXT:      memref.store %{{.+}}, %[[L]][%[[I]]] : memref<4xi32, #gpu.address_space<workgroup>>
    // CHECK-NEXT:    }
    // CHECK-NEXT:    scf.parallel (%[[P:.+]]) = (%[[C0]]) to (%[[C4]]) step (%[[C1]]) {
    // CHECK-NEXT:      %[[PRIV:.+]] = memref.alloca() : memref<2xf32>
    // CHECK:         } {krnl.mapping = [#krnl<processor workitem_x>]}
    // CHECK-NEXT:    %[[TID:.+]] = gpu.thread_id  x
    // CHECK-NEXT:    %[[FIRST:.+]] = arith.cmpi eq, %[[TID]], %[[C0]] : index
    // CHECK-NEXT:    scf.if %[[FIRST]] {
    // CHECK-NEXT:      memref.alloca() : memref<3xf32>
    // CHECK-NEXT:    }
    // CHECK-NEXT:    gpu.return
    gpu.func @tiles(%A: memref<16xf32>, %n: index) kernel attributes {known_block_size = array<i32: 4, 2, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %tile = memref.alloca() : memref<16x8xf32, strided<[1, 16]>>
      %view = memref.cast %tile : memref<16x8xf32, strided<[1, 16]>> to memref<16x8xf32, strided<[1, 16], offset: ?>>
      %col = memref.subview %view[0, 0] [16, 1] [1, 1] : memref<16x8xf32, strided<[1, 16], offset: ?>> to memref<16xf32, strided<[1], offset: ?>>
      %base, %offset, %size, %stride = memref.extract_strided_metadata %col : memref<16xf32, strided<[1], offset: ?>> -> memref<f32>, index, index, index
      scf.for %i = %c0 to %c4 step %c1 {
        // An alloca in a loop every work-item runs alike: one buffer for the kernel.
        %list = memref.alloca() : memref<4xi32>
        %v = arith.index_cast %i : index to i32
        memref.store %v, %list[%i] : memref<4xi32>
      }
      scf.parallel (%p) = (%c0) to (%c4) step (%c1) {
        %private = memref.alloca() : memref<2xf32>
        scf.reduce
      } {krnl.mapping = [#krnl<processor workitem_x>]}
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %mine = memref.alloca() : memref<3xf32>
      }
      gpu.return
    }
  }
}
