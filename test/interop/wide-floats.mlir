// f80 (x87 double extended) and f128 (IEEE quad) wherever a float type goes: function signatures, memref, tensor
// and vector element types, complex, arith ops, float attributes (decimal, hex bit patterns, infinities, NaNs with
// payloads, -0.0) and dense elements. Only values that mlir-opt 22 itself reads back unchanged are here (check (a)
// re-reads tl-opt's text with mlir-opt): mlir-opt 22 reads a decimal literal through a double, so a value a double
// does not hold, printed in decimal, does not read back. wide-float-values.mlir has those, and the literals that
// tl-opt reads exactly where mlir-opt 22 rounds them to a double first.
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
// The custom form, read directly by both tools:
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref.custom
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tl.custom
// RUN: diff %t.ref.custom %t.tl.custom

func.func @signature(%a: f80, %b: f128, %m: memref<4x?xf80>, %t: tensor<2xf128>, %v: vector<2xf80>, %u: tensor<*xf128>, %c: complex<f80>) -> (f80, f128) {
  %x = arith.addf %a, %a : f80
  %y = arith.mulf %b, %b fastmath<fast> : f128
  %z = arith.extf %a : f80 to f128
  %w = arith.truncf %b : f128 to f80
  %d = arith.truncf %b : f128 to f64
  %e = arith.extf %d : f64 to f80
  %i = arith.fptosi %a : f80 to i64
  %j = arith.sitofp %i : i64 to f128
  %k = arith.bitcast %b : f128 to i128
  %l = arith.bitcast %a : f80 to i80
  %q = arith.cmpf ult, %a, %w : f80
  %s = arith.select %q, %a, %w : f80
  %n = arith.negf %z : f128
  %r = arith.maximumf %x, %s : f80
  %c0 = arith.constant 0 : index
  %ld = memref.load %m[%c0, %c0] : memref<4x?xf80>
  memref.store %r, %m[%c0, %c0] : memref<4x?xf80>
  return %r, %n : f80, f128
}

func.func @constants() {
  // Decimal literals (here values a double holds), printed in six digits when they read back as the same bits.
  %0 = arith.constant 1.0 : f80
  %1 = arith.constant 1.5 : f128
  %2 = arith.constant -0.0 : f80
  %3 = arith.constant -0.0 : f128
  %4 = arith.constant 6.553600e+04 : f128
  %5 = arith.constant 1.125e+02 : f80
  %6 = arith.constant 0.15625 : f128
  // Hex bit patterns of the type's width: infinities and NaNs print in hex, as do integral values that the
  // longest decimal form prints without a '.'.
  %7 = arith.constant 0x7FFF8000000000000000 : f80
  %8 = arith.constant 0xFFFF8000000000000000 : f80
  %9 = arith.constant 0x7FFFC000000000000001 : f80
  %10 = arith.constant 0x7FFF0000000000000000000000000000 : f128
  %11 = arith.constant 0x7FFF8000000000000000000000000001 : f128
  %12 = arith.constant 0xFFFF0000000000000000000000000000 : f128
  %13 = arith.constant 123456789.0 : f80
  %14 = arith.constant 0x4019EB79A2A000000000 : f80
  %15 = arith.constant -0.75 : f128
  // f80 patterns APFloat reads as another: an "unnormal" (no integer bit) is a NaN with the top exponent.
  %16 = arith.constant 0x3FFF4000000000000000 : f80
  %17 = arith.constant 0x7FFF0000000000000001 : f80
  // Zero patterns written in hex.
  %18 = arith.constant 0x0 : f128
  %19 = arith.constant 0x80000000000000000000 : f80
  return
}

func.func @dense() {
  %0 = arith.constant dense<[1.0, 2.5]> : tensor<2xf80>
  %1 = arith.constant dense<1.5> : tensor<3xf128>
  %2 = arith.constant dense<[[0x7FFFC000000000000000, -4.0], [0.5, 0x7FFF8000000000000000]]> : tensor<2x2xf80>
  %3 = arith.constant dense<[0x7FFF8000000000000000000000000000, 0.375]> : vector<2xf128>
  "test.use"() {a = 2.0 : f80, b = [1.0 : f128, 0x7FFF0000000000000000 : f80], c = dense<(1.0, 2.0)> : tensor<complex<f80>>} : () -> ()
  return
}
