"builtin.module"() ({
  "tl.func"() <{function_type = (!tl.memref<f32x8x8>, !tl.memref<f32x8x8>) -> (), sym_name = "attribute", work_group_size = array<i32: 4, 2>}> ({
  ^bb0(%arg0: !tl.memref<f32x8x8>, %arg1: !tl.memref<f32x8x8>):
    %0 = "tl.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %1 = "tl.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    "tl.gemm"(%0, %arg0, %arg0, %1, %arg1) <{transA = 0 : i32, transB = 0 : i32}> {schedule = "loop-order=n,m,k matmul=true"} : (f32, !tl.memref<f32x8x8>, !tl.memref<f32x8x8>, f32, !tl.memref<f32x8x8>) -> ()
  }) : () -> ()
}) : () -> ()

