// RUN: tl-translate --mlir-to-wgsl --split-input-file --wgsl-features=subgroups %s | FileCheck %s

// Ids: thread ids from local_invocation_id, the block id and grid size from the linear numbering of work-groups
// the prologue computes (the host folds large grids into y and z); block_dim is the known work-group size.
// Workgroup attributions are module-scope var<workgroup> arrays; barriers order the memory their address_spaces
// name (all the kernel's memory without the attribute).

// CHECK: var<workgroup> arg1: array<f32, 16>;
// CHECK: @compute @workgroup_size(8, 2, 1)
// CHECK-LABEL: fn ids(
// CHECK: let thread_id_x = i32(lid.x);
// CHECK-NEXT: let thread_id_y = i32(lid.y);
// CHECK-NEXT: let global_id_x = group_id * 8i + i32(lid.x);
// CHECK-NEXT: let v0 = thread_id_y * 8i;
// CHECK-NEXT: let v1 = v0 + thread_id_x;
// CHECK-NEXT: let v3 = f32(global_id_x);
// CHECK-NEXT: arg1[v1] = v3;
// CHECK-NEXT: workgroupBarrier();
// CHECK-NEXT: let v4 = arg1[thread_id_x];
// CHECK-NEXT: let v5 = group_count * group_id;
// CHECK-NEXT: let v6 = v5 + v1;
// CHECK-NEXT: out[params.out_offset + v6] = v4;
// CHECK-NEXT: storageBarrier();
// CHECK-NEXT: storageBarrier();
// CHECK-NEXT: workgroupBarrier();
gpu.module @m {
  gpu.func @ids(%out: memref<?xf32, strided<[1], offset: ?>>) workgroup(%tile: memref<16xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 8, 2, 1>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %nx = gpu.grid_dim x
    %dx = gpu.block_dim x
    %gx = gpu.global_id x
    %row = arith.muli %ty, %dx : index
    %t = arith.addi %row, %tx : index
    %f = arith.index_cast %gx : index to i32
    %v = arith.sitofp %f : i32 to f32
    memref.store %v, %tile[%t] : memref<16xf32, #gpu.address_space<workgroup>>
    gpu.barrier {address_spaces = [#gpu.address_space<workgroup>]}
    %w = memref.load %tile[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
    %n = arith.muli %nx, %bx : index
    %at = arith.addi %n, %t : index
    memref.store %w, %out[%at] : memref<?xf32, strided<[1], offset: ?>>
    gpu.barrier {address_spaces = [#gpu.address_space<global>]}
    gpu.barrier
    gpu.return
  }
}

// -----

// gpu.all_reduce: a tree in workgroup memory with a barrier per step; the result is read with
// workgroupUniformLoad, so control flow may depend on it.

// CHECK: var<workgroup> tl_all_reduce_f32: array<f32, 12>;
// CHECK-LABEL: fn reduce(
// CHECK: let thread_id_x = i32(lid.x);
// CHECK-NEXT: let v0 = x[thread_id_x];
// CHECK-NEXT: tl_all_reduce_f32[lindex] = v0;
// CHECK-NEXT: workgroupBarrier();
// CHECK-NEXT: for (var reduce_step = 8u; reduce_step > 0u; reduce_step = reduce_step / 2u) {
// CHECK-NEXT: if (lindex < reduce_step && lindex + reduce_step < 12u) {
// CHECK-NEXT: tl_all_reduce_f32[lindex] = tl_all_reduce_f32[lindex] + tl_all_reduce_f32[lindex + reduce_step];
// CHECK-NEXT: }
// CHECK-NEXT: workgroupBarrier();
// CHECK-NEXT: }
// CHECK-NEXT: let v1 = workgroupUniformLoad(&tl_all_reduce_f32[0]);
// CHECK-NEXT: workgroupBarrier();
// CHECK-NEXT: tl_all_reduce_f32[lindex] = v1;
// CHECK-NEXT: workgroupBarrier();
// CHECK-NEXT: for (var reduce_step_1 = 8u; reduce_step_1 > 0u; reduce_step_1 = reduce_step_1 / 2u) {
// CHECK-NEXT: if (lindex < reduce_step_1 && lindex + reduce_step_1 < 12u) {
// CHECK-NEXT: tl_all_reduce_f32[lindex] = tl_maxnumf_f32(tl_all_reduce_f32[lindex], tl_all_reduce_f32[lindex + reduce_step_1]);
// CHECK-NEXT: }
// CHECK-NEXT: workgroupBarrier();
// CHECK-NEXT: }
// CHECK-NEXT: let v2 = workgroupUniformLoad(&tl_all_reduce_f32[0]);
// CHECK-NEXT: workgroupBarrier();
// CHECK-NEXT: let v3 = thread_id_x == 0i;
// CHECK-NEXT: if (v3) {
// CHECK-NEXT: out[0i] = v2;
// CHECK-NEXT: }
gpu.module @m {
  gpu.func @reduce(%x: memref<12xf32>, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 12, 1, 1>} {
    %c0 = arith.constant 0 : index
    %t = gpu.thread_id x
    %v = memref.load %x[%t] : memref<12xf32>
    %s = gpu.all_reduce add %v uniform {} : (f32) -> f32
    %m = gpu.all_reduce maxnumf %s uniform {} : (f32) -> f32
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      memref.store %m, %out[%c0] : memref<1xf32>
    }
    gpu.return
  }
}

// -----

// Subgroup ops need the 'subgroups' feature (--wgsl-features=subgroups): `enable subgroups;` and the subgroup
// builtins; the manifest lists the feature as required.

// CHECK: enable subgroups;
// CHECK-LABEL: fn subgroups(
// CHECK: let thread_id_x = i32(lid.x);
// CHECK-NEXT: let v0 = i32(sg_lane);
// CHECK-NEXT: let v1 = i32(sg_size);
// CHECK-NEXT: let v2 = i32(lindex / sg_size);
// CHECK-NEXT: let v3 = x[thread_id_x];
// CHECK-NEXT: let v4 = subgroupAdd(v3);
// CHECK-NEXT: let shuffleResult = subgroupShuffleXor(v4, u32(1i));
// CHECK-NEXT: let valid = (sg_lane ^ u32(1i)) < u32(v1);
// CHECK-NEXT: let v6 = select(v4, shuffleResult, valid);
// CHECK-NEXT: out[thread_id_x] = v6;
gpu.module @m {
  gpu.func @subgroups(%x: memref<64xf32>, %out: memref<64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %t = gpu.thread_id x
    %lane = gpu.lane_id
    %size = gpu.subgroup_size : index
    %sg = gpu.subgroup_id : index
    %v = memref.load %x[%t] : memref<64xf32>
    %s = gpu.subgroup_reduce add %v : (f32) -> f32
    %one = arith.constant 1 : i32
    %w = arith.index_cast %size : index to i32
    %u, %valid = gpu.shuffle xor %s, %one, %w : f32
    %r = arith.select %valid, %u, %s : f32
    memref.store %r, %out[%t] : memref<64xf32>
    gpu.return
  }
}
