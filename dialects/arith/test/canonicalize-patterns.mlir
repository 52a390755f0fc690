// The canonicalization patterns of arith ops: tl-opt --canonicalize gives the module mlir-opt 22 gives (both
// printed by mlir-opt in the generic form).
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize

func.func @add_sub_constants(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %x, %c3 overflow<nsw> : i32
  %1 = arith.addi %0, %c5 overflow<nsw, nuw> : i32
  %2 = arith.subi %x, %c3 : i32
  %3 = arith.addi %2, %c5 : i32
  %4 = arith.subi %c3, %x : i32
  %5 = arith.addi %4, %c5 : i32
  %6 = arith.addi %x, %c3 : i32
  %7 = arith.subi %6, %c5 : i32
  %8 = arith.subi %c5, %6 : i32
  %9 = arith.subi %x, %c3 : i32
  %10 = arith.subi %9, %c5 : i32
  %11 = arith.subi %c3, %x : i32
  %12 = arith.subi %11, %c5 : i32
  %13 = arith.subi %c5, %9 : i32
  %14 = arith.subi %c5, %11 : i32
  %15 = arith.muli %x, %c3 : i32
  %16 = arith.muli %15, %c5 : i32
  return %1, %3, %5, %7, %8, %10, %12, %13, %14, %16 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

func.func @negation(%x: i64, %y: i64) -> (i64, i64, i64) {
  %m1 = arith.constant -1 : i64
  %0 = arith.muli %y, %m1 : i64
  %1 = arith.addi %x, %0 : i64
  %2 = arith.muli %x, %m1 : i64
  %3 = arith.addi %2, %y : i64
  %4 = arith.subi %x, %y : i64
  %5 = arith.subi %4, %x : i64
  return %1, %3, %5 : i64, i64, i64
}

func.func @extended(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32) {
  %one = arith.constant 1 : i32
  %sum, %overflow = arith.addui_extended %a, %b : i32, i1
  %low, %high = arith.mulsi_extended %a, %b : i32
  %lu, %hu = arith.mului_extended %a, %b : i32
  %l1, %h1 = arith.mulsi_extended %a, %one : i32
  return %sum, %low, %lu, %l1, %h1 : i32, i32, i32, i32, i32
}

func.func @logic(%a: i8, %b: i8, %x: i32, %y: i32, %c: i1) -> (i32, i32, i32, i1, i1) {
  %true = arith.constant true
  %0 = arith.extui %a : i8 to i32
  %1 = arith.extui %b : i8 to i32
  %2 = arith.andi %0, %1 : i32
  %3 = arith.extsi %a : i8 to i32
  %4 = arith.extsi %b : i8 to i32
  %5 = arith.ori %3, %4 : i32
  %6 = arith.xori %0, %1 : i32
  %7 = arith.cmpi slt, %x, %y : i32
  %8 = arith.xori %7, %true : i1
  %9 = arith.cmpi eq, %3, %4 : i32
  return %2, %5, %6, %8, %9 : i32, i32, i32, i1, i1
}

func.func @selects(%c: i1, %d: i1, %a: i32, %b: i32, %e: i32) -> (i32, i32, i32, i1, i32, i32) {
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %0 = arith.select %c, %a, %b : i32
  %1 = arith.select %c, %0, %e : i32
  %2 = arith.select %c, %e, %0 : i32
  %n = arith.xori %c, %true : i1
  %3 = arith.select %n, %a, %b : i32
  %4 = arith.select %d, %false, %true : i1
  %5 = arith.select %d, %one, %zero : i32
  %6 = arith.select %d, %zero, %one : i32
  return %1, %2, %3, %4, %5, %6 : i32, i32, i32, i1, i32, i32
}

func.func @casts(%a: i8, %x: i32, %f: f32, %i: i16) -> (i32, index, index, f32, i32, i16, i16, f16, bf16) {
  %0 = arith.extui %a : i8 to i16
  %1 = arith.extsi %0 : i16 to i32
  %2 = arith.extsi %a : i8 to i64
  %3 = arith.index_cast %2 : i64 to index
  %4 = arith.extui %a : i8 to i64
  %5 = arith.index_castui %4 : i64 to index
  %6 = arith.bitcast %x : i32 to f32
  %7 = arith.bitcast %6 : f32 to i32
  %8 = arith.extsi %i : i16 to i64
  %9 = arith.trunci %8 : i64 to i32
  %c16 = arith.constant 16 : i32
  %10 = arith.shrsi %x, %c16 : i32
  %11 = arith.trunci %10 : i32 to i16
  %12 = arith.extsi %a : i8 to i32
  %13 = arith.trunci %12 : i32 to i16
  %14 = arith.sitofp %x : i32 to f32
  %15 = arith.truncf %14 : f32 to f16
  %16 = arith.uitofp %x : i32 to f32
  %17 = arith.truncf %16 : f32 to bf16
  return %1, %3, %5, %6, %9, %11, %13, %15, %17 : i32, index, index, f32, i32, i16, i16, f16, bf16
}

func.func @floats(%x: f32, %y: f32) -> (f32, f32) {
  %0 = arith.negf %x : f32
  %1 = arith.negf %y : f32
  %2 = arith.mulf %0, %1 fastmath<fast> : f32
  %3 = arith.divf %0, %1 : f32
  return %2, %3 : f32, f32
}
