// math dialect interop with mlir-opt 22, both ways: what tl-opt prints (custom or generic) mlir-opt reads to the
// same module, and tl-opt reads what mlir-opt prints; with and without locations.
// RUN: mlir-opt %s -o %t.ref
// RUN: mlir-opt --mlir-print-op-generic %s -o %t.ref.generic
// tl-opt reads mlir-opt's custom and generic forms and prints them as mlir-opt does:
// RUN: tl-opt %t.ref | diff %t.ref -
// RUN: tl-opt %t.ref.generic | diff %t.ref -
// RUN: tl-opt --mlir-print-op-generic %t.ref | diff %t.ref.generic -
// mlir-opt reads tl-opt's custom and generic forms to the same module:
// RUN: tl-opt %s -o %t.tlir
// RUN: tl-opt --mlir-print-op-generic %s -o %t.tlir.generic
// RUN: mlir-opt %t.tlir | diff %t.ref -
// RUN: mlir-opt %t.tlir.generic | diff %t.ref -
// The same with locations:
// RUN: mlir-opt --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: tl-opt --mlir-print-debuginfo %t.ref.loc | diff %t.ref.loc -
// RUN: tl-opt --mlir-print-debuginfo %s -o %t.tlir.loc
// RUN: mlir-opt --mlir-print-debuginfo %t.tlir.loc | diff %t.ref.loc -

// gelu(x) = 0.5 x (1 + erf(x / sqrt(2))), elementwise on a tensor.
func.func @gelu(%x: tensor<?x128xf32>, %half: tensor<?x128xf32>, %one: tensor<?x128xf32>, %rs2: tensor<?x128xf32>) -> tensor<?x128xf32> {
  %0 = arith.mulf %x, %rs2 : tensor<?x128xf32>
  %1 = math.erf %0 : tensor<?x128xf32>
  %2 = arith.addf %1, %one : tensor<?x128xf32>
  %3 = arith.mulf %x, %half fastmath<contract> : tensor<?x128xf32>
  %4 = arith.mulf %3, %2 fastmath<contract> : tensor<?x128xf32>
  return %4 : tensor<?x128xf32>
}

// A numerically stable softplus and log-sum-exp step on vectors.
func.func @softplus(%x: vector<8xf32>, %m: vector<8xf32>) -> (vector<8xf32>, vector<8xi1>) {
  %0 = math.absf %x : vector<8xf32>
  %1 = arith.negf %0 : vector<8xf32>
  %2 = math.exp %1 fastmath<afn> : vector<8xf32>
  %3 = math.log1p %2 : vector<8xf32>
  %4 = arith.maximumf %x, %m : vector<8xf32>
  %5 = arith.addf %4, %3 : vector<8xf32>
  %6 = math.isnan %5 : vector<8xf32>
  %7 = math.isinf %5 {fastmath = #arith.fastmath<nnan>} : vector<8xf32>
  %8 = arith.ori %6, %7 : vector<8xi1>
  return %5, %8 : vector<8xf32>, vector<8xi1>
}

// Scalar functions of f64 and f16, rounding and sign.
func.func @scalars(%d: f64, %h: f16, %n: i32) -> (f64, f16, f64, f16) {
  %0 = math.sin %d : f64
  %1 = math.cos %d : f64
  %s, %c = math.sincos %d : f64
  %2 = math.atan2 %0, %1 : f64
  %3 = math.powf %2, %s fastmath<fast> : f64
  %4 = math.fpowi %3, %n : f64, i32
  %5 = math.fma %4, %c, %d : f64
  %6 = math.copysign %5, %d : f64
  %7 = math.roundeven %h : f16
  %8 = math.clampf %7 to [%h, %h] : f16
  %9 = math.tanh %8 : f16
  %10 = math.cbrt %6 : f64
  %11 = math.rsqrt %10 : f64
  %12 = math.trunc %9 : f16
  return %11, %12, %c, %8 : f64, f16, f64, f16
}

func.func @integers(%a: i64, %v: vector<4xi16>, %i: index) -> (i64, vector<4xi16>, index) {
  %0 = math.ctlz %a : i64
  %1 = math.cttz %0 : i64
  %2 = math.ctpop %1 : i64
  %3 = math.absi %2 : i64
  %4 = math.ipowi %3, %a : i64
  %5 = math.absi %v : vector<4xi16>
  %6 = math.ctpop %5 : vector<4xi16>
  %7 = math.absi %i : index
  return %4, %6, %7 : i64, vector<4xi16>, index
}

func.func @locations(%x: f32 loc("x.mlir":1:1)) -> f32 {
  %0 = math.sqrt %x : f32 loc("sqrt.mlir":2:3)
  %s, %c = math.sincos %0 : f32 loc(fused<"fuse">["a.mlir":4:5, "b.mlir":6:7])
  %1 = math.atan2 %s, %c : f32 loc("atan2"("atan.mlir":8:9))
  return %1 : f32
}
