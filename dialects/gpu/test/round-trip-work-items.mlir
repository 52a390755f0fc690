// gpu dialect, what work-items compute: the id ops, barrier, shuffle, all_reduce, subgroup_reduce and yield in
// custom and generic form round-trip, and print exactly as mlir-opt 22 prints them.
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tlir
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: diff %t.ref %t.tlir
// RUN: tl-opt --allow-unregistered-dialect %t.tlir | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.tlir.generic
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// RUN: diff %t.ref.generic %t.tlir.generic
// RUN: tl-opt --allow-unregistered-dialect %t.tlir.generic | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.tlir.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: diff %t.ref.loc %t.tlir.loc

gpu.module @m {
  // CHECK-LABEL: gpu.func @ids()
  // CHECK-NEXT: %thread_id_x = gpu.thread_id  x
  // CHECK-NEXT: %thread_id_y = gpu.thread_id  y upper_bound 4
  // CHECK-NEXT: %thread_id_z = gpu.thread_id  z
  // CHECK-NEXT: %block_id_x = gpu.block_id  x
  // CHECK-NEXT: %block_dim_y = gpu.block_dim  y
  // CHECK-NEXT: %grid_dim_z = gpu.grid_dim  z upper_bound 65535
  // CHECK-NEXT: %global_id_x = gpu.global_id  x upper_bound 65536
  // CHECK-NEXT: %cluster_id_x = gpu.cluster_id  x
  // CHECK-NEXT: %cluster_dim_y = gpu.cluster_dim  y
  // CHECK-NEXT: %cluster_block_id_z = gpu.cluster_block_id  z
  // CHECK-NEXT: %cluster_dim_blocks_x = gpu.cluster_dim_blocks  x
  // CHECK-NEXT: %{{[0-9]+}} = gpu.lane_id
  // CHECK-NEXT: %{{[0-9]+}} = gpu.lane_id upper_bound 32
  // CHECK-NEXT: %{{[0-9]+}} = gpu.subgroup_id : index
  // CHECK-NEXT: %{{[0-9]+}} = gpu.subgroup_id upper_bound 8 : index
  // CHECK-NEXT: %{{[0-9]+}} = gpu.num_subgroups : index
  // CHECK-NEXT: %{{[0-9]+}} = gpu.num_subgroups upper_bound 8 : index
  // CHECK-NEXT: %{{[0-9]+}} = gpu.subgroup_size : index
  // CHECK-NEXT: %{{[0-9]+}} = gpu.subgroup_size upper_bound 64 : index
  // CHECK-NEXT: %thread_id_x_0 = gpu.thread_id  x {t.tag}
  gpu.func @ids() {
    %0 = gpu.thread_id x
    %1 = gpu.thread_id y upper_bound 4
    %2 = gpu.thread_id z
    %3 = gpu.block_id x
    %4 = gpu.block_dim y
    %5 = gpu.grid_dim z upper_bound 65535
    %6 = gpu.global_id x upper_bound 65536
    %7 = gpu.cluster_id x
    %8 = gpu.cluster_dim y
    %9 = gpu.cluster_block_id z
    %10 = gpu.cluster_dim_blocks x
    %11 = gpu.lane_id
    %12 = gpu.lane_id upper_bound 32
    %13 = gpu.subgroup_id : index
    %14 = gpu.subgroup_id upper_bound 8 : index
    %15 = gpu.num_subgroups : index
    %16 = gpu.num_subgroups upper_bound 8 : index
    %17 = gpu.subgroup_size : index
    %18 = gpu.subgroup_size upper_bound 64 : index
    %19 = gpu.thread_id x {t.tag}
    "t.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19) : (index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> ()
    gpu.return
  }

  // CHECK-LABEL: gpu.func @collectives(
  gpu.func @collectives(%f: f32, %i: i32, %v: vector<4xf16>, %o: i32, %w: i32) {
    // CHECK-NEXT: gpu.barrier
    // CHECK-NEXT: gpu.barrier {t.tag}
    gpu.barrier
    gpu.barrier {t.tag}
    // CHECK-NEXT: %shuffleResult, %valid = gpu.shuffle  xor %arg0, %arg3, %arg4 : f32
    // CHECK-NEXT: %shuffleResult_0, %valid_1 = gpu.shuffle  down %arg1, %arg3, %arg4 : i32
    // CHECK-NEXT: %shuffleResult_2, %valid_3 = gpu.shuffle  up %arg2, %arg3, %arg4 : vector<4xf16>
    // CHECK-NEXT: %shuffleResult_4, %valid_5 = gpu.shuffle  idx %arg0, %arg3, %arg4 {t.tag} : f32
    %s0, %ok0 = gpu.shuffle xor %f, %o, %w : f32
    %s1, %ok1 = gpu.shuffle down %i, %o, %w : i32
    %s2, %ok2 = gpu.shuffle up %v, %o, %w : vector<4xf16>
    %s3, %ok3 = gpu.shuffle idx %f, %o, %w {t.tag} : f32
    // CHECK-NEXT: %{{.*}} = gpu.all_reduce  add %arg0 {
    // CHECK-NEXT: } : (f32) -> f32
    // CHECK-NEXT: %{{.*}} = gpu.all_reduce  maxsi %arg1 uniform {
    // CHECK-NEXT: } : (i32) -> i32
    %r0 = gpu.all_reduce add %f {} : (f32) -> (f32)
    %r1 = gpu.all_reduce maxsi %i uniform {} : (i32) -> (i32)
    // CHECK-NEXT: %{{.*}} = gpu.all_reduce  %arg0 {
    // CHECK-NEXT: ^bb0(%arg5: f32, %arg6: f32):
    // CHECK-NEXT:   %{{.*}} = arith.addf %arg5, %arg6 : f32
    // CHECK-NEXT:   gpu.yield %{{.*}} : f32
    // CHECK-NEXT: } {t.tag} : (f32) -> f32
    %r2 = gpu.all_reduce %f {
    ^bb(%lhs: f32, %rhs: f32):
      %sum = arith.addf %lhs, %rhs : f32
      gpu.yield %sum : f32
    } {t.tag} : (f32) -> (f32)
    %r3 = gpu.all_reduce minimumf %f {} : (f32) -> (f32)
    %r4 = gpu.all_reduce xor %i {} : (i32) -> (i32)
    // CHECK: %{{.*}} = gpu.subgroup_reduce  add %arg0 : (f32) -> f32
    // CHECK-NEXT: %{{.*}} = gpu.subgroup_reduce  mul %arg2 uniform : (vector<4xf16>) -> vector<4xf16>
    // CHECK-NEXT: %{{.*}} = gpu.subgroup_reduce  minui %arg1 cluster(size = 4) : (i32) -> i32
    // CHECK-NEXT: %{{.*}} = gpu.subgroup_reduce  maxnumf %arg0 uniform cluster(size = 8, stride = 2) {t.tag} : (f32) -> f32
    // CHECK-NEXT: %{{.*}} = gpu.subgroup_reduce  and %arg1 cluster(size = 2) : (i32) -> i32
    %q0 = gpu.subgroup_reduce add %f : (f32) -> f32
    %q1 = gpu.subgroup_reduce mul %v uniform : (vector<4xf16>) -> vector<4xf16>
    %q2 = gpu.subgroup_reduce minui %i cluster(size = 4) : (i32) -> i32
    %q3 = gpu.subgroup_reduce maxnumf %f uniform cluster(size = 8, stride = 2) {t.tag} : (f32) -> f32
    %q4 = gpu.subgroup_reduce and %i cluster(size = 2, stride = 1) : (i32) -> i32
    "t.use"(%s0, %s1, %s2, %s3, %r0, %r1, %r2, %r3, %r4, %q0, %q1, %q2, %q3, %q4) : (f32, i32, vector<4xf16>, f32, f32, i32, f32, f32, i32, f32, vector<4xf16>, i32, f32, i32) -> ()
    gpu.return
  }
}

// gpu.yield outside gpu ops (it has no parent constraint), with and without operands.
// CHECK-LABEL: "t.region"
// CHECK-NEXT: gpu.yield %{{.*}}, %{{.*}} : i32, f32
// CHECK: gpu.yield{{$}}
%a, %b = "t.def"() : () -> (i32, f32)
"t.region"() ({
  gpu.yield %a, %b : i32, f32
}, {
  gpu.yield
}) : () -> ()
