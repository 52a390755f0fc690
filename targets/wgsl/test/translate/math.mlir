// RUN: tl-translate --mlir-to-wgsl --split-input-file %s | FileCheck %s

// The math dialect: WGSL builtins where they mean the same; helpers for C's pow, erf, cbrt, round (half away from
// zero), log1p, expm1, copysign and the classifications; square-and-multiply for integer powers.

// CHECK-DAG: fn tl_powf_f32(a: f32, b: f32) -> f32 {
// CHECK-DAG: fn tl_round_f32(a: f32) -> f32 {
// CHECK-DAG: fn tl_erf_f32(a: f32) -> f32 {
// CHECK-LABEL: fn functions(
// CHECK: let x = params.x;
// CHECK-NEXT: let y = params.y;
// CHECK-NEXT: let n = params.n;
// CHECK-NEXT: let v0 = abs(x);
// CHECK-NEXT: let v1 = sqrt(v0);
// CHECK-NEXT: let v2 = inverseSqrt(v1);
// CHECK-NEXT: let v3 = exp(v2);
// CHECK-NEXT: let v4 = exp2(v3);
// CHECK-NEXT: let v5 = tl_expm1_f32(v4);
// CHECK-NEXT: let v6 = log(v5);
// CHECK-NEXT: let v7 = log2(v6);
// CHECK-NEXT: let v8 = log2(v7) * 0.30102999566398120;
// CHECK-NEXT: let v9 = tl_log1p_f32(v8);
// CHECK-NEXT: let v10 = sin(v9);
// CHECK-NEXT: let v11 = cos(v10);
// CHECK-NEXT: let v12 = tan(v11);
// CHECK-NEXT: let v13 = tanh(v12);
// CHECK-NEXT: let v14 = atan2(v13, y);
// CHECK-NEXT: let v15 = tl_powf_f32(v14, y);
// CHECK-NEXT: let v16 = tl_powf_f32(v15, f32(n));
// CHECK-NEXT: let v17 = tl_cbrt_f32(v16);
// CHECK-NEXT: let v18 = tl_erf_f32(v17);
// CHECK-NEXT: let v19 = tl_copysign_f32(v18, y);
// CHECK-NEXT: let v20 = floor(v19);
// CHECK-NEXT: let v21 = ceil(v20);
// CHECK-NEXT: let v22 = tl_round_f32(v21);
// CHECK-NEXT: let v23 = round(v22);
// CHECK-NEXT: let v24 = trunc(v23);
// CHECK-NEXT: let v25 = fma(v24, x, y);
// CHECK-NEXT: let v26 = min(max(v25, x), y);
// CHECK-NEXT: let v27 = tl_isnan_f32(v26);
// CHECK-NEXT: let v28 = tl_isfinite_f32(v26);
// CHECK-NEXT: let v29 = v27 & v28;
// CHECK-NEXT: var power = 1i;
// CHECK-NEXT: if (n < 0i) {
// CHECK-NEXT: power = select(0i, select(-1i, 1i, n == 1i || (n & 1i) == 0i), n == 1i || n == -1i);
// CHECK-NEXT: } else {
// CHECK-NEXT: var power_base = n;
// CHECK-NEXT: var power_exponent = n;
// CHECK-NEXT: while (power_exponent != 0i) {
// CHECK-NEXT: if ((power_exponent & 1i) != 0i) { power = power * power_base; }
// CHECK-NEXT: power_base = power_base * power_base;
// CHECK-NEXT: power_exponent = power_exponent >> 1u;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: let v30 = power;
// CHECK-NEXT: let v31 = abs(v30);
// CHECK-NEXT: let v32 = countLeadingZeros(v31);
// CHECK-NEXT: let v33 = countTrailingZeros(v32);
// CHECK-NEXT: let v34 = countOneBits(v33);
// CHECK-NEXT: let v35 = select(x, v26, v29);
// CHECK-NEXT: out[0i] = v35;
// CHECK-NEXT: ints[0i] = v34;
gpu.module @m {
  gpu.func @functions(%x: f32, %y: f32, %n: i32, %out: memref<32xf32>, %ints: memref<8xi32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c = arith.constant 0 : index
    %a0 = math.absf %x : f32
    %a1 = math.sqrt %a0 : f32
    %a2 = math.rsqrt %a1 : f32
    %a3 = math.exp %a2 : f32
    %a4 = math.exp2 %a3 : f32
    %a5 = math.expm1 %a4 : f32
    %a6 = math.log %a5 : f32
    %a7 = math.log2 %a6 : f32
    %a8 = math.log10 %a7 : f32
    %a9 = math.log1p %a8 : f32
    %b0 = math.sin %a9 : f32
    %b1 = math.cos %b0 : f32
    %b2 = math.tan %b1 : f32
    %b3 = math.tanh %b2 : f32
    %b4 = math.atan2 %b3, %y : f32
    %b5 = math.powf %b4, %y : f32
    %b6 = math.fpowi %b5, %n : f32, i32
    %b7 = math.cbrt %b6 : f32
    %b8 = math.erf %b7 : f32
    %b9 = math.copysign %b8, %y : f32
    %c0 = math.floor %b9 : f32
    %c1 = math.ceil %c0 : f32
    %c2 = math.round %c1 : f32
    %c3 = math.roundeven %c2 : f32
    %c4 = math.trunc %c3 : f32
    %c5 = math.fma %c4, %x, %y : f32
    %c6 = math.clampf %c5 to [%x, %y] : f32
    %d0 = math.isnan %c6 : f32
    %d1 = math.isfinite %c6 : f32
    %d2 = arith.andi %d0, %d1 : i1
    %i0 = math.ipowi %n, %n : i32
    %i1 = math.absi %i0 : i32
    %i2 = math.ctlz %i1 : i32
    %i3 = math.cttz %i2 : i32
    %i4 = math.ctpop %i3 : i32
    %r = arith.select %d2, %c6, %x : f32
    memref.store %r, %out[%c] : memref<32xf32>
    memref.store %i4, %ints[%c] : memref<8xi32>
    gpu.return
  }
}
