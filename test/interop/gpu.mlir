// gpu: every op of the gpu dialect (kernels in a gpu.module launched by the host with launch_func, an inline
// gpu.launch, the id ops, barrier, shuffle, all_reduce, subgroup_reduce, the memory ops with async tokens, printf,
// set_default_device, host_register, the MMA ops), its types and attributes (address spaces as memory spaces, the
// device-mapping attributes of scf.forall).
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// tl-opt reads mlir-opt's custom and generic forms and prints them as mlir-opt does:
// RUN: tl-opt --allow-unregistered-dialect %t.ref | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %t.ref.generic | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref | diff %t.ref.generic -
// mlir-opt reads tl-opt's custom and generic forms to the same module:
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tlir
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.tlir.generic
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir | diff %t.ref -
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir.generic | diff %t.ref -
// The same with locations, in both forms:
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.ref.loc | diff %t.ref.loc -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.tlir.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.tlir.loc | diff %t.ref.loc -
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.ref.gloc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.ref.gloc | diff %t.ref.gloc -

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
    // A tiled kernel: workgroup and private attributions, barriers between the phases.
    gpu.func @tile(%in: memref<?xf32>, %out: memref<?xf32>, %alpha: f32)
        workgroup(%tile: memref<64xf32, #gpu.address_space<workgroup>>)
        private(%acc: memref<1xf32, #gpu.address_space<private>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %gd = gpu.grid_dim x
      %gid = gpu.global_id x upper_bound 1048576
      %v = memref.load %in[%gid] : memref<?xf32>
      memref.store %v, %tile[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c63 = arith.constant 63 : index
      %mirror = arith.subi %c63, %tx : index
      %w = memref.load %tile[%mirror] : memref<64xf32, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      memref.store %w, %acc[%c0] : memref<1xf32, #gpu.address_space<private>>
      %a = memref.load %acc[%c0] : memref<1xf32, #gpu.address_space<private>>
      %s = arith.mulf %a, %alpha : f32
      %sum = gpu.all_reduce add %s uniform {} : (f32) -> (f32)
      %max = gpu.all_reduce %s {
      ^bb0(%l: f32, %r: f32):
        %m = arith.maximumf %l, %r : f32
        gpu.yield %m : f32
      } : (f32) -> (f32)
      %lane = gpu.lane_id
      %sg = gpu.subgroup_id : index
      %nsg = gpu.num_subgroups : index
      %sgs = gpu.subgroup_size upper_bound 128 : index
      %c1_i32 = arith.constant 1 : i32
      %c32_i32 = arith.constant 32 : i32
      %x, %ok = gpu.shuffle xor %sum, %c1_i32, %c32_i32 : f32
      %d, %okd = gpu.shuffle down %max, %c1_i32, %c32_i32 : f32
      %u, %oku = gpu.shuffle up %x, %c1_i32, %c32_i32 : f32
      %i, %oki = gpu.shuffle idx %d, %c1_i32, %c32_i32 : f32
      %red = gpu.subgroup_reduce add %i cluster(size = 4, stride = 2) : (f32) -> f32
      %redu = gpu.subgroup_reduce maxnumf %u uniform : (f32) -> f32
      %res = arith.addf %red, %redu : f32
      memref.store %res, %out[%gid] : memref<?xf32>
      gpu.printf "block %ld thread %ld lane %ld of %ld: %f\n", %bx, %tx, %lane, %sgs, %res : index, index, index, index, f32
      "t.use"(%bd, %gd, %sg, %nsg, %ok, %okd, %oku, %oki) : (index, index, index, index, i1, i1, i1, i1) -> ()
      gpu.return
    }
    // A device function and the cluster queries.
    gpu.func @helper(%v: f32) -> f32 {
      %cid = gpu.cluster_id y
      %cdim = gpu.cluster_dim z
      %cbid = gpu.cluster_block_id x
      %cdb = gpu.cluster_dim_blocks y
      "t.use"(%cid, %cdim, %cbid, %cdb) : (index, index, index, index) -> ()
      gpu.return %v : f32
    }
    // Subgroup matrix multiply-accumulate.
    gpu.func @mma(%a: memref<16x16xf16>, %b: memref<16x16xf16>, %c: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %ma = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %mb = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 16 : index, transpose} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %mc = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
      %md = gpu.subgroup_mma_compute %ma, %mb, %mc {b_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      %me = gpu.subgroup_mma_elementwise maxf %md, %mc : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.subgroup_mma_store_matrix %me, %c[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
      gpu.return
    }
  }

  func.func @host(%host: memref<*xf32>, %n: index, %alpha: f32, %blocks: index, %dev: i32) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.set_default_device %dev
    gpu.host_register %host : memref<*xf32>
    %t0 = gpu.wait async
    %in, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %out, %t2 = gpu.alloc async [%t0] host_shared (%n) : memref<?xf32>
    %t3 = gpu.memset async [%t1] %in, %alpha : memref<?xf32>, f32
    %t4 = gpu.launch_func async [%t2, %t3] @kernels::@tile blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>, %alpha : f32)
    %t5 = gpu.memcpy async [%t4] %in, %out : memref<?xf32>, memref<?xf32>
    %t6 = gpu.dealloc async [%t5] %out : memref<?xf32>
    gpu.wait [%t6]
    gpu.dealloc %in : memref<?xf32>
    gpu.host_unregister %host : memref<*xf32>
    return
  }

  func.func @launch_mma(%a: memref<16x16xf16>, %b: memref<16x16xf16>, %c: memref<16x16xf32>, %size: i32) {
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    gpu.launch_func @kernels::@mma clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) : i32
        dynamic_shared_memory_size %size args(%a : memref<16x16xf16>, %b : memref<16x16xf16>, %c : memref<16x16xf32>)
    return
  }
}

// An inline kernel.
func.func @inline(%m: memref<?xf32>, %n: index, %t: !gpu.async.token, %s: i32) -> !gpu.async.token {
  %c1 = arith.constant 1 : index
  %tok = gpu.launch async [%t] blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) dynamic_shared_memory_size %s
      workgroup(%w: memref<1xf32, 3>) private(%p: memref<1xf32, 5>) {
    %v = memref.load %m[%bx] : memref<?xf32>
    memref.store %v, %w[%tx] : memref<1xf32, 3>
    gpu.barrier
    gpu.terminator
  } {kernelFunc = @inline_kernel}
  return %tok : !gpu.async.token
}

// The device-mapping attributes of scf.forall and a gpu memory space.
func.func @mapped(%m: memref<4x4xf32, #gpu.address_space<global>>) {
  scf.forall (%i, %j) in (4, 4) {
    %v = memref.load %m[%i, %j] : memref<4x4xf32, #gpu.address_space<global>>
    memref.store %v, %m[%j, %i] : memref<4x4xf32, #gpu.address_space<global>>
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  scf.forall (%i) in (4) {
  } {mapping = [#gpu.block<linear_dim_0>]}
  "t.attrs"() {a = #gpu.warp<z>, b = #gpu.warpgroup<x>, c = #gpu.lane<y>, d = #gpu.memory_space<workgroup>, e = #gpu<dim y>, f = #gpu<shuffle_mode up>, g = #gpu<all_reduce_op minsi>, h = #gpu<mma_element_wise divu>} : () -> ()
  return
}
