// RUN: tl-translate --mlir-to-wgsl --wgsl-features=shader-f16 --split-input-file %s | FileCheck %s

// f16 values with the 'shader-f16' feature: `enable f16;`, f16 literals with the h suffix, conversions, the helper
// functions through f32; the manifest requires the feature. Kernel arguments stay f32 (the runtime has no f16 arrays).

// CHECK: enable f16;
// CHECK: fn tl_maximumf_f16(a: f16, b: f16) -> f16 {
// CHECK-NEXT:   return f16(tl_maximumf_f32(f32(a), f32(b)));
// CHECK-LABEL: fn half(
// CHECK: let thread_id_x = i32(lid.x);
// CHECK-NEXT: let v0 = x[thread_id_x];
// CHECK-NEXT: let v1 = f16(v0);
// CHECK-NEXT: let v2 = v1 * 0.25h;
// CHECK-NEXT: let v3 = tl_maximumf_f16(v2, 0.25h);
// CHECK-NEXT: var alloca: array<f16, 2>;
// CHECK-NEXT: alloca[0i] = v3;
// CHECK-NEXT: let v4 = alloca[0i];
// CHECK-NEXT: let v5 = f32(v4);
// CHECK-NEXT: x[thread_id_x] = v5;
gpu.module @m {
  gpu.func @half(%x: memref<4xf32>, %w: memref<8xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %t = gpu.thread_id x
    %quarter = arith.constant 0.25 : f16
    %v = memref.load %x[%t] : memref<4xf32>
    %h = arith.truncf %v : f32 to f16
    %s = arith.mulf %h, %quarter : f16
    %m = arith.maximumf %s, %quarter : f16
    %tmp = memref.alloca() : memref<2xf16>
    %c0 = arith.constant 0 : index
    memref.store %m, %tmp[%c0] : memref<2xf16>
    %r = memref.load %tmp[%c0] : memref<2xf16>
    %back = arith.extf %r : f16 to f32
    memref.store %back, %x[%t] : memref<4xf32>
    gpu.return
  }
}
