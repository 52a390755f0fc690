// scf.while's canonicalization (MLIR 22's patterns), one case each; mlir-opt 22 gives the same modules (the compare
// RUN line).
// RUN: tl-opt %s --canonicalize | FileCheck %s
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize

func.func private @sink(i32)
func.func private @sinkb(i1)

// WhileConditionTruth: an "after" argument the condition passes itself to is true there.
// CHECK-LABEL: func.func @condition_truth
// CHECK:         %[[TRUE:.+]] = arith.constant true
// CHECK:         } do {
// CHECK-NEXT:    ^bb0(%{{.+}}: i32):
// CHECK-NEXT:      func.call @sinkb(%[[TRUE]]) : (i1) -> ()
func.func @condition_truth(%x: i32, %lim: i32) -> i32 {
  %r:2 = scf.while (%i = %x) : (i32) -> (i1, i32) {
    %c = arith.cmpi slt, %i, %lim : i32
    scf.condition(%c) %c, %i : i1, i32
  } do {
  ^bb0(%t: i1, %j: i32):
    func.call @sinkb(%t) : (i1) -> ()
    %n = arith.addi %j, %j : i32
    scf.yield %n : i32
  }
  return %r#1 : i32
}

// WhileCmpCond: the condition's comparison of a value passed on is true in the "after" region, its inverse false
// (before the loop-invariant argument goes).
// CHECK-LABEL: func.func @cmp_cond
// CHECK:         %[[FALSE:.+]] = arith.constant false
// CHECK:         func.call @sinkb(%[[FALSE]]) : (i1) -> ()
func.func @cmp_cond(%b: i32, %lim: i32) -> i32 {
  %w0 = scf.while (%v1 = %b) : (i32) -> (i32) {
    %v2 = arith.cmpi sle, %v1, %lim : i32
    scf.condition(%v2) %v1 : i32
  } do {
  ^bb0(%v6: i32):
    %v7 = arith.cmpi sgt, %v6, %lim : i32
    func.call @sinkb(%v7) : (i1) -> ()
    scf.yield %v6 : i32
  }
  return %w0 : i32
}

// RemoveLoopInvariantArgsFromBeforeBlock: an argument yielded its init again is its init.
// CHECK-LABEL: func.func @invariant_arg
// CHECK:         scf.while (%[[A:.+]] = %arg1) : (i32) -> i32 {
// CHECK-NEXT:      func.call @sink(%arg0) : (i32) -> ()
func.func @invariant_arg(%b: i32, %c: i32, %lim: i32) -> i32 {
  %w0 = scf.while (%v1 = %b, %v9 = %c) : (i32, i32) -> (i32) {
    func.call @sink(%v1) : (i32) -> ()
    %v2 = arith.cmpi sle, %v9, %lim : i32
    scf.condition(%v2) %v9 : i32
  } do {
  ^bb0(%v6: i32):
    %n = arith.addi %v6, %v6 : i32
    scf.yield %b, %n : i32, i32
  }
  return %w0 : i32
}

// RemoveLoopInvariantValueYielded: a value from outside the loop passed on is that value.
// CHECK-LABEL: func.func @invariant_value
// CHECK:         %[[R:.+]] = scf.while
// CHECK-SAME:      -> i32
// CHECK:           func.call @sink(%arg1) : (i32) -> ()
// CHECK:         return %[[R]], %arg1 : i32, i32
func.func @invariant_value(%x: i32, %o: i32, %lim: i32) -> (i32, i32) {
  %r:2 = scf.while (%i = %x) : (i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %lim : i32
    scf.condition(%c) %i, %o : i32, i32
  } do {
  ^bb0(%j: i32, %p: i32):
    func.call @sink(%p) : (i32) -> ()
    %n = arith.addi %j, %p : i32
    scf.yield %n : i32
  }
  return %r#0, %r#1 : i32, i32
}

// WhileUnusedResult: a result unused, as is its "after" argument, goes.
// CHECK-LABEL: func.func @unused_result
// CHECK:         scf.while (%{{.+}} = %arg0) : (i32) -> i32 {
func.func @unused_result(%x: i32, %lim: i32) -> i32 {
  %r:2 = scf.while (%i = %x) : (i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %lim : i32
    %d = arith.addi %i, %lim : i32
    scf.condition(%c) %i, %d : i32, i32
  } do {
  ^bb0(%j: i32, %k: i32):
    %n = arith.addi %j, %j : i32
    scf.yield %n : i32
  }
  return %r#0 : i32
}

// WhileRemoveDuplicatedResults: a value passed on twice is passed once.
// CHECK-LABEL: func.func @duplicated
// CHECK:         %[[R:.+]] = scf.while (%{{.+}} = %arg0) : (i32) -> i32 {
// CHECK:         return %[[R]], %[[R]] : i32, i32
func.func @duplicated(%x: i32, %lim: i32) -> (i32, i32) {
  %r:2 = scf.while (%i = %x) : (i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %lim : i32
    %d = arith.addi %i, %lim : i32
    scf.condition(%c) %d, %d : i32, i32
  } do {
  ^bb0(%j: i32, %k: i32):
    %n = arith.addi %j, %k : i32
    scf.yield %n : i32
  }
  return %r#0, %r#1 : i32, i32
}

// WhileRemoveUnusedArgs: a "before" argument nothing uses goes, with its init and yielded value.
// CHECK-LABEL: func.func @unused_arg
// CHECK:         scf.while (%{{.+}} = %arg0) : (i32) -> i32 {
func.func @unused_arg(%x: i32, %y: i32, %lim: i32) -> i32 {
  %r = scf.while (%i = %x, %u = %y) : (i32, i32) -> (i32) {
    %c = arith.cmpi slt, %i, %lim : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %n = arith.addi %j, %j : i32
    %m = arith.muli %j, %j : i32
    scf.yield %n, %m : i32, i32
  }
  return %r : i32
}

// WhileOpAlignBeforeArgs: the "before" arguments passed on in another order are passed in theirs.
// CHECK-LABEL: func.func @align
// CHECK:         %[[R:.+]]:2 = scf.while (%[[A:.+]] = %arg0, %[[B:.+]] = %arg1) : (i32, i32) -> (i32, i32) {
// CHECK:           scf.condition(%{{.+}}) %[[A]], %[[B]] : i32, i32
// CHECK:         return %[[R]]#1, %[[R]]#0 : i32, i32
func.func @align(%x: i32, %y: i32, %lim: i32) -> (i32, i32) {
  %r:2 = scf.while (%i = %x, %k = %y) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %k : i32
    scf.condition(%c) %k, %i : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %n = arith.addi %q, %lim : i32
    %m = arith.addi %p, %lim : i32
    scf.yield %n, %m : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
