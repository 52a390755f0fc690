// Every verifier error of the scf dialect. Both tools check the same expected-* comments: the messages and their
// locations are mlir-opt 22's (loop-carried values as MLIR 22's LoopLikeOpInterface checks them, control flow edges
// as its RegionBranchOpInterface does).
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// ==== scf.for ====

func.func @f(%lb: index, %ub: index, %s: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'index'}}
  %r = "scf.for"(%lb, %ub, %s, %x) ({
  ^bb0(%i: index, %a: f32):
    "scf.yield"(%i) : (index) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%lb: index, %ub: index, %s: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = "scf.for"(%lb, %ub, %s, %x) ({
  ^bb0(%i: index, %a: f32):
    // expected-note@+1 {{region branch point}}
    "scf.yield"() : () -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%lb: index, %ub: index, %s: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  %r = "scf.for"(%lb, %ub, %s, %x) ({
  ^bb0(%i: i32, %a: f32):
    "scf.yield"(%a) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%lb: index, %ub: index, %s: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'i32'}}
  %r = "scf.for"(%lb, %ub, %s, %x) ({
  ^bb0(%i: index, %a: i32):
    "scf.yield"(%a) : (i32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%lb: index, %ub: index, %s: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'f32' != 'i32'}}
  %r = "scf.for"(%lb, %ub, %s, %x) ({
  ^bb0(%i: index, %a: f32):
    "scf.yield"(%a) : (f32) -> ()
  }) : (index, index, index, f32) -> i32
  return
}

// -----

func.func @f(%lb: index, %ub: index, %s: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op different number of inits and region iter_args: 1 != 0}}
  %r = "scf.for"(%lb, %ub, %s, %x) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%lb: index, %ub: index, %s: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  "scf.for"(%lb, %ub, %s, %x) ({
  ^bb0(%i: index, %a: f32):
    "scf.yield"(%a) : (f32) -> ()
  }) : (index, index, index, f32) -> ()
  return
}

// -----

func.func @f(%lb: index, %ub: i32, %s: index) {
  // expected-error@+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%lb, %ub, %s) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, i32, index) -> ()
  return
}

// -----

// The bounds' types are checked before the region's shape (here an empty region).
func.func @f(%lb: index, %ub: index, %s: i64) {
  // expected-error@+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%lb, %ub, %s) ({}) : (index, index, i64) -> ()
  return
}

// -----

func.func @f(%lb: f32, %ub: f32, %s: f32) {
  // expected-error@+1 {{'scf.for' op operand #0 must be signless integer or index, but got 'f32'}}
  "scf.for"(%lb, %ub, %s) ({
  ^bb0(%i: f32):
    "scf.yield"() : () -> ()
  }) : (f32, f32, f32) -> ()
  return
}

// -----

func.func @f(%lb: index, %ub: index, %s: index) {
  // expected-error@+1 {{'scf.for' op expects region #0 to have 0 or 1 blocks}}
  "scf.for"(%lb, %ub, %s) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  ^bb1:
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%lb: index, %ub: index, %s: index) {
  // expected-error@+2 {{'scf.for' op expects regions to end with 'scf.yield', found 't.x'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.for"(%lb, %ub, %s) ({
  ^bb0(%i: index):
    "t.x"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%lb: index, %ub: index, %s: index) {
  // expected-error@+1 {{'scf.for' op different number of inits and region iter_args: 0 != 18446744073709551615}}
  "scf.for"(%lb, %ub, %s) ({
  ^bb0:
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%lb: index, %ub: index, %s: index) {
  // expected-error@+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.for"(%lb, %ub, %s) ({
  }) : (index, index, index) -> ()
  return
}

// -----

// ==== scf.if, scf.yield, scf.condition, scf.while ====

func.func @f(%c: i1, %x: f32) {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %0 = scf.if %c -> (f32) {
    scf.yield %x : f32
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32, %i: i32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.if %c -> (f32) {
    // expected-note@+1 {{region branch point}}
    scf.yield %i : i32
  } else {
    scf.yield %x : f32
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32, %i: i32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %0 = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    // expected-note@+1 {{region branch point}}
    scf.yield %x, %x : f32, f32
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32, %i: i32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 1 operands, but region successor needs 0 inputs}}
  scf.if %c {
    // expected-note@+1 {{region branch point}}
    scf.yield %x : f32
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32, %i: i32) {
  // expected-error@+1 {{'scf.if' op region #0 should have no arguments}}
  "scf.if"(%c) ({
  ^bb0(%a: f32):
    "scf.yield"() : () -> ()
  }, {}) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error@+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {}) : (i32) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op expected 2 regions}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op expects region #1 to have 0 or 1 blocks}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
    "scf.yield"() : () -> ()
  ^bb1:
    "scf.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield %x : f32
}

// -----

func.func @f(%c: i1, %x: f32) {
  // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
  scf.condition(%c) %x : f32
}

// -----

func.func @f(%c: i1, %x: f32) {
  // expected-error@+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    // expected-note@+1 {{terminator here}}
    scf.yield %a : f32
  } do {
  ^bb0(%b: f32):
    scf.yield %b : f32
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32) {
  // expected-error@+1 {{'scf.while' op expects the 'after' region to terminate with 'scf.yield'}}
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: f32):
    // expected-note@+1 {{terminator here}}
    "t.x"() : () -> ()
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32, %i: i32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%b: f32):
    scf.yield %b : f32
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32, %i: i32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: f32):
    // expected-note@+1 {{region branch point}}
    scf.yield %i : i32
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32, %i: i32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: i32):
    scf.yield %x : f32
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32, %i: i32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %a, %a : f32, f32
  } do {
  ^bb0(%b: f32):
    scf.yield %x : f32
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32, %i: i32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: region branch point has 2 operands, but region successor needs 1 inputs}}
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: f32):
    // expected-note@+1 {{region branch point}}
    scf.yield %x, %x : f32, f32
  }
  return
}

// -----

func.func @f(%c: i1, %x: f32, %i: i32) {
  // expected-error@+2 {{'scf.while' op along control flow edge from parent to Region #0: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  // expected-note@+1 {{region branch point}}
  %0 = "scf.while"(%x) ({
  ^bb0(%a: i32):
    scf.condition(%c) %x : f32
  }, {
  ^bb0(%b: f32):
    scf.yield %x : f32
  }) : (f32) -> f32
  return
}

// -----

func.func @f(%c: i1, %x: f32, %i: i32) {
  // expected-error@+1 {{custom op 'scf.while' expected as many input types as operands (expected 1 got 2)}}
  %0 = scf.while (%a = %x) : (f32, f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: f32):
    scf.yield %x : f32
  }
  return
}

// -----

// ==== scf.parallel, scf.reduce, scf.index_switch, scf.execute_region ====

func.func @f(%lb: index) {
  // expected-error@+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  "scf.parallel"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
    scf.reduce
  }) : () -> ()
  return
}

// -----

func.func @f(%lb: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%lb) to (%lb) step (%c0) {
  }
  return
}

// -----

func.func @f(%lb: index) {
  // expected-error@+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index, %j: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%lb: index) {
  // expected-error@+1 {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
  "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: i32):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %0 = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of initial values: 0}}
  %0 = "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }) : (index, index, index) -> f32
  return
}

// -----

func.func @f(%lb: index, %x: f32, %y: i32) {
  %0 = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'i32' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%y : i32) {
    ^bb0(%a: i32, %b: i32):
      scf.reduce.return %a : i32
    }
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  %0 = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expects number of reduction regions: 1 to be the same as number of reduction operands: 2}}
    "scf.reduce"(%x, %x) ({
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }) : (f32, f32) -> ()
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  %0 = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%x : f32) {
    ^bb0(%a: f32):
      scf.reduce.return %a : f32
    }
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  %0 = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op reduction bodies must be terminated with an 'scf.reduce.return' op}}
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      "t.x"() : () -> ()
    }
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32, %y: i32) {
  %0 = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      // expected-error@+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %y : i32
    }
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  %0 = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op region #0 ('reductions') failed to verify constraint: region with 1 blocks}}
    scf.reduce(%x : f32) {
    }
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error@+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
  scf.reduce
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error@+1 {{'scf.reduce.return' op expects parent op 'scf.reduce'}}
  scf.reduce.return %x : f32
}

// -----

func.func @f(%lb: index) {
  // expected-error@+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  %0 = "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    // expected-note@+1 {{terminator here}}
    "t.x"() : () -> ()
  }) : (index, index, index) -> f32
  return
}

// -----

func.func @f(%i: index, %x: i32) {
  // expected-error@+1 {{'scf.index_switch' op has duplicate case value: 1}}
  %0 = scf.index_switch %i -> i32
  case 1 {
    scf.yield %x : i32
  }
  case 1 {
    scf.yield %x : i32
  }
  default {
    scf.yield %x : i32
  }
  return
}

// -----

func.func @f(%i: index, %x: i32) {
  // expected-error@+1 {{'scf.index_switch' op expected each region to return 1 values, but case region #0 returns 2}}
  %0 = scf.index_switch %i -> i32
  case 1 {
    // expected-note@+1 {{see yield operation here}}
    scf.yield %x, %x : i32, i32
  }
  default {
    scf.yield %x : i32
  }
  return
}

// -----

func.func @f(%i: index, %x: i32, %f: f32) {
  // expected-error@+1 {{'scf.index_switch' op expected result #0 of each region to be 'i32'}}
  %0 = scf.index_switch %i -> i32
  case 1 {
    scf.yield %x : i32
  }
  default {
    // expected-note@+1 {{default region returns 'f32' here}}
    scf.yield %f : f32
  }
  return
}

// -----

func.func @f(%i: index, %x: i32) {
  // expected-error@+1 {{'scf.index_switch' op has 1 case regions but 2 case values}}
  %0 = "scf.index_switch"(%i) <{cases = array<i64: 1, 2>}> ({
    scf.yield %x : i32
  }, {
    scf.yield %x : i32
  }) : (index) -> i32
  return
}

// -----

func.func @f(%i: index, %x: i32) {
  // expected-error@+1 {{'scf.index_switch' op expected region to end with scf.yield, but got t.x}}
  %0 = "scf.index_switch"(%i) <{cases = array<i64>}> ({
    "t.x"() : () -> ()
  }) : (index) -> i32
  return
}

// -----

func.func @f(%i: i32, %x: i32) {
  // expected-error@+1 {{'scf.index_switch' op operand #0 must be index, but got 'i32'}}
  "scf.index_switch"(%i) <{cases = array<i64>}> ({
    scf.yield
  }) : (i32) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.execute_region' op region needs to have at least one block}}
  %0 = "scf.execute_region"() ({
  }) : () -> i32
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'scf.execute_region' op region cannot have any arguments}}
  %0 = "scf.execute_region"() ({
  ^bb0(%a: i32):
    scf.yield %a : i32
  }) : () -> i32
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.execute_region -> f32 {
    // expected-note@+1 {{region branch point}}
    scf.yield %x : i32
  }
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %0 = scf.execute_region -> i32 {
    "t.br"()[^bb1] : () -> ()
  ^bb1:
    // expected-note@+1 {{region branch point}}
    scf.yield
  }
  return
}

// -----

// ==== scf.forall ====

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall' op mapping attribute size must match op rank}}
  scf.forall (%i) in (%n) {
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall' op region expects 1 arguments}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: -9223372036854775808>, staticStep = array<i64: 1>}> ({
  ^bb0(%i: index, %j: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall' op expects 0-th block argument to be an index}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: -9223372036854775808>, staticStep = array<i64: 1>}> ({
  ^bb0(%i: i32):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall' op region expects 2 arguments}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0, 0>, staticUpperBound = array<i64: -9223372036854775808>, staticStep = array<i64: 1>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{expected 1 dynamic upper bound values}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: -9223372036854775808>, staticStep = array<i64: 1>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : () -> ()
  return
}

// -----

func.func @f(%n: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{'scf.forall' op produces 1 results, but has only 0 outputs}}
  %0 = "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: -9223372036854775808>, staticStep = array<i64: 1>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> tensor<4xf32>
  return
}

// -----

func.func @f(%n: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{'scf.forall' op type mismatch between 0-th output and corresponding block argument}}
  %0 = "scf.forall"(%n, %t) <{operandSegmentSizes = array<i32: 0, 1, 0, 1>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: -9223372036854775808>, staticStep = array<i64: 1>}> ({
  ^bb0(%i: index, %o: tensor<5xf32>):
    scf.forall.in_parallel {
    }
  }) : (index, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%n: index) {
  scf.forall (%i) in (%n) {
    // expected-error@+1 {{'scf.forall.in_parallel' op expected only ParallelCombiningOpInterface ops}}
    scf.forall.in_parallel {
      "t.x"() : () -> ()
    }
  }
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'scf.forall.in_parallel' op expects parent op 'scf.forall'}}
  scf.forall.in_parallel {
  }
  return
}

// -----

// ==== scf.for: more loop-carried value checks ====

func.func @f(%lb: index, %x: f32, %y: i32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'i64'}}
  %r:2 = "scf.for"(%lb, %lb, %lb, %x, %y) ({
  ^bb0(%i: index, %a: f32, %b: i32):
    "scf.yield"(%a, %b) : (f32, i32) -> ()
  }) : (index, index, index, f32, i32) -> (f32, i64)
  return
}

// -----

func.func @f(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // A single iteration: the yield goes back to the op only.
  // expected-error@+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %x) -> (f32) {
    // expected-note@+1 {{region branch point}}
    "scf.yield"() : () -> ()
  }
  return
}

// -----

func.func @f(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error@+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (f32) {
    // expected-note@+1 {{region branch point}}
    "scf.yield"() : () -> ()
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op different number of region iter_args and yielded values: 1 != 2}}
  %r = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index, %a: f32):
    "scf.yield"(%a, %a) : (f32, f32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error@+1 {{'scf.for' op different number of inits and region iter_args: 2 != 1}}
  "scf.for"(%lb, %lb, %lb, %x, %x) ({
  ^bb0(%i: index, %a: f32):
    "scf.yield"(%a) : (f32) -> ()
  }) : (index, index, index, f32, f32) -> (f32, f32)
  return
}
