// Parse errors in the custom forms of the scf ops. Both tools check the same expected-* comments: the messages
// are mlir-opt 22's (an error about a missing token points just after the previous one, as MLIR's parser).
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

func.func @f(%lb: index) {
  // expected-error@+1 {{expected '='}}
  scf.for %i %lb to %lb step %lb {
  }
  return
}

// -----

func.func @f(%lb: index) {
  // expected-error@+1 {{custom op 'scf.for' expected 'to'}}
  scf.for %i = %lb until %lb step %lb {
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error@+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x, %b = %x) -> (f32) {
    scf.yield %a : f32
  }
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%lb: index, %x: f32) {
  // expected-error@+1 {{use of value '%x' expects different type than prior uses: 'i32' vs 'f32'}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (i32) {
    scf.yield %a : i32
  }
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%lb: index) {
  // expected-error@+1 {{use of value '%lb' expects different type than prior uses: 'i32' vs 'index'}}
  scf.for %i = %lb to %lb step %lb : i32 {
  }
  return
}

// -----

func.func @f(%lb: index) {
  scf.for %i = %lb to %lb step %lb {
    %v = "t.v"() : () -> index
  }
  // expected-error@+1 {{use of undeclared SSA value name}}
  scf.for %j = %v to %lb step %lb {
  }
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%c: i32) {
  // expected-error@+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  scf.if %c {
  }
  return
}

// -----

func.func @f(%c: i1) {
  scf.if %c {
  // expected-error@+1 {{expected '{' to begin a region}}
  } else
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{custom op 'scf.while' expected as many input types as operands (expected 1 got 2)}}
  %0 = scf.while (%a = %x) : (f32, f32) -> f32 {
    scf.condition(%a) %a : f32
  } do {
  ^bb0(%b: f32):
    scf.yield %b : f32
  }
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{custom op 'scf.while' invalid kind of type specified: expected builtin.function, but found 'f32'}}
  %0 = scf.while (%a = %x) : f32 {
    scf.condition(%a) %a : f32
  } do {
  ^bb0(%b: f32):
    scf.yield %b : f32
  }
  return
}

// -----

func.func @f(%x: f32, %c: i1) {
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  // expected-error@+1 {{custom op 'scf.while' expected 'do'}}
  } {
  ^bb0(%b: f32):
    scf.yield %b : f32
  }
  return
}

// -----

func.func @f(%lb: index) {
  // expected-error@+1 {{custom op 'scf.parallel' expected 2 operands}}
  scf.parallel (%i, %j) = (%lb) to (%lb, %lb) step (%lb, %lb) {
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // expected-error@+1 {{custom op 'scf.parallel' number of operands and types do not match: got 2 operands and 1 types}}
  %0 = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x, %x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }
  return
}

// -----

func.func @f(%i: index) {
  scf.index_switch %i
  case 1 {
    scf.yield
  }
  // expected-error@+1 {{custom op 'scf.index_switch' expected 'default'}}
  return
}

// -----

func.func @f(%i: index) {
  scf.index_switch %i
  // expected-error@+1 {{custom op 'scf.index_switch' expected integer value}}
  case x {
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{expected '{' to begin a region}}
  %0 = scf.execute_region no_inline -> i32 {
    scf.yield %x : i32
  }
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+2 {{expected '(' in dynamic index list}}
  // expected-error@+1 {{custom op 'scf.forall' expected SSA value or integer}}
  scf.forall (%i) in [%n] {
  }
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{custom op 'scf.forall' expected 'step'}}
  scf.forall (%i) = (0) to (%n) {
  }
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{expected ':'}}
  scf.reduce.return %n
}


// -----

// An op without a default dialect (scf.for has none) leaves its regions without one: a name without a dialect
// is not found there, not even `yield`.
func.func @f(%n: index) {
  scf.for %i = %n to %n step %n {
    // expected-error@+2 {{Dialect `' not found for custom op 'yield'  (tried '.yield' as well)}}
    // expected-note@+1 {{Available dialects: }}
    yield
  }
  return
}

// -----

func.func @f(%n: index, %x: f32) {
  // expected-error@+1 {{expected ',' or ')'}}
  %r = scf.for %i = %n to %n step %n iter_args(%acc = %x %x) -> (f32) {
    scf.yield %acc : f32
  }
  return
}

// -----

func.func @f(%n: index) {
  // An induction variable that is not an SSA name, reported after `scf.for`.
  // expected-error@+1 {{expected SSA operand}}
  scf.for i = %n to %n step %n {
  }
  return
}

// -----

func.func @f(%x: index) {
  // One bound per induction variable.
  // expected-error@+1 {{custom op 'scf.parallel' expected 2 operands}}
  scf.parallel (%i, %j) = (%x) to (%x, %x) step (%x, %x) {
  }
  return
}

// -----

func.func @f(%lb: index, %x: f32) {
  // An assignment list must follow iter_args: the op's own error, where the '(' should be.
  // expected-error@+1 {{custom op 'scf.for' expected '('}}
  %n = scf.for %iv = %lb to %lb step %lb iter_args >(%a = %x) -> (f32) {
    scf.yield %a : f32
  }
  return
}
