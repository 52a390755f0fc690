// math dialect: unary and binary float ops with and without fast-math flags, integer math ops, fma, fpowi,
// on scalars, vectors and tensors.
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref -o %t.tl
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t.tl -o %t.back
// RUN: diff %t.ref %t.back
// RUN: diff %t.ref %t.tl
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.ref.loc -o %t.tl.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.tl.loc -o %t.back.loc
// RUN: diff %t.ref.loc %t.back.loc
// RUN: diff %t.ref.loc %t.tl.loc

func.func @unary(%x: f32, %d: f64, %h: f16) -> f32 {
  %0 = math.absf %x : f32
  %1 = math.sqrt %0 : f32
  %2 = math.rsqrt %1 : f32
  %3 = math.exp %2 : f32
  %4 = math.exp2 %3 : f32
  %5 = math.expm1 %4 : f32
  %6 = math.log %5 : f32
  %7 = math.log2 %6 : f32
  %8 = math.log10 %7 : f32
  %9 = math.log1p %8 : f32
  %10 = math.sin %9 : f32
  %11 = math.cos %10 : f32
  %12 = math.tan %11 : f32
  %13 = math.tanh %12 : f32
  %14 = math.atan %13 : f32
  %15 = math.asin %14 : f32
  %16 = math.acos %15 : f32
  %17 = math.sinh %16 : f32
  %18 = math.cosh %17 : f32
  %19 = math.erf %18 : f32
  %20 = math.erfc %19 : f32
  %21 = math.ceil %20 : f32
  %22 = math.floor %21 : f32
  %23 = math.round %22 : f32
  %24 = math.roundeven %23 : f32
  %25 = math.trunc %24 : f32
  %26 = math.cbrt %25 : f32
  %27 = math.sqrt %26 fastmath<fast> : f32
  %28 = math.exp %27 fastmath<nnan,ninf> : f32
  %29 = math.sin %d fastmath<afn> : f64
  %30 = math.cos %h : f16
  %31 = math.isnan %x : f32
  %32 = math.isinf %x : f32
  %33 = math.isfinite %x : f32
  %34 = math.isnormal %x : f32
  return %28 : f32
}

func.func @binary(%x: f32, %y: f32, %z: f32, %i: i32) -> f32 {
  %0 = math.powf %x, %y : f32
  %1 = math.atan2 %0, %y : f32
  %2 = math.copysign %1, %y : f32
  %3 = math.fma %x, %y, %2 : f32
  %4 = math.fma %x, %y, %3 fastmath<contract> : f32
  %5 = math.fpowi %4, %i : f32, i32
  %6 = math.powf %5, %z fastmath<reassoc> : f32
  return %6 : f32
}

func.func @integer(%a: i32, %b: i32, %v: vector<4xi16>) -> i32 {
  %0 = math.absi %a : i32
  %1 = math.ctlz %0 : i32
  %2 = math.cttz %1 : i32
  %3 = math.ctpop %2 : i32
  %4 = math.ipowi %3, %b : i32
  %5 = math.ctpop %v : vector<4xi16>
  return %4 : i32
}

func.func @shaped(%v: vector<8xf32>, %t: tensor<?x4xf64>, %s: vector<[4]xf32>) -> vector<8xf32> {
  %0 = math.exp %v : vector<8xf32>
  %1 = math.tanh %t : tensor<?x4xf64>
  %2 = math.fma %v, %v, %0 : vector<8xf32>
  %3 = math.sqrt %s : vector<[4]xf32>
  %4 = math.isnan %v : vector<8xf32>
  return %2 : vector<8xf32>
}
