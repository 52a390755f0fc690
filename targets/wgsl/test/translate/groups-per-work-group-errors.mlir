// RUN: not tl-translate --mlir-to-wgsl --split-input-file %s 2>&1 | FileCheck %s

// Kernels that need their work-group to themselves cannot run several tl groups per work-group (docs/wgsl.md,
// "Several groups per work-group"): a barrier must be reached by every work-item of the work-group, and the copies
// past the last group return early; workgroup memory would need a copy per group; a subgroup would span two groups.
// Each is a located error naming the option, and no WGSL is written.

// CHECK: groups-per-work-group-errors.mlir:[[@LINE+4]]:5: error: the kernel @barrier cannot run 4 groups per work-group (groups-per-work-group): it has a barrier, which every work-item of the work-group must reach, and the copies past the last group return early
// CHECK-NEXT: {{^}}    gpu.barrier
gpu.module @m {
  gpu.func @barrier(%out: memref<?xf32, strided<[1], offset: ?>>) kernel attributes {groups_per_workgroup = 4 : i32, known_block_size = array<i32: 8, 1, 1>} {
    gpu.barrier
    gpu.return
  }
}

// -----

// CHECK: groups-per-work-group-errors.mlir:[[@LINE+3]]:3: error: the kernel @attribution cannot run 2 groups per work-group (groups-per-work-group): it has workgroup memory (workgroup attributions), which would need a copy per group
// CHECK-NEXT: {{^}}  gpu.func @attribution
gpu.module @m {
  gpu.func @attribution(%out: memref<?xf32, strided<[1], offset: ?>>) workgroup(%tile : memref<8xf32, #gpu.address_space<workgroup>>) kernel attributes {groups_per_workgroup = 2 : i32, known_block_size = array<i32: 8, 1, 1>} {
    gpu.return
  }
}

// -----

// CHECK: groups-per-work-group-errors.mlir:[[@LINE+5]]:10: error: the kernel @reduce cannot run 2 groups per work-group (groups-per-work-group): it has a gpu.all_reduce, which needs workgroup memory and barriers of its own group
gpu.module @m {
  gpu.func @reduce(%out: memref<?xf32, strided<[1], offset: ?>>) kernel attributes {groups_per_workgroup = 2 : i32, known_block_size = array<i32: 8, 1, 1>} {
    %c0 = arith.constant 0 : index
    %x = arith.constant 1.0 : f32
    %s = gpu.all_reduce add %x uniform {} : (f32) -> f32
    memref.store %s, %out[%c0] : memref<?xf32, strided<[1], offset: ?>>
    gpu.return
  }
}

// CHECK-NOT: fn {{[a-z]+}}(
// CHECK-NOT: error
