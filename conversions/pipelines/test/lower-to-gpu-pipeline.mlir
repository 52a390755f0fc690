// The README's main job: `tl-opt examples/kernels/fused-kernel.tl --lower-to-krnl --lower-to-gpu` gives a
// gpu.container_module with a gpu.module of one gpu.func kernel (known_block_size = the work-group size). By default
// tl-to-krnl fuses the sample's two gemms (no alloca left: conversions/tl-to-krnl/test/gemm-fusion.tl); here with
// fuse-gemm=false, the gemms lowered one by one, the kernel's tensor-language alloca is a workgroup attribution, whose gemms' accumulators are each work-item's private scalars
// (allocas in its loops, split by sroa), work dealt by gpu.thread_id, gpu.barrier between the steps that meet in
// memory, and a host function launching it over `groups` work-groups. With staged tiles (copy=true) the tile
// buffers are workgroup attributions too and the accumulators, one buffer of the work-group indexed by the
// work-items, are privatized. MLIR reads it (the generic form: the flow group's ops and type are unknown to mlir-opt).
// RUN: tl-opt %S/../../../examples/kernels/fused-kernel.tl --lower-to-krnl='fuse-gemm=false' --lower-to-gpu --mlir-use-nameloc-as-prefix=false | FileCheck %s
// RUN: tl-opt %S/../../../examples/kernels/fused-kernel.tl --lower-to-krnl='copy=true' --lower-to-gpu --mlir-use-nameloc-as-prefix=false | FileCheck %s --check-prefix=STAGED
// RUN: tl-opt %S/../../../examples/kernels/fused-kernel.tl --lower-to-krnl='copy=true' --lower-to-gpu --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null
// RUN: tl-opt %S/../../../examples/kernels/fused-kernel.tl --lower-to-krnl='fuse-gemm=false' --lower-to-gpu --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null
// RUN: tl-opt %S/../../../examples/kernels/bias-relu.tl --lower-to-krnl --lower-to-gpu | mlir-opt > /dev/null
// RUN: tl-opt %S/../../../examples/kernels/matrix-chain.tl --lower-to-krnl --lower-to-gpu --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null
// The steps of the pipeline, one by one, give the same output.
// RUN: tl-opt %S/../../../examples/kernels/fused-kernel.tl --lower-to-krnl='fuse-gemm=false' --lower-to-gpu -o %t.pipeline
// RUN: tl-opt %S/../../../examples/kernels/fused-kernel.tl --lower-to-krnl='fuse-gemm=false' --convert-krnl-to-scf --canonicalize --cse --flow-outline-kernels --gpu-outline-executables --gpu-promote-workgroup-memory --sroa=max-elements=64 --gpu-map-work-items --gpu-insert-barriers --canonicalize --loop-invariant-code-motion --cse --canonicalize | diff %t.pipeline -

// CHECK:       module attributes {gpu.container_module} {
// CHECK-NEXT:    gpu.module @fused_kernel_dispatch {
// CHECK-NEXT:      gpu.func @fused_kernel(%arg0: f32, %arg1: !flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>>, %arg2: memref<8x8xf32, strided<[1, 8], offset: ?>>, %arg3: memref<8x16xf32, strided<[1, 8], offset: ?>>, %arg4: memref<16x16x?xf32, strided<[1, 16, 256], offset: ?>>)
// CHECK-SAME:        workgroup(%[[TMP:.+]] : memref<16x8xf32, strided<[1, 16]>, #gpu.address_space<workgroup>>)
// CHECK-SAME:        kernel attributes {known_block_size = array<i32: 4, 4, 1>} {
// CHECK:             %[[TX:.+]] = gpu.thread_id  x
// CHECK:             %[[TY:.+]] = gpu.thread_id  y
// CHECK:             %[[BX:.+]] = gpu.block_id  x
// CHECK:             flow.group.load %arg1[%[[BX]]]
// The loads and stores use the attribution itself (a memref.cast in between folds into them).
// CHECK-NOT:         memref.cast %[[TMP]]
// The first gemm: each work-item's 4x4 accumulators and its registers for A and B (4 + 4): 24 scalars of its own,
// A and B loaded from global memory.
// CHECK-NOT:         gpu.barrier
// CHECK-COUNT-24:    memref.alloca() : memref<f32>
// CHECK:             arith.mulf
// It writes the tensor-language alloca, which the second gemm reads after a barrier.
// CHECK:             memref.store %{{.+}}, %[[TMP]][
// CHECK:             gpu.barrier {address_spaces = [#gpu.address_space<workgroup>]}
// CHECK-COUNT-24:    memref.alloca() : memref<f32>
// CHECK:             memref.load %[[TMP]][
// CHECK:             arith.mulf
// CHECK-NOT:         gpu.barrier
// CHECK:             gpu.return
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func @fused_kernel(%arg0: f32, %arg1: !flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>>, %arg2: memref<8x8xf32, strided<[1, 8], offset: ?>>, %arg3: memref<8x16xf32, strided<[1, 8], offset: ?>>, %arg4: memref<16x16x?xf32, strided<[1, 16, 256], offset: ?>>, %arg5: index) {
// CHECK:           gpu.launch_func  @fused_kernel_dispatch::@fused_kernel blocks in (%arg5, %[[ONE:.+]], %[[ONE]]) threads in (%{{.+}}, %{{.+}}, %[[ONE]])  args(%arg0 : f32, %arg1 : !flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>>, %arg2 : memref<8x8xf32, strided<[1, 8], offset: ?>>, %arg3 : memref<8x16xf32, strided<[1, 8], offset: ?>>, %arg4 : memref<16x16x?xf32, strided<[1, 16, 256], offset: ?>>)
// CHECK-NEXT:      return

// Staged tiles: the tile buffers in workgroup memory; the accumulators privatized (16 private scalars per gemm).
// STAGED:       gpu.func @fused_kernel(
// STAGED-SAME:    workgroup(%[[TMP:.+]] : memref<16x8xf32, strided<[1, 16]>, #gpu.address_space<workgroup>>, %{{.+}} : memref<16x8xf32, strided<[1, 16]>, #gpu.address_space<workgroup>>, %{{.+}} : memref<8x8xf32, strided<[1, 8]>, #gpu.address_space<workgroup>>, %{{.+}} : memref<16x8xf32, strided<[1, 16]>, #gpu.address_space<workgroup>>, %{{.+}} : memref<8x16xf32, strided<[1, 8]>, #gpu.address_space<workgroup>>)
// STAGED-SAME:    kernel attributes {known_block_size = array<i32: 4, 4, 1>} {
// STAGED-COUNT-16: memref.alloca() : memref<f32, #gpu.address_space<private>>
// STAGED:         gpu.barrier {address_spaces = [#gpu.address_space<workgroup>]}
// STAGED-COUNT-8: memref.alloca() : memref<f32>
// STAGED:         arith.mulf
// STAGED-COUNT-16: memref.alloca() : memref<f32, #gpu.address_space<private>>
// STAGED:         gpu.barrier {address_spaces = [#gpu.address_space<workgroup>]}
// STAGED:         arith.mulf
// STAGED-NOT:     gpu.barrier {address_spaces = [#gpu.address_space<workgroup>, #gpu.address_space<global>]}
// STAGED:         gpu.return
