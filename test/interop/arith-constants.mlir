// arith.constant of every kind: integers of many widths and signedness, index, i1, floats of each width
// (f16, bf16, f32, tf32, f64; the
// other widths are in float-formats.mlir), NaN, infinities and negative zero,
// hexadecimal float literals, and dense vector/tensor constants (splat, lists, nested, booleans, complex).
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

func.func @integers() {
  %i1t = arith.constant true
  %i1f = arith.constant false
  %i1n = arith.constant 1 : i1
  %i2 = arith.constant -2 : i2
  %i4 = arith.constant 7 : i4
  %i8 = arith.constant -128 : i8
  %i8m = arith.constant 255 : i8
  %i16 = arith.constant 32767 : i16
  %i32 = arith.constant -2147483648 : i32
  %i32h = arith.constant 0x7FFFFFFF : i32
  %i64 = arith.constant 9223372036854775807 : i64
  %i64n = arith.constant -9223372036854775808 : i64
  %i64u = arith.constant 18446744073709551615 : i64
  %i128 = arith.constant 170141183460469231731687303715884105727 : i128
  %i128n = arith.constant -1 : i128
  %i33 = arith.constant 4294967296 : i33
  %i256 = arith.constant 115792089237316195423570985008687907853269984665640564039457584007913129639935 : i256
  %idx = arith.constant 42 : index
  %idxn = arith.constant -1 : index
  %hex = arith.constant 0xFF : i16
  %zero = arith.constant 0 : i64
  return
}

func.func @floats() {
  %f16 = arith.constant 1.0 : f16
  %f16b = arith.constant 65504.0 : f16
  %f16s = arith.constant 6.1e-05 : f16
  %bf16 = arith.constant 3.140625 : bf16
  %bf16b = arith.constant -1.5e+30 : bf16
  %f32 = arith.constant 0.1 : f32
  %f32b = arith.constant 3.40282347E+38 : f32
  %f32c = arith.constant 1.17549435E-38 : f32
  %f32d = arith.constant 1.0e-45 : f32
  %f32e = arith.constant 123456789.0 : f32
  %f32f = arith.constant 16777216.0 : f32
  %f64 = arith.constant 0.1 : f64
  %f64b = arith.constant 1.7976931348623157e308 : f64
  %f64c = arith.constant 4.9406564584124654e-324 : f64
  %f64d = arith.constant 2.5 : f64
  %f64e = arith.constant -0.0 : f64
  %f64f = arith.constant 1.0e+16 : f64
  %f64g = arith.constant 123.456 : f64
  %f64h = arith.constant 1.0e-07 : f64
  %f64i = arith.constant 100.0 : f64
  %tf32 = arith.constant 2.0 : tf32
  return
}

func.func @special_floats() {
  %nan32 = arith.constant 0x7FC00000 : f32
  %nan32p = arith.constant 0x7FC00001 : f32
  %nan32n = arith.constant 0xFFC00000 : f32
  %inf32 = arith.constant 0x7F800000 : f32
  %ninf32 = arith.constant 0xFF800000 : f32
  %nz32 = arith.constant -0.0 : f32
  %nan64 = arith.constant 0x7FF8000000000000 : f64
  %inf64 = arith.constant 0x7FF0000000000000 : f64
  %ninf64 = arith.constant 0xFFF0000000000000 : f64
  %nan16 = arith.constant 0x7E00 : f16
  %inf16 = arith.constant 0x7C00 : f16
  %nanbf16 = arith.constant 0x7FC0 : bf16
  %infbf16 = arith.constant 0xFF80 : bf16
  %sub16 = arith.constant 0x0001 : f16
  %denorm32 = arith.constant 0x00000001 : f32
  return
}

func.func @dense() {
  %splat = arith.constant dense<0.0> : vector<4xf32>
  %splati = arith.constant dense<7> : tensor<2x3xi32>
  %list = arith.constant dense<[1, 2, 3, 4]> : vector<4xi64>
  %nested = arith.constant dense<[[1.0, 2.0], [3.5, -4.25]]> : tensor<2x2xf64>
  %bools = arith.constant dense<[true, false, true]> : vector<3xi1>
  %boolsplat = arith.constant dense<true> : tensor<8xi1>
  %f16v = arith.constant dense<[1.0, 0.5, -2.0, 65504.0]> : vector<4xf16>
  %bf16v = arith.constant dense<[1.0, 0.5]> : vector<2xbf16>
  %nanv = arith.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, -0.0]> : vector<4xf32>
  %idxv = arith.constant dense<[0, 1, -1]> : vector<3xindex>
  %i8v = arith.constant dense<[-128, 127, 0, 255]> : tensor<4xi8>
  %scalable = arith.constant dense<1.0> : vector<[4]xf32>
  %vec2d = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi16>
  %t3d = arith.constant dense<[[[1], [2]], [[3], [4]]]> : tensor<2x2x1xi32>
  %empty = arith.constant dense<> : tensor<0xf32>
  %zerod = arith.constant dense<5> : tensor<i32>
  %cplx = arith.constant dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>
  %cplxl = arith.constant dense<[(1, 2), (3, -4)]> : tensor<2xcomplex<i32>>
  %big = arith.constant dense<[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6]> : tensor<16xf32>
  %i1big = arith.constant dense<[true, false, true, true, false, false, true, false, true, true, true]> : tensor<11xi1>
  %i64big = arith.constant dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>
  %hexdense = arith.constant dense<"0x0000803F00000040"> : tensor<2xf32>
  %i4v = arith.constant dense<[1, -1, 7, -8]> : vector<4xi4>
  return
}
