// A rewrite can leave an op that uses its own result, `%1 = arith.addi %1, %c2`, legal only in an unreachable
// block: here `cf.cond_br %arg0` in ^bb1 becomes `cf.br ^bb5` (its condition is known true there), which makes the
// loop ^bb2..^bb4 unreachable in the middle of the iteration, and its block argument then takes the loop's own
// value. The addi/subi/muli patterns with a constant (AddIAddConstant, SubIRHSSubConstantLHS, MulIMulIConstant,
// ...) rebuilt such an op as itself with a new constant forever: tl-opt --canonicalize never returned (mlir-opt 22
// does not return either, on these and on any op in that place, so it is not run here).
// RUN: tl-opt --split-input-file --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @addi
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    return %[[C0]] : index
// CHECK-NEXT:  }
func.func @addi(%arg0: i1) -> index {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  cf.cond_br %arg0, ^bb1, ^bb5
^bb1:
  cf.cond_br %arg0, ^bb5, ^bb2(%c2 : index)
^bb2(%0: index):
  %1 = arith.cmpi slt, %0, %c2 : index
  cf.cond_br %1, ^bb3, ^bb4(%c0 : index)
^bb3:
  %2 = arith.addi %0, %c3 : index
  cf.br ^bb2(%2 : index)
^bb4(%3: index):
  cf.br ^bb6
^bb6:
  %4 = arith.addi %3, %c2 : index
  cf.br ^bb4(%4 : index)
^bb5:
  return %c0 : index
}

// -----

// CHECK-LABEL: func.func @subi
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    return %[[C0]] : i32
// CHECK-NEXT:  }
func.func @subi(%arg0: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  cf.cond_br %arg0, ^bb1, ^bb5
^bb1:
  cf.cond_br %arg0, ^bb5, ^bb2(%c2 : i32)
^bb2(%0: i32):
  %1 = arith.cmpi slt, %0, %c2 : i32
  cf.cond_br %1, ^bb3, ^bb4(%c0 : i32)
^bb3:
  %2 = arith.addi %0, %c3 : i32
  cf.br ^bb2(%2 : i32)
^bb4(%3: i32):
  cf.br ^bb6
^bb6:
  %4 = arith.subi %c2, %3 : i32
  cf.br ^bb4(%4 : i32)
^bb5:
  return %c0 : i32
}

// -----

// CHECK-LABEL: func.func @muli
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    return %[[C0]] : i64
// CHECK-NEXT:  }
func.func @muli(%arg0: i1) -> i64 {
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  cf.cond_br %arg0, ^bb1, ^bb5
^bb1:
  cf.cond_br %arg0, ^bb5, ^bb2(%c2 : i64)
^bb2(%0: i64):
  %1 = arith.cmpi slt, %0, %c2 : i64
  cf.cond_br %1, ^bb3, ^bb4(%c0 : i64)
^bb3:
  %2 = arith.addi %0, %c3 : i64
  cf.br ^bb2(%2 : i64)
^bb4(%3: i64):
  cf.br ^bb6
^bb6:
  %4 = arith.muli %3, %c2 : i64
  cf.br ^bb4(%4 : i64)
^bb5:
  return %c0 : i64
}
