// math dialect: every op in custom and generic form, on scalars, vectors and tensors, with fast-math flags;
// tl-opt prints exactly what mlir-opt 22 prints and reads its own output back.
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

// CHECK-LABEL: func.func @unary
func.func @unary(%x: f32, %d: f64, %h: f16, %v: vector<4xf32>, %t: tensor<?x2xbf16>) {
  // CHECK: math.absf %arg0 : f32
  %0 = math.absf %x : f32
  // CHECK: math.acos %arg1 : f64
  %1 = math.acos %d : f64
  // CHECK: math.acosh %arg2 : f16
  %2 = math.acosh %h : f16
  // CHECK: math.asin %arg3 : vector<4xf32>
  %3 = math.asin %v : vector<4xf32>
  // CHECK: math.asinh %arg4 : tensor<?x2xbf16>
  %4 = math.asinh %t : tensor<?x2xbf16>
  // CHECK: math.atan %arg0 fastmath<fast> : f32
  %5 = math.atan %x fastmath<fast> : f32
  // CHECK: math.atanh %arg0 : f32
  %6 = math.atanh %x : f32
  // CHECK: math.cbrt %arg0 : f32
  %7 = math.cbrt %x : f32
  // CHECK: math.ceil %arg0 : f32
  %8 = math.ceil %x : f32
  // CHECK: math.cos %arg0 : f32
  %9 = math.cos %x : f32
  // CHECK: math.cosh %arg0 : f32
  %10 = math.cosh %x : f32
  // CHECK: math.erf %arg0 : f32
  %11 = math.erf %x : f32
  // CHECK: math.erfc %arg0 : f32
  %12 = math.erfc %x : f32
  // CHECK: math.exp %arg0 fastmath<nnan,ninf> : f32
  %13 = math.exp %x fastmath<nnan,ninf> : f32
  // CHECK: math.exp2 %arg0 : f32
  %14 = math.exp2 %x : f32
  // CHECK: math.expm1 %arg0 : f32
  %15 = math.expm1 %x : f32
  // CHECK: math.floor %arg0 : f32
  %16 = math.floor %x : f32
  // CHECK: math.log %arg0 : f32
  %17 = math.log %x : f32
  // CHECK: math.log10 %arg0 : f32
  %18 = math.log10 %x : f32
  // CHECK: math.log1p %arg0 : f32
  %19 = math.log1p %x : f32
  // CHECK: math.log2 %arg0 : f32
  %20 = math.log2 %x : f32
  // CHECK: math.round %arg0 : f32
  %21 = math.round %x : f32
  // CHECK: math.roundeven %arg0 : f32
  %22 = math.roundeven %x : f32
  // CHECK: math.rsqrt %arg0 : f32
  %23 = math.rsqrt %x : f32
  // CHECK: math.sin %arg0 : f32
  %24 = math.sin %x : f32
  // CHECK: math.sinh %arg0 : f32
  %25 = math.sinh %x : f32
  // CHECK: math.sqrt %arg0 fastmath<afn> : f32
  %26 = math.sqrt %x fastmath<afn> : f32
  // CHECK: math.tan %arg0 : f32
  %27 = math.tan %x : f32
  // CHECK: math.tanh %arg0 : f32
  %28 = math.tanh %x : f32
  // CHECK: math.trunc %arg0 : f32
  %29 = math.trunc %x : f32
  // CHECK: math.exp %arg0 : f32
  %30 = math.exp %x fastmath<none> : f32
  // CHECK: math.log %arg0 fastmath<contract> : f32
  %31 = math.log %x {fastmath = #arith.fastmath<contract>} : f32
  return
}

// CHECK-LABEL: func.func @binary
func.func @binary(%x: f32, %y: f32, %z: f32, %i: i32, %v: vector<2xf64>, %vi: vector<2xi16>) {
  // CHECK: math.atan2 %arg0, %arg1 : f32
  %0 = math.atan2 %x, %y : f32
  // CHECK: math.copysign %arg4, %arg4 : vector<2xf64>
  %1 = math.copysign %v, %v : vector<2xf64>
  // CHECK: math.powf %arg0, %arg1 fastmath<fast> : f32
  %2 = math.powf %x, %y fastmath<fast> : f32
  // CHECK: math.fma %arg0, %arg1, %arg2 : f32
  %3 = math.fma %x, %y, %z : f32
  // CHECK: math.fma %arg4, %arg4, %arg4 fastmath<contract> : vector<2xf64>
  %4 = math.fma %v, %v, %v fastmath<contract> : vector<2xf64>
  // CHECK: math.fpowi %arg0, %arg3 : f32, i32
  %5 = math.fpowi %x, %i : f32, i32
  // CHECK: math.fpowi %arg4, %arg5 fastmath<nsz> : vector<2xf64>, vector<2xi16>
  %6 = math.fpowi %v, %vi fastmath<nsz> : vector<2xf64>, vector<2xi16>
  // CHECK: math.clampf %arg0 to [%arg1, %arg2] : f32
  %7 = math.clampf %x to [%y, %z] : f32
  // CHECK: math.clampf %arg4 to [%arg4, %arg4] fastmath<fast> : vector<2xf64>
  %8 = math.clampf %v to [%v, %v] fastmath<fast> : vector<2xf64>
  return
}

// CHECK-LABEL: func.func @integer
func.func @integer(%a: i32, %b: i64, %v: vector<4xi8>, %i: index) {
  // CHECK: math.absi %arg0 : i32
  %0 = math.absi %a : i32
  // CHECK: math.ctlz %arg1 : i64
  %1 = math.ctlz %b : i64
  // CHECK: math.cttz %arg2 : vector<4xi8>
  %2 = math.cttz %v : vector<4xi8>
  // CHECK: math.ctpop %arg0 : i32
  %3 = math.ctpop %a : i32
  // CHECK: math.ipowi %arg0, %arg0 : i32
  %4 = math.ipowi %a, %a : i32
  // CHECK: math.absi %arg3 : index
  %5 = math.absi %i : index
  return
}

// CHECK-LABEL: func.func @classification_and_sincos
func.func @classification_and_sincos(%x: f32, %v: vector<4xf32>, %t: tensor<*xf16>) {
  // CHECK: math.isnan %arg0 : f32
  %0 = math.isnan %x : f32
  // CHECK: math.isinf %arg1 {fastmath = #arith.fastmath<ninf>} : vector<4xf32>
  %1 = math.isinf %v {fastmath = #arith.fastmath<ninf>} : vector<4xf32>
  // CHECK: math.isfinite %arg2 : tensor<*xf16>
  %2 = math.isfinite %t : tensor<*xf16>
  // CHECK: math.isnormal %arg0 : f32
  %3 = math.isnormal %x : f32
  // CHECK: %sin, %cos = math.sincos %arg0 : f32
  %4:2 = math.sincos %x : f32
  // CHECK: %sin_0, %cos_1 = math.sincos %arg1 fastmath<afn> : vector<4xf32>
  %s, %c = math.sincos %v fastmath<afn> : vector<4xf32>
  "t.use"(%4#1, %c) : (f32, vector<4xf32>) -> ()
  return
}
