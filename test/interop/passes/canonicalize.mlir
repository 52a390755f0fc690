// canonicalize gives the module mlir-opt 22 gives (both printed by mlir-opt in the generic form):
// the same folds, the same constants in the same order (uniqued, hoisted to the entry block, in MLIR's order).
// RUN: %S/compare-with-mlir-opt.sh %s %t --canonicalize

func.func @fold(%a: i32) -> (i32, i32, i32) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %c2, %c3 : i32
  %1 = arith.addi %a, %c0 : i32
  %2 = arith.muli %1, %c1 : i32
  %3 = arith.addi %c2, %a : i32
  return %0, %2, %3 : i32, i32, i32
}

func.func @hoist(%a: i32, %b: i1) -> i32 {
  %0 = arith.select %b, %a, %a : i32
  %c7 = arith.constant 7 : i32
  %1 = arith.addi %0, %c7 : i32
  %c9 = arith.constant 9 : i32
  %2 = arith.muli %1, %c9 : i32
  %c7_0 = arith.constant 7 : i32
  %3 = arith.subi %2, %c7_0 : i32
  return %3 : i32
}

func.func @dead(%a: i32, %m: memref<4xi32>, %i: index) -> i32 {
  %0 = arith.muli %a, %a : i32
  %1 = memref.load %m[%i] : memref<4xi32>
  %2 = arith.divsi %a, %0 : i32
  memref.store %a, %m[%i] : memref<4xi32>
  return %a : i32
}

func.func @compare(%a: i32) -> (i1, i1) {
  %0 = arith.cmpi eq, %a, %a : i32
  %1 = arith.cmpi slt, %a, %a : i32
  return %0, %1 : i1, i1
}
