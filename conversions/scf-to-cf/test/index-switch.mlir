// convert-scf-to-cf on scf.index_switch: the index is cast to i64 for cf.switch, as MLIR does since llvm-project
// issue 111589. MLIR 22 cast it to i32, so an index or a case value past 2^31 took the wrong case (it lowers the last
// function below to a switch with case 0 twice); for the rest its output differs from this one in that cast and the
// switch's type only, and mlir-opt 22 reads this output back.
// RUN: tl-opt %s --convert-scf-to-cf --split-input-file | FileCheck %s
// RUN: tl-opt %s --convert-scf-to-cf --split-input-file | mlir-opt --split-input-file > /dev/null

// scf.index_switch: the index cast to i64 and a cf.switch, cases then default, each yield a branch to the block after
// the op, which takes the results.
// CHECK-LABEL: func.func @switch(
// CHECK-SAME:      %[[K:.*]]: index, %[[A:.*]]: i32, %[[B:.*]]: i32, %[[C:.*]]: i32) -> i32 {
// CHECK-NEXT:    %[[F:.*]] = arith.index_cast %[[K]] : index to i64
// CHECK-NEXT:    cf.switch %[[F]] : i64, [
// CHECK-NEXT:      default: ^bb3,
// CHECK-NEXT:      0: ^bb1,
// CHECK-NEXT:      3: ^bb2
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb4(%[[A]] : i32)
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb4(%[[B]] : i32)
// CHECK-NEXT:  ^bb3:  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb4(%[[C]] : i32)
// CHECK-NEXT:  ^bb4(%[[R:.*]]: i32):  // 3 preds: ^bb1, ^bb2, ^bb3
// CHECK-NEXT:    return %[[R]] : i32
func.func @switch(%k: index, %a: i32, %b: i32, %c: i32) -> i32 {
  %s = scf.index_switch %k -> i32
  case 0 {
    scf.yield %a : i32
  }
  case 3 {
    scf.yield %b : i32
  }
  default {
    scf.yield %c : i32
  }
  return %s : i32
}

// -----

// A switch of the default alone (printed as MLIR prints it, the bracket on the default's line).
// CHECK-LABEL: func.func @switch_default_only(
// CHECK:         cf.switch %{{.*}} : i64, [
// CHECK-NEXT:      default: ^bb1]
func.func @switch_default_only(%k: index, %m: memref<?xindex>) {
  scf.index_switch %k
  default {
    memref.store %k, %m[%k] : memref<?xindex>
    scf.yield
  }
  return
}

// -----

// Case values past 2^31 stay themselves.
// CHECK-LABEL: func.func @wide_cases(
// CHECK:         %[[F:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK-NEXT:    cf.switch %[[F]] : i64, [
// CHECK-NEXT:      default: ^bb4,
// CHECK-NEXT:      0: ^bb1,
// CHECK-NEXT:      4294967296: ^bb2,
// CHECK-NEXT:      -8589934592: ^bb3
// CHECK-NEXT:    ]
func.func @wide_cases(%k: index) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %s = scf.index_switch %k -> i32
  case 0 {
    scf.yield %c1 : i32
  }
  case 4294967296 {
    scf.yield %c2 : i32
  }
  case -8589934592 {
    scf.yield %c3 : i32
  }
  default {
    scf.yield %c0 : i32
  }
  return %s : i32
}
