// f80 and f128 values that a double does not hold. Printing: both tools print the same bits the same way (the
// six-digit form when it reads back, correctly rounded in the type, as the same bits; else the longest decimal
// form, 21 significant digits for f80 and 36 for f128; infinities and NaNs in hex), checked by CHECK lines that
// both runs share. Reading: a decimal literal of f80 or f128 is rounded once, to the type, by tl-opt (as MLIR does
// since llvm-project#220267, after MLIR 22); mlir-opt 22 rounds it to a double first (`0.1 : f80` is the double
// 0.1 widened, `1.0e4000 : f80` is infinity), so those lines differ: MLIR22 and TLIR lines. A hex bit pattern
// keeps every bit in both. mlir-opt 22 does not read its own decimal output of such values back to the same
// bits (the last two literals); tl-opt does (the third RUN line).
// RUN: mlir-opt %s | FileCheck %s --check-prefixes=CHECK,MLIR22
// RUN: tl-opt %s | FileCheck %s --check-prefixes=CHECK,TLIR
// RUN: tl-opt %s | tl-opt | FileCheck %s --check-prefixes=CHECK,TLIR

// CHECK-LABEL: func.func @values()
func.func @values() {
  // CHECK: %cst = arith.constant 7.500000e-02 : f80
  %0 = arith.constant 0x3FFB999999999999999A : f80
  // CHECK: %cst_0 = arith.constant 1.00000000000000000000000000000000019 : f128
  %1 = arith.constant 0x3FFF0000000000000000000000000001 : f128
  // CHECK: %cst_1 = arith.constant 3.645200e-4951 : f80
  %2 = arith.constant 0x00000000000000000001 : f80
  // CHECK: %cst_2 = arith.constant 6.475180e-4966 : f128
  %3 = arith.constant 0x00000000000000000000000000000001 : f128
  // CHECK: %cst_3 = arith.constant 3.36210314311209350626E-4932 : f80
  %4 = arith.constant 0x00008000000000000000 : f80
  // CHECK: %cst_4 = arith.constant 1.18973149535723176508575932662800702E+4932 : f128
  %5 = arith.constant 0x7FFEFFFFFFFFFFFFFFFFFFFFFFFFFFFF : f128
  // CHECK: %cst_5 = arith.constant 1.18973149535723176502E+4932 : f80
  %6 = arith.constant 0x7FFEFFFFFFFFFFFFFFFF : f80
  // CHECK: %cst_6 = arith.constant 1.79769313486231590773E+308 : f80
  %7 = arith.constant 0x43FF8000000000000000 : f80
  // CHECK: %cst_7 = arith.constant 1.00000000000000000011 : f80
  %8 = arith.constant 0x3FFF8000000000000001 : f80
  // CHECK: %cst_8 = arith.constant 9.99999999999999999999999999999999966E-6 : f128
  %9 = arith.constant 0x3FEE4F8B588E368F08461F9F01B866E4 : f128
  // CHECK: %cst_9 = arith.constant 3.1415926535897932384626433832795028 : f128
  %10 = arith.constant 0x4000921FB54442D18469898CC51701B8 : f128
  // CHECK: %cst_10 = arith.constant 1.000000e+4000 : f80
  %11 = arith.constant 0x73E6D1BA8323FE558C61 : f80
  // CHECK: %cst_11 = arith.constant dense<[1.000000e-01, 1.00000000000000000000000000000000019]> : tensor<2xf128>
  %12 = arith.constant dense<[0x3FFB999999999999999999999999999A, 0x3FFF0000000000000000000000000001]> : tensor<2xf128>
  return
}

// CHECK-LABEL: func.func @literals()
func.func @literals() {
  // MLIR22: %cst = arith.constant 0.100000000000000005551 : f80
  // TLIR: %cst = arith.constant 1.000000e-01 : f80
  %0 = arith.constant 0.1 : f80
  // MLIR22: %cst_0 = arith.constant 0.100000000000000005551115123125782702 : f128
  // TLIR: %cst_0 = arith.constant 1.000000e-01 : f128
  %1 = arith.constant 0.1 : f128
  // MLIR22: %cst_1 = arith.constant 3.14159265358979311599796346854418516 : f128
  // TLIR: %cst_1 = arith.constant 3.1415926535897932384626433832795028 : f128
  %2 = arith.constant 3.14159265358979323846264338327950288 : f128
  // MLIR22: %cst_2 = arith.constant 0x7FFF8000000000000000 : f80
  // TLIR: %cst_2 = arith.constant 1.000000e+4000 : f80
  %3 = arith.constant 1.0e4000 : f80
  // MLIR22: %cst_3 = arith.constant 9.99999999999996944932750289769196936E-311 : f128
  // TLIR: %cst_3 = arith.constant 1.000000e-310 : f128
  %4 = arith.constant 1.0e-310 : f128
  // CHECK: %cst_4 = arith.constant 0x7FFF0000000000000000000000000000 : f128
  %5 = arith.constant 1.0e5000 : f128
  // CHECK: %cst_5 = arith.constant 0.000000e+00 : f128
  %6 = arith.constant 2.5e-4966 : f128
  // MLIR22: %cst_6 = arith.constant dense<[0.100000000000000005551115123125782702, 1.00000000000000008180305391403130955E-5]> : tensor<2xf128>
  // TLIR: %cst_6 = arith.constant dense<[1.000000e-01, 9.99999999999999999999999999999999966E-6]> : tensor<2xf128>
  %7 = arith.constant dense<[0.1, 1.0e-5]> : tensor<2xf128>
  // CHECK: %cst_7 = arith.constant 0.100000000000000005551 : f80
  %8 = arith.constant 0.100000000000000005551 : f80
  // MLIR22: %cst_8 = arith.constant 0.0749999999999999972244 : f80
  // TLIR: %cst_8 = arith.constant 7.500000e-02 : f80
  %9 = arith.constant 7.500000e-02 : f80
  return
}
