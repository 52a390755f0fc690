// Folding math ops: tl-opt --canonicalize gives the module mlir-opt 22 gives (both printed by mlir-opt in the
// generic form). The C library functions fold for f32 and f64 only; rounding, absolute value, sign copying and
// classification for every float type; integer functions at the bit width. The values here are ones the C
// library and JavaScript agree on to the last bit (see README: transcendental folds may differ by one ulp).
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize

func.func @exact_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %four = arith.constant 4.0 : f32
  %eight = arith.constant 8.0 : f32
  %three = arith.constant 3.0 : f32
  %0 = math.exp %zero : f32
  %1 = math.log %one : f32
  %2 = math.sqrt %four : f32
  %3 = math.exp2 %three : f32
  %4 = math.log2 %eight : f32
  %5 = math.sin %zero : f32
  %6 = math.cos %zero : f32
  %7 = math.tanh %zero : f32
  %8 = math.atan %one : f32
  %9 = math.expm1 %zero : f32
  %10 = math.log1p %zero : f32
  %11 = math.log10 %one : f32
  %12 = math.sqrt %three : f32
  %13 = math.powf %four, %three : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}

func.func @values_f64() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %half = arith.constant 0.5 : f64
  %x = arith.constant -2.5 : f64
  %0 = math.exp %half : f64
  %1 = math.tanh %x : f64
  %2 = math.atan %half : f64
  %3 = math.asin %half : f64
  %4 = math.acos %half : f64
  %5 = math.cosh %half : f64
  %6 = math.log %half : f64
  %7 = math.sqrt %half : f64
  %8 = math.atan2 %half, %x : f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : f64, f64, f64, f64, f64, f64, f64, f64, f64
}

func.func @rounding() -> (f32, f32, f32, f32, f16, f16, f16, bf16, f64, f64, f32, f32) {
  %a = arith.constant -2.5 : f32
  %b = arith.constant 2.5 : f16
  %c = arith.constant 0.49999997 : f32
  %d = arith.constant -0.3 : bf16
  %e = arith.constant 1.5 : f64
  %0 = math.round %a : f32
  %1 = math.roundeven %a : f32
  %2 = math.trunc %a : f32
  %3 = math.floor %a : f32
  %4 = math.ceil %b : f16
  %5 = math.roundeven %b : f16
  %6 = math.floor %b : f16
  %7 = math.ceil %d : bf16
  %8 = math.round %e : f64
  %9 = math.roundeven %e : f64
  %10 = math.round %c : f32
  %11 = math.ceil %a : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f32, f32, f32, f32, f16, f16, f16, bf16, f64, f64, f32, f32
}

func.func @sign(%x: f32) -> (f32, f16, f32, f64, vector<2xf32>, f16, f32) {
  %m = arith.constant -3.5 : f32
  %p = arith.constant 2.0 : f32
  %h = arith.constant -1.0 : f16
  %n = arith.constant 0xFFC00000 : f32
  %z = arith.constant -0.0 : f64
  %v = arith.constant dense<[-1.0, 2.0]> : vector<2xf32>
  %0 = math.absf %m : f32
  %1 = math.absf %h : f16
  %2 = math.copysign %p, %m : f32
  %3 = math.absf %z : f64
  %4 = math.absf %v : vector<2xf32>
  %q = arith.constant 3.0 : f16
  %5 = math.copysign %q, %h : f16
  %6 = math.absf %n : f32
  return %0, %1, %2, %3, %4, %5, %6 : f32, f16, f32, f64, vector<2xf32>, f16, f32
}

// NaNs: an operand NaN comes back quiet; domain errors give the C library's NaN; log, sqrt and log1p of
// negative values, 0 ** negative and the functions of other widths are left alone.
func.func @special() -> (f32, f32, f32, f32, f32, f32, f64, f64, f32, f32, f32, f32, f16, f32, f32, f32, f32) {
  %nan = arith.constant 0x7FC00001 : f32
  %inf = arith.constant 0x7F800000 : f32
  %two = arith.constant 2.0 : f32
  %half = arith.constant 0.5 : f32
  %m1 = arith.constant -1.0 : f32
  %m2 = arith.constant -2.0 : f32
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %dtwo = arith.constant 2.0 : f64
  %h = arith.constant 0.5 : f16
  %0 = math.exp %nan : f32
  %1 = math.acos %two : f32
  %2 = math.acosh %half : f32
  %3 = math.sin %inf : f32
  %4 = math.atanh %m1 : f32
  %5 = math.powf %m1, %half : f32
  %6 = math.asin %dtwo : f64
  %7 = math.atanh %dtwo : f64
  %8 = math.log %m1 : f32
  %9 = math.sqrt %m2 : f32
  %10 = math.log1p %m2 : f32
  %11 = math.log2 %zero : f32
  %12 = math.exp %h : f16
  %13 = math.atan2 %zero, %zero : f32
  %14 = math.powf %nan, %zero : f32
  %15 = math.powf %one, %nan : f32
  %16 = math.tanh %inf : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16 : f32, f32, f32, f32, f32, f32, f64, f64, f32, f32, f32, f32, f16, f32, f32, f32, f32
}

func.func @classification() -> (i1, i1, i1, i1, i1, i1, i1, vector<3xi1>) {
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0xFF800000 : f64
  %sub = arith.constant 1.0e-40 : f32
  %one = arith.constant 1.0 : f16
  %hsub = arith.constant 1.0e-5 : f16
  %v = arith.constant dense<[1.0, 0.0, 0x7F800000]> : vector<3xf32>
  %0 = math.isnan %nan : f32
  %1 = math.isinf %inf : f64
  %2 = math.isfinite %inf : f64
  %3 = math.isnormal %sub : f32
  %4 = math.isnormal %one : f16
  %5 = math.isnormal %hsub : f16
  %6 = math.isfinite %nan : f32
  %7 = math.isnormal %v : vector<3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, i1, vector<3xi1>
}

func.func @integer() -> (i32, i8, i32, i32, i32, i64, i16, i32, i32, i32, i32, vector<2xi32>) {
  %a = arith.constant -5 : i32
  %min = arith.constant -128 : i8
  %b = arith.constant 40 : i32
  %z = arith.constant 0 : i64
  %c = arith.constant 3 : i16
  %two = arith.constant 2 : i32
  %ten = arith.constant 10 : i32
  %m1 = arith.constant -1 : i32
  %m3 = arith.constant -3 : i32
  %v = arith.constant dense<[1, 256]> : vector<2xi32>
  %0 = math.absi %a : i32
  %1 = math.absi %min : i8
  %2 = math.ctlz %b : i32
  %3 = math.cttz %b : i32
  %4 = math.ctpop %a : i32
  %5 = math.ctlz %z : i64
  %6 = math.ipowi %c, %c : i16
  %7 = math.ipowi %two, %ten : i32
  %8 = math.ipowi %m1, %m3 : i32
  %9 = math.ipowi %two, %m1 : i32
  %10 = math.ipowi %ten, %ten : i32
  %11 = math.ctlz %v : vector<2xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i32, i8, i32, i32, i32, i64, i16, i32, i32, i32, i32, vector<2xi32>
}

func.func @no_fold(%x: f32) -> (f32, f32, f32, f32, f32, i32) {
  %c = arith.constant 2.0 : f32
  %i = arith.constant 3 : i32
  %z = arith.constant 0 : i32
  %0 = math.cbrt %c : f32
  %1 = math.rsqrt %c : f32
  %2 = math.fma %c, %c, %c : f32
  %3 = math.fpowi %c, %i : f32, i32
  %s, %co = math.sincos %c : f32
  %4 = math.ipowi %z, %i : i32
  %m = arith.constant -1 : i32
  %5 = math.ipowi %z, %m : i32
  return %0, %1, %2, %3, %s, %5 : f32, f32, f32, f32, f32, i32
}
