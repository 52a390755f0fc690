// What tlir does not fold for f80 and f128, where mlir-opt 22 folds with APFloat in the type's precision: the
// arithmetic of constants (addf, subf, mulf, divf, remf), math functions, sitofp of integers beyond 2^53, and
// elementwise folds of dense elements a double does not hold (negf excepted). tlir computes floats in doubles;
// folding these would give a different answer (0.1 + 0.2 rounds differently in f80 than in f64), so it keeps the
// ops (docs/passes.md). Both results are checked: MLIR22 lines for mlir-opt, TLIR for tl-opt.
// RUN: mlir-opt %s --canonicalize --split-input-file | FileCheck %s --check-prefixes=CHECK,MLIR22
// RUN: tl-opt %s --canonicalize --split-input-file | FileCheck %s --check-prefixes=CHECK,TLIR

// CHECK-LABEL: func.func @arithmetic
// MLIR22-DAG: arith.constant 4.000000e+00 : f80
// MLIR22-DAG: arith.constant 6.250000e-01 : f128
// MLIR22-DAG: arith.constant 0.333333333333333333342 : f80
// MLIR22-NOT: arith.addf
// TLIR: arith.addf
// TLIR: arith.mulf
// TLIR: arith.divf
func.func @arithmetic() -> (f80, f128, f80) {
  %a = arith.constant 1.5 : f80
  %b = arith.constant 2.5 : f80
  %c = arith.constant 1.25 : f128
  %d = arith.constant 0.5 : f128
  %one = arith.constant 1.0 : f80
  %three = arith.constant 3.0 : f80
  %0 = arith.addf %a, %b : f80
  %1 = arith.mulf %c, %d : f128
  %2 = arith.divf %one, %three : f80
  return %0, %1, %2 : f80, f128, f80
}

// -----

// 2^60 + 1 is exact in f80 (64-bit significand) but not in a double.
// CHECK-LABEL: func.func @wide_integer
// MLIR22: arith.constant 0x403B8000000000000008 : f80
// TLIR: arith.sitofp
func.func @wide_integer() -> f80 {
  %i = arith.constant 1152921504606846977 : i64
  %0 = arith.sitofp %i : i64 to f80
  return %0 : f80
}
