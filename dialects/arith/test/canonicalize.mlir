// Folding arith ops: tl-opt --canonicalize gives the module mlir-opt 22 gives (both printed by mlir-opt in the
// generic form): constants computed at the bit width and in the float type's precision, identities, and what
// must not fold (division by zero, signed overflow, shifts by the width, inexact float conversions).
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize

func.func @int_constants() -> (i8, i8, i8, i32, i32, i32, i32, index, i64, i16) {
  %a = arith.constant 100 : i8
  %b = arith.constant -7 : i8
  %c = arith.constant 3 : i32
  %d = arith.constant -17 : i32
  %0 = arith.addi %a, %a : i8
  %1 = arith.subi %b, %a : i8
  %2 = arith.muli %a, %b : i8
  %3 = arith.divsi %d, %c : i32
  %4 = arith.divui %d, %c : i32
  %5 = arith.remsi %d, %c : i32
  %6 = arith.remui %d, %c : i32
  %i = arith.constant 9223372036854775807 : index
  %one = arith.constant 1 : index
  %7 = arith.addi %i, %one : index
  %l = arith.constant -9223372036854775808 : i64
  %m1 = arith.constant -1 : i64
  %8 = arith.muli %l, %m1 : i64
  %h = arith.constant 300 : i16
  %9:2 = arith.mulsi_extended %h, %h : i16
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9#1 : i8, i8, i8, i32, i32, i32, i32, index, i64, i16
}

func.func @rounding_divisions() -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %p7 = arith.constant 7 : i32
  %m7 = arith.constant -7 : i32
  %p2 = arith.constant 2 : i32
  %m2 = arith.constant -2 : i32
  %0 = arith.ceildivsi %p7, %p2 : i32
  %1 = arith.ceildivsi %m7, %p2 : i32
  %2 = arith.ceildivsi %p7, %m2 : i32
  %3 = arith.ceildivsi %m7, %m2 : i32
  %4 = arith.floordivsi %p7, %m2 : i32
  %5 = arith.floordivsi %m7, %p2 : i32
  %6 = arith.floordivsi %m7, %m2 : i32
  %7 = arith.ceildivui %m7, %p2 : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i32, i32, i32, i32
}

// Undefined behavior is left alone.
func.func @no_fold(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %z = arith.constant 0 : i32
  %min = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %c5 = arith.constant 5 : i32
  %c32 = arith.constant 32 : i32
  %0 = arith.divsi %c5, %z : i32
  %1 = arith.divui %c5, %z : i32
  %2 = arith.remsi %c5, %z : i32
  %3 = arith.remui %c5, %z : i32
  %4 = arith.divsi %min, %m1 : i32
  %5 = arith.ceildivsi %min, %m1 : i32
  %6 = arith.floordivsi %min, %m1 : i32
  %7 = arith.shli %c5, %c32 : i32
  %8 = arith.shrsi %c5, %c32 : i32
  %9 = arith.ceildivui %c5, %z : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

func.func @bits() -> (i8, i8, i8, i8, i8, i8, i32, i32, i32, i32) {
  %a = arith.constant -86 : i8
  %b = arith.constant 15 : i8
  %s = arith.constant 3 : i8
  %0 = arith.andi %a, %b : i8
  %1 = arith.ori %a, %b : i8
  %2 = arith.xori %a, %b : i8
  %3 = arith.shli %a, %s : i8
  %4 = arith.shrui %a, %s : i8
  %5 = arith.shrsi %a, %s : i8
  %x = arith.constant -5 : i32
  %y = arith.constant 3 : i32
  %6 = arith.maxsi %x, %y : i32
  %7 = arith.maxui %x, %y : i32
  %8 = arith.minsi %x, %y : i32
  %9 = arith.minui %x, %y : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i8, i8, i8, i8, i8, i8, i32, i32, i32, i32
}

func.func @int_identities(%x: i32, %v: vector<4xi32>, %t: tensor<?xi32>) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, vector<4xi32>, vector<4xi32>, tensor<?xi32>) {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %ones = arith.constant -1 : i32
  %vz = arith.constant dense<0> : vector<4xi32>
  %vone = arith.constant dense<1> : vector<4xi32>
  %0 = arith.addi %x, %z : i32
  %1 = arith.muli %x, %one : i32
  %2 = arith.muli %x, %z : i32
  %3 = arith.subi %x, %x : i32
  %4 = arith.andi %x, %x : i32
  %5 = arith.ori %x, %z : i32
  %6 = arith.xori %x, %x : i32
  %7 = arith.andi %x, %ones : i32
  %8 = arith.ori %x, %ones : i32
  %9 = arith.divsi %x, %one : i32
  %10 = arith.remui %x, %one : i32
  %11 = arith.shli %x, %z : i32
  %12 = arith.addi %v, %vz : vector<4xi32>
  %13 = arith.muli %v, %vone : vector<4xi32>
  %14 = arith.subi %t, %t : tensor<?xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, vector<4xi32>, vector<4xi32>, tensor<?xi32>
}

func.func @int_structure(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32) {
  %0 = arith.subi %a, %b : i32
  %1 = arith.addi %0, %b : i32
  %2 = arith.addi %a, %b : i32
  %3 = arith.subi %2, %a : i32
  %4 = arith.xori %a, %b : i32
  %5 = arith.xori %4, %b : i32
  %6 = arith.muli %a, %b overflow<nsw> : i32
  %7 = arith.divsi %6, %b : i32
  %8 = arith.maxsi %a, %a : i32
  return %1, %3, %5, %7, %8 : i32, i32, i32, i32, i32
}

// min and max against a constant: the extreme of the type absorbs (max(x, INT_MAX) = INT_MAX) or is neutral
// (max(x, INT_MIN) = x), a constant on the left moves to the right first; the tile-extent clamps of the kernels
// (max(min(n - t, n), 0) once t is a constant) fold through.
func.func @min_max_constants(%x: i32, %i: index) -> (i32, i32, i32, i32, i32, i32, i32, i32, index, index, index) {
  %imax = arith.constant 2147483647 : i32
  %imin = arith.constant -2147483648 : i32
  %z = arith.constant 0 : i32
  %ones = arith.constant -1 : i32
  %0 = arith.maxsi %x, %imax : i32
  %1 = arith.maxsi %imin, %x : i32
  %2 = arith.minsi %x, %imin : i32
  %3 = arith.minsi %imax, %x : i32
  %4 = arith.maxui %x, %ones : i32
  %5 = arith.maxui %z, %x : i32
  %6 = arith.minui %x, %z : i32
  %7 = arith.minui %ones, %x : i32
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %r = arith.subi %c64, %c0 : index
  %m = arith.minsi %r, %c64 : index
  %8 = arith.maxsi %m, %c0 : index
  %k = arith.subi %c64, %c64 : index
  %n = arith.minsi %k, %c8 : index
  %9 = arith.maxsi %n, %c0 : index
  %10 = arith.minsi %c8, %i : index
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i32, i32, i32, i32, i32, i32, i32, i32, index, index, index
}

func.func @compare() -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<3xi1>) {
  %a = arith.constant -1 : i32
  %b = arith.constant 1 : i32
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %v = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %w = arith.constant dense<2> : vector<3xi32>
  %10 = arith.cmpi slt, %v, %w : vector<3xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<3xi1>
}

func.func @compare_values(%x: i32, %b: i1) -> (i1, i1, i1, i1, i1) {
  %c5 = arith.constant 5 : i32
  %f = arith.constant false
  %t = arith.constant true
  %0 = arith.cmpi sle, %x, %x : i32
  %1 = arith.cmpi ult, %x, %x : i32
  %2 = arith.cmpi slt, %c5, %x : i32
  %3 = arith.cmpi ne, %b, %f : i1
  %4 = arith.cmpi eq, %b, %t : i1
  return %0, %1, %2, %3, %4 : i1, i1, i1, i1, i1
}

func.func @select(%c: i1, %x: i32, %y: i32) -> (i32, i32, i32, i1, i32, i32, vector<3xi32>) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %t, %x, %y : i32
  %1 = arith.select %f, %x, %y : i32
  %2 = arith.select %c, %x, %x : i32
  %3 = arith.select %c, %t, %f : i1
  %eq = arith.cmpi eq, %x, %y : i32
  %4 = arith.select %eq, %x, %y : i32
  %ne = arith.cmpi ne, %x, %y : i32
  %5 = arith.select %ne, %x, %y : i32
  %m = arith.constant dense<[true, false, true]> : vector<3xi1>
  %a = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %b = arith.constant dense<[4, 5, 6]> : vector<3xi32>
  %6 = arith.select %m, %a, %b : vector<3xi1>, vector<3xi32>
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i1, i32, i32, vector<3xi32>
}

func.func @int_casts() -> (i32, i32, i8, index, i64, index, f32, f32, i8, i8, i32, f32) {
  %m1 = arith.constant -1 : i8
  %0 = arith.extsi %m1 : i8 to i32
  %1 = arith.extui %m1 : i8 to i32
  %big = arith.constant 1000 : i32
  %2 = arith.trunci %big : i32 to i8
  %3 = arith.index_cast %big : i32 to index
  %ni = arith.constant -3 : index
  %4 = arith.index_cast %ni : index to i64
  %5 = arith.index_castui %m1 : i8 to index
  %6 = arith.sitofp %m1 : i8 to f32
  %7 = arith.uitofp %m1 : i8 to f32
  %f = arith.constant 200.75 : f32
  %8 = arith.fptosi %f : f32 to i8
  %9 = arith.fptoui %f : f32 to i8
  %10 = arith.bitcast %f : f32 to i32
  %11 = arith.bitcast %big : i32 to f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i32, i32, i8, index, i64, index, f32, f32, i8, i8, i32, f32
}

func.func @large_int_to_float() -> (f32, f32, f16, bf16, f64) {
  %a = arith.constant 16777217 : i32
  %b = arith.constant 9007199254740993 : i64
  %0 = arith.sitofp %a : i32 to f32
  %1 = arith.uitofp %b : i64 to f32
  %c = arith.constant 70000 : i32
  %2 = arith.sitofp %c : i32 to f16
  %3 = arith.sitofp %c : i32 to bf16
  %4 = arith.sitofp %b : i64 to f64
  return %0, %1, %2, %3, %4 : f32, f32, f16, bf16, f64
}

func.func @cast_chains(%x: i8, %y: i32, %f: f16, %i: index) -> (i32, i64, i8, i8, i16, f16, i32) {
  %0 = arith.extui %x : i8 to i16
  %1 = arith.extui %0 : i16 to i32
  %2 = arith.extsi %y : i32 to i64
  %3 = arith.extsi %2 : i64 to i128
  %4 = arith.trunci %3 : i128 to i64
  %5 = arith.extsi %x : i8 to i32
  %6 = arith.trunci %5 : i32 to i8
  %7 = arith.trunci %y : i32 to i16
  %8 = arith.trunci %7 : i16 to i8
  %9 = arith.extui %x : i8 to i32
  %10 = arith.trunci %9 : i32 to i16
  %11 = arith.extf %f : f16 to f32
  %12 = arith.truncf %11 : f32 to f16
  %13 = arith.index_cast %y : i32 to index
  %14 = arith.index_cast %13 : index to i32
  return %1, %4, %6, %8, %10, %12, %14 : i32, i64, i8, i8, i16, f16, i32
}

func.func @float_constants() -> (f32, f32, f32, f32, f32, f64, f16, bf16, f32, f32, f32) {
  %a = arith.constant 0.1 : f32
  %b = arith.constant 0.2 : f32
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %a, %b : f32
  %2 = arith.mulf %a, %b : f32
  %3 = arith.divf %a, %b : f32
  %4 = arith.remf %b, %a : f32
  %c = arith.constant 0.1 : f64
  %d = arith.constant 0.2 : f64
  %5 = arith.addf %c, %d : f64
  %e = arith.constant 1.0e-3 : f16
  %6 = arith.mulf %e, %e : f16
  %g = arith.constant 3.0 : bf16
  %7 = arith.divf %g, %g : bf16
  %8 = arith.negf %a : f32
  %p = arith.constant -5.5 : f32
  %q = arith.constant 2.0 : f32
  %9 = arith.remf %p, %q : f32
  %big = arith.constant 3.0e38 : f32
  %10 = arith.addf %big, %big : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : f32, f32, f32, f32, f32, f64, f16, bf16, f32, f32, f32
}

func.func @float_specials() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %nan = arith.constant 0x7FC00001 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %one = arith.constant 1.0 : f32
  %0 = arith.addf %nan, %one : f32
  %1 = arith.addf %inf, %ninf : f32
  %2 = arith.divf %one, %z : f32
  %3 = arith.divf %z, %z : f32
  %4 = arith.addf %nz, %nz : f32
  %5 = arith.maximumf %nan, %one : f32
  %6 = arith.maxnumf %nan, %one : f32
  %7 = arith.minimumf %z, %nz : f32
  %8 = arith.minnumf %one, %ninf : f32
  %9 = arith.negf %nan : f32
  %10 = arith.remf %one, %z : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}

func.func @float_compare() -> (i1, i1, i1, i1, i1, i1, i1, i1) {
  %nan = arith.constant 0x7FC00000 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %0 = arith.cmpf olt, %one, %two : f32
  %1 = arith.cmpf oeq, %nan, %one : f32
  %2 = arith.cmpf une, %nan, %nan : f32
  %3 = arith.cmpf uno, %one, %nan : f32
  %4 = arith.cmpf ord, %one, %two : f32
  %5 = arith.cmpf ueq, %one, %nan : f32
  %6 = arith.cmpf oge, %two, %one : f32
  %7 = arith.cmpf ule, %two, %one : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, i1, i1
}

func.func @float_identities(%x: f32, %v: vector<2xf64>) -> (f32, f32, f32, f32, f32, vector<2xf64>, f32, f32, f32) {
  %nz = arith.constant -0.0 : f32
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %vone = arith.constant dense<1.0> : vector<2xf64>
  %ninf = arith.constant 0xFF800000 : f32
  %0 = arith.addf %x, %nz : f32
  %1 = arith.subf %x, %z : f32
  %2 = arith.mulf %x, %one : f32
  %3 = arith.divf %x, %one : f32
  %4 = arith.mulf %x, %z fastmath<nnan,nsz> : f32
  %5 = arith.mulf %v, %vone : vector<2xf64>
  %6 = arith.maximumf %x, %ninf : f32
  %7 = arith.addf %x, %z : f32
  %n = arith.negf %x : f32
  %8 = arith.negf %n : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : f32, f32, f32, f32, f32, vector<2xf64>, f32, f32, f32
}

func.func @float_casts() -> (f64, f16, f32, bf16, f16, f32) {
  %a = arith.constant 0.1 : f32
  %0 = arith.extf %a : f32 to f64
  %1 = arith.truncf %a : f32 to f16
  %h = arith.constant 0.5 : f64
  %2 = arith.truncf %h : f64 to f32
  %3 = arith.truncf %h : f64 to bf16
  %big = arith.constant 1.0e6 : f32
  %4 = arith.truncf %big : f32 to f16
  %e = arith.constant 6.5e-2 : f16
  %5 = arith.extf %e : f16 to f32
  return %0, %1, %2, %3, %4, %5 : f64, f16, f32, bf16, f16, f32
}

func.func @dense(%t: tensor<4xi32>) -> (tensor<4xi32>, vector<2xf32>, vector<2xi64>, tensor<2x2xf16>, vector<3xi32>) {
  %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %b = arith.constant dense<10> : tensor<4xi32>
  %0 = arith.muli %a, %b : tensor<4xi32>
  %1 = arith.addi %0, %a : tensor<4xi32>
  %f = arith.constant dense<[1.5, -2.5]> : vector<2xf32>
  %g = arith.constant dense<0.25> : vector<2xf32>
  %2 = arith.mulf %f, %g : vector<2xf32>
  %3 = arith.fptosi %f : vector<2xf32> to vector<2xi64>
  %h = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf16>
  %4 = arith.addf %h, %h : tensor<2x2xf16>
  %s = arith.constant dense<[8, 16, 33]> : vector<3xi32>
  %k = arith.constant dense<2> : vector<3xi32>
  %5 = arith.shrui %s, %k : vector<3xi32>
  return %1, %2, %3, %4, %5 : tensor<4xi32>, vector<2xf32>, vector<2xi64>, tensor<2x2xf16>, vector<3xi32>
}

func.func @extended() -> (i32, i1, i32, i32, i8, i8) {
  %a = arith.constant -1 : i32
  %b = arith.constant 2 : i32
  %sum, %overflow = arith.addui_extended %a, %b : i32, i1
  %low, %high = arith.mului_extended %a, %b : i32
  %x = arith.constant -128 : i8
  %lo, %hi = arith.mulsi_extended %x, %x : i8
  return %sum, %overflow, %low, %high, %lo, %hi : i32, i1, i32, i32, i8, i8
}

// Bitcasts of dense constants fold on the bit patterns: a signaling NaN comes through unchanged, both ways.
func.func @bitcast_dense_nans() -> (tensor<2xi32>, tensor<2xf32>, tensor<3xf32>, vector<2xi16>) {
  %f = arith.constant dense<[0x7FA00001, 1.0]> : tensor<2xf32>
  %0 = arith.bitcast %f : tensor<2xf32> to tensor<2xi32>
  %i = arith.constant dense<[2141192193, -4194302]> : tensor<2xi32>
  %1 = arith.bitcast %i : tensor<2xi32> to tensor<2xf32>
  %s = arith.constant dense<0x7FA00001> : tensor<3xf32>
  %si = arith.bitcast %s : tensor<3xf32> to tensor<3xi32>
  %2 = arith.bitcast %si : tensor<3xi32> to tensor<3xf32>
  %h = arith.constant dense<[0x7C01, 0xFE02]> : vector<2xf16>
  %3 = arith.bitcast %h : vector<2xf16> to vector<2xi16>
  return %0, %1, %2, %3 : tensor<2xi32>, tensor<2xf32>, tensor<3xf32>, vector<2xi16>
}
