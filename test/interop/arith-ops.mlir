// arith operations: integer and float arithmetic with overflow flags and fast-math flags, every cmpi and
// cmpf predicate, casts between integer, index and float types, select, and the same ops on vectors and
// tensors.
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

func.func @integer_arith(%a: i32, %b: i32, %i: index, %j: index) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %0, %b overflow<nsw> : i32
  %2 = arith.muli %1, %a overflow<nsw, nuw> : i32
  %3 = arith.addi %2, %a overflow<nuw> : i32
  %4 = arith.divsi %3, %b : i32
  %5 = arith.divui %4, %b : i32
  %6 = arith.remsi %5, %b : i32
  %7 = arith.remui %6, %b : i32
  %8 = arith.ceildivsi %7, %b : i32
  %9 = arith.ceildivui %8, %b : i32
  %10 = arith.floordivsi %9, %b : i32
  %11 = arith.andi %10, %b : i32
  %12 = arith.ori %11, %b : i32
  %13 = arith.xori %12, %b : i32
  %14 = arith.shli %13, %b : i32
  %15 = arith.shrsi %14, %b : i32
  %16 = arith.shrui %15, %b : i32
  %17 = arith.maxsi %16, %b : i32
  %18 = arith.maxui %17, %b : i32
  %19 = arith.minsi %18, %b : i32
  %20 = arith.minui %19, %b : i32
  %lo, %hi = arith.mulsi_extended %a, %b : i32
  %lou, %hiu = arith.mului_extended %a, %b : i32
  %sum, %carry = arith.addui_extended %a, %b : i32, i1
  %k = arith.addi %i, %j : index
  %l = arith.muli %k, %j overflow<nsw> : index
  return %20 : i32
}

func.func @float_arith(%x: f32, %y: f32, %d: f64) -> f32 {
  %0 = arith.addf %x, %y : f32
  %1 = arith.subf %0, %y fastmath<fast> : f32
  %2 = arith.mulf %1, %x fastmath<nnan,ninf> : f32
  %3 = arith.divf %2, %y fastmath<reassoc,nsz,arcp,contract,afn> : f32
  %4 = arith.remf %3, %y : f32
  %5 = arith.negf %4 : f32
  %6 = arith.maximumf %5, %y : f32
  %7 = arith.minimumf %6, %y : f32
  %8 = arith.maxnumf %7, %y : f32
  %9 = arith.minnumf %8, %y fastmath<nnan> : f32
  %10 = arith.addf %d, %d fastmath<none> : f64
  return %9 : f32
}

func.func @cmpi(%a: i64, %b: i64) {
  %0 = arith.cmpi eq, %a, %b : i64
  %1 = arith.cmpi ne, %a, %b : i64
  %2 = arith.cmpi slt, %a, %b : i64
  %3 = arith.cmpi sle, %a, %b : i64
  %4 = arith.cmpi sgt, %a, %b : i64
  %5 = arith.cmpi sge, %a, %b : i64
  %6 = arith.cmpi ult, %a, %b : i64
  %7 = arith.cmpi ule, %a, %b : i64
  %8 = arith.cmpi ugt, %a, %b : i64
  %9 = arith.cmpi uge, %a, %b : i64
  return
}

func.func @cmpf(%x: f64, %y: f64) {
  %0 = arith.cmpf false, %x, %y : f64
  %1 = arith.cmpf oeq, %x, %y : f64
  %2 = arith.cmpf ogt, %x, %y : f64
  %3 = arith.cmpf oge, %x, %y : f64
  %4 = arith.cmpf olt, %x, %y : f64
  %5 = arith.cmpf ole, %x, %y : f64
  %6 = arith.cmpf one, %x, %y : f64
  %7 = arith.cmpf ord, %x, %y : f64
  %8 = arith.cmpf ueq, %x, %y : f64
  %9 = arith.cmpf ugt, %x, %y : f64
  %10 = arith.cmpf uge, %x, %y : f64
  %11 = arith.cmpf ult, %x, %y : f64
  %12 = arith.cmpf ule, %x, %y : f64
  %13 = arith.cmpf une, %x, %y : f64
  %14 = arith.cmpf uno, %x, %y : f64
  %15 = arith.cmpf true, %x, %y : f64
  %16 = arith.cmpf olt, %x, %y fastmath<nnan> : f64
  return
}

func.func @casts(%i8: i8, %i32: i32, %i64: i64, %idx: index, %f16: f16, %f32: f32, %f64: f64, %bf: bf16) {
  %0 = arith.extsi %i8 : i8 to i32
  %1 = arith.extui %i8 : i8 to i64
  %2 = arith.trunci %i64 : i64 to i16
  %3 = arith.trunci %i64 overflow<nsw> : i64 to i8
  %4 = arith.index_cast %i32 : i32 to index
  %5 = arith.index_cast %idx : index to i64
  %6 = arith.index_castui %idx : index to i32
  %7 = arith.sitofp %i32 : i32 to f32
  %8 = arith.uitofp %i64 : i64 to f64
  %9 = arith.fptosi %f32 : f32 to i32
  %10 = arith.fptoui %f64 : f64 to i64
  %11 = arith.extf %f16 : f16 to f32
  %12 = arith.extf %bf : bf16 to f64
  %13 = arith.truncf %f64 : f64 to f32
  %14 = arith.truncf %f32 to_nearest_away : f32 to bf16
  %15 = arith.truncf %f32 fastmath<afn> : f32 to f16
  %16 = arith.bitcast %f32 : f32 to i32
  %17 = arith.bitcast %i64 : i64 to f64
  return
}

func.func @select_and_vectors(%c: i1, %a: vector<4xf32>, %b: vector<4xf32>, %m: vector<4xi1>, %t: tensor<2x?xi32>) -> vector<4xf32> {
  %0 = arith.select %c, %a, %b : vector<4xf32>
  %1 = arith.select %m, %0, %b : vector<4xi1>, vector<4xf32>
  %2 = arith.addf %1, %a : vector<4xf32>
  %3 = arith.cmpf oge, %2, %b : vector<4xf32>
  %4 = arith.addi %t, %t : tensor<2x?xi32>
  %5 = arith.cmpi slt, %t, %t : tensor<2x?xi32>
  %6 = arith.sitofp %t : tensor<2x?xi32> to tensor<2x?xf32>
  %7 = arith.index_cast %t : tensor<2x?xi32> to tensor<2x?xindex>
  return %1 : vector<4xf32>
}
