// Folding f80 and f128: tlir computes floats in doubles, which is not these types' arithmetic, so their folders
// only do what needs no double arithmetic: identities (x + -0.0, x * 1.0, negf of negf), negation (the sign bit),
// min / max and comparisons (ordered exactly from the bit patterns), exact conversions (extf, a truncf or fptosi of a
// value the target holds, sitofp of an integer of at most 53 bits) and bitcasts. The result is the module mlir-opt
// 22 gives, byte for byte (the first four RUN lines). Constants are hex bit patterns or values a double holds, so
// that both tools read the same bits (wide-float-values.mlir).
// RUN: tl-opt %s --canonicalize --split-input-file -o %t.tl
// RUN: mlir-opt %s --canonicalize --split-input-file -o %t.ref
// RUN: diff %t.ref %t.tl
// RUN: tl-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: f80, %[[Y:.*]]: f128)
// CHECK-NEXT: return %[[X]], %[[X]], %[[Y]], %[[Y]], %[[X]] : f80, f80, f128, f128, f80
func.func @identities(%x: f80, %y: f128) -> (f80, f80, f128, f128, f80) {
  %nz = arith.constant -0.0 : f80
  %one = arith.constant 1.0 : f128
  %z = arith.constant 0.0 : f80
  %0 = arith.addf %x, %nz : f80
  %1 = arith.subf %x, %z : f80
  %2 = arith.mulf %y, %one : f128
  %3 = arith.divf %y, %one : f128
  %4 = arith.negf %x : f80
  %5 = arith.negf %4 : f80
  return %0, %1, %2, %3, %5 : f80, f80, f128, f128, f80
}

// -----

// 0x3FFB999999999999999A is 0.075 in f80 (a double does not hold it): negation, max / min and comparisons of it
// fold from its bits.
// CHECK-LABEL: func.func @exact
// CHECK-DAG: arith.constant -7.500000e-02 : f80
// CHECK-DAG: arith.constant -1.500000e+00 : f128
// CHECK-DAG: arith.constant 2.500000e+00 : f80
// CHECK-DAG: arith.constant 7.500000e-02 : f80
// CHECK-DAG: arith.constant true
// CHECK-DAG: arith.constant false
// CHECK-DAG: arith.constant 2.500000e-01 : f80
// CHECK-DAG: arith.constant 2.500000e+00 : f128
// CHECK-DAG: arith.constant 1.500000e+00 : f64
// CHECK-DAG: arith.constant 2 : i32
// CHECK-DAG: arith.constant 1.200000e+01 : f80
// CHECK-NOT: arith.{{(negf|maximumf|minnumf|cmpf|extf|truncf|fptosi|sitofp)}}
func.func @exact() -> (f80, f128, f80, i1, i1, f80, f128, f64, i32, f80, f80, i1) {
  %a = arith.constant 0x3FFB999999999999999A : f80
  %b = arith.constant 1.5 : f128
  %c = arith.constant 2.5 : f80
  %0 = arith.negf %a : f80
  %1 = arith.negf %b : f128
  %2 = arith.maximumf %c, %a : f80
  %3 = arith.cmpf olt, %a, %c : f80
  %4 = arith.cmpf oeq, %c, %c : f80
  %f = arith.constant 0.25 : f32
  %5 = arith.extf %f : f32 to f80
  %6 = arith.extf %c : f80 to f128
  %7 = arith.truncf %b : f128 to f64
  %8 = arith.fptosi %c : f80 to i32
  %i = arith.constant 12 : i32
  %9 = arith.sitofp %i : i32 to f80
  %10 = arith.minnumf %a, %c : f80
  %e = arith.constant 0x3FFB999999999999999B : f80
  %11 = arith.cmpf oge, %a, %e : f80
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f80, f128, f80, i1, i1, f80, f128, f64, i32, f80, f80, i1
}

// -----

// Bitcasts keep every bit; negf flips the sign of a NaN with its payload.
// CHECK-LABEL: func.func @bits
// CHECK-DAG: arith.constant 302150289229732971649434 : i80
// CHECK-DAG: arith.constant 2.000000e+00 : f128
// CHECK-DAG: arith.constant 0xFFFFC000000000000001 : f80
func.func @bits() -> (i80, f128, f80) {
  %a = arith.constant 0x3FFB999999999999999A : f80
  %0 = arith.bitcast %a : f80 to i80
  %i = arith.constant 85070591730234615865843651857942052864 : i128
  %1 = arith.bitcast %i : i128 to f128
  %n = arith.constant 0x7FFFC000000000000001 : f80
  %2 = arith.negf %n : f80
  return %0, %1, %2 : i80, f128, f80
}

// -----

// CHECK-LABEL: func.func @dense
// CHECK-DAG: arith.constant dense<[-1.500000e+00, 2.000000e+00]> : tensor<2xf80>
// CHECK-DAG: arith.constant dense<[-1.500000e+00, -1.00000000000000000000000000000000019]> : tensor<2xf128>
func.func @dense() -> (tensor<2xf80>, tensor<2xf128>) {
  %a = arith.constant dense<[1.5, -2.0]> : tensor<2xf80>
  %0 = arith.negf %a : tensor<2xf80>
  %b = arith.constant dense<[1.5, 0x3FFF0000000000000000000000000001]> : tensor<2xf128>
  %1 = arith.negf %b : tensor<2xf128>
  return %0, %1 : tensor<2xf80>, tensor<2xf128>
}
