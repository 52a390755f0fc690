// arith dialect interop with mlir-opt 22, both ways: what tl-opt prints (custom or generic) mlir-opt reads to the
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
// RUN: tl-opt --mlir-print-debuginfo --mlir-print-op-generic %t.ref.loc -o %t.tlir.loc.generic
// RUN: mlir-opt --mlir-print-debuginfo %t.tlir.loc.generic | diff %t.ref.loc -

#fm = #arith.fastmath<nnan,ninf>

// Integer arithmetic on index, as address computations do.
func.func @linearize(%i: index, %j: index, %n: index) -> index {
  %c1 = arith.constant 1 : index
  %0 = arith.muli %i, %n overflow<nsw> : index
  %1 = arith.addi %0, %j overflow<nsw, nuw> : index
  %2 = arith.subi %1, %c1 : index
  %3 = arith.floordivsi %2, %n : index
  %4 = arith.remsi %2, %n : index
  %5 = arith.ceildivui %3, %n : index
  %6 = arith.maxsi %4, %5 : index
  return %6 : index
}

// Bit manipulation on i64 and vectors of i8.
func.func @bits(%a: i64, %v: vector<16xi8>) -> (i64, vector<16xi8>) {
  %c3 = arith.constant 3 : i64
  %m = arith.constant -256 : i64
  %s = arith.constant dense<2> : vector<16xi8>
  %0 = arith.shli %a, %c3 overflow<nuw> : i64
  %1 = arith.andi %0, %m : i64
  %2 = arith.shrsi %1, %c3 : i64
  %3 = arith.shrui %2, %c3 exact : i64
  %4 = arith.xori %3, %a : i64
  %5 = arith.ori %4, %m : i64
  %6 = arith.shrui %v, %s : vector<16xi8>
  %7 = arith.minui %6, %v : vector<16xi8>
  %8 = arith.maxui %7, %s : vector<16xi8>
  return %5, %8 : i64, vector<16xi8>
}

// Float math with fast-math flags, an attribute alias included.
func.func @softplus(%x: f32, %t: tensor<4x?xf16>) -> (f32, tensor<4x?xf16>) {
  %one = arith.constant 1.0 : f32
  %half = arith.constant 5.000000e-01 : f16
  %0 = arith.mulf %x, %x fastmath<fast> : f32
  %1 = arith.addf %0, %one {fastmath = #fm} : f32
  %2 = arith.divf %one, %1 : f32
  %3 = arith.negf %2 : f32
  %4 = arith.maximumf %3, %x : f32
  %5 = arith.minnumf %4, %one fastmath<nsz> : f32
  %6 = arith.remf %5, %x : f32
  %7 = arith.subf %t, %t fastmath<contract> : tensor<4x?xf16>
  %8 = arith.maxnumf %7, %t : tensor<4x?xf16>
  %9 = arith.minimumf %8, %t : tensor<4x?xf16>
  return %6, %9 : f32, tensor<4x?xf16>
}

// Casts in both directions and between widths.
func.func @casts(%a: i32, %f: f32, %i: index, %v: vector<2x2xi16>, %m: memref<?xi64>) -> (f64, i8, index, vector<2x2xf32>, memref<?xindex>) {
  %0 = arith.sitofp %a : i32 to f64
  %1 = arith.fptoui %f : f32 to i8
  %2 = arith.extf %f : f32 to f64
  %3 = arith.addf %0, %2 : f64
  %4 = arith.truncf %3 toward_zero : f64 to f32
  %5 = arith.bitcast %4 : f32 to i32
  %6 = arith.index_castui %5 : i32 to index
  %7 = arith.addi %6, %i : index
  %8 = arith.extui %v : vector<2x2xi16> to vector<2x2xi32>
  %9 = arith.uitofp %8 : vector<2x2xi32> to vector<2x2xf32>
  %10 = arith.index_cast %m : memref<?xi64> to memref<?xindex>
  %11 = arith.trunci %a overflow<nsw> : i32 to i16
  %12 = arith.extsi %11 : i16 to i64
  %13 = arith.fptosi %f : f32 to i64
  %14 = arith.cmpi sgt, %12, %13 : i64
  %15 = arith.select %14, %3, %0 : f64
  return %15, %1, %7, %9, %10 : f64, i8, index, vector<2x2xf32>, memref<?xindex>
}

// Comparisons, selects and the results of the extended ops, around a conditional.
func.func @control(%a: i32, %b: i32, %x: f32, %mask: vector<4xi1>, %p: vector<4xf32>) -> (i32, vector<4xf32>) {
  %c0 = arith.constant 0 : i32
  %sum, %overflow = arith.addui_extended %a, %b : i32, i1
  %low, %high = arith.mulsi_extended %a, %b : i32
  %lu, %hu = arith.mului_extended %sum, %low : i32
  %ord = arith.cmpf ord, %x, %x : f32
  %both = arith.andi %ord, %overflow : i1
  %res = scf.if %both -> (i32) {
    %ne = arith.cmpi ne, %high, %c0 : i32
    %r = arith.select %ne, %high, %lu : i32
    scf.yield %r : i32
  } else {
    scf.yield %hu : i32
  }
  %q = arith.cmpf ult, %p, %p : vector<4xf32>
  %m2 = arith.ori %q, %mask : vector<4xi1>
  %sel = arith.select %m2, %p, %p : vector<4xi1>, vector<4xf32>
  return %res, %sel : i32, vector<4xf32>
}

// Constants of every kind, with the names mlir-opt gives them.
func.func @constants() -> (i1, i8, i64, index, f16, bf16, f64, vector<3xi32>, tensor<2x2xf32>) {
  %t = arith.constant true
  %b = arith.constant -128 : i8
  %l = arith.constant 9223372036854775807 : i64
  %i = arith.constant 1024 : index
  %h = arith.constant 6.550400e+04 : f16
  %bf = arith.constant -2.5 : bf16
  %d = arith.constant 0x7FF0000000000000 : f64
  %v = arith.constant dense<[1, -2, 3]> : vector<3xi32>
  %m = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  return %t, %b, %l, %i, %h, %bf, %d, %v, %m : i1, i8, i64, index, f16, bf16, f64, vector<3xi32>, tensor<2x2xf32>
}

func.func @locations(%a: i32 loc("a.mlir":1:2), %f: f32) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("add.mlir":3:4)
  %1 = arith.cmpf oeq, %f, %f : f32 loc(fused["cmp.mlir":5:6, "x"])
  %2 = arith.select %1, %0, %a : i32 loc(callsite("callee.mlir":7:8 at "caller.mlir":9:10))
  return %2 : i32
}
