// Errors in the custom forms of the func ops. Both tools check the same expected-* comments: the messages and
// their locations are mlir-opt 22's.
// RUN: tl-opt --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s

// expected-error@+1 {{custom op 'func.func' expected SSA identifier}}
func.func private @f(%a: i32, f32) -> i32

// -----

// expected-error@+1 {{custom op 'func.func' expected type instead of SSA identifier}}
func.func private @f(i32, %a: f32)

// -----

// expected-error@+1 {{custom op 'func.func' expected valid '@'-identifier for symbol name}}
func.func pubic @f(i32)

// -----

// expected-error@+1 {{custom op 'func.func' 'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @f(%a : i32) -> i32 attributes {sym_visibility = "private"} {
  return %a : i32
}

// -----

// expected-error@+1 {{custom op 'func.func' 'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @f(%a : i32) attributes {function_type = () -> ()} {
  return
}

// -----

// expected-error@+1 {{custom op 'func.func' expected non-empty function body}}
func.func @f() {
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{custom op 'func.call' invalid kind of type specified: expected builtin.function, but found 'i32'}}
  func.call @f(%a) : i32
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{custom op 'func.call' number of operands and types do not match: got 2 operands and 1 types}}
  func.call @f(%a, %a) : (i32) -> ()
  return
}

// -----

func.func @f(%a: i32) -> i32 {
// expected-error@+1 {{expected ':'}}
  return %a
}

// -----

func.func @f(%a: i32, %g: (i32) -> ()) {
// expected-error@+1 {{custom op 'func.call_indirect' invalid kind of type specified: expected builtin.function, but found 'i32'}}
  call_indirect %g(%a) : i32
  return
}

// -----

func.func @f(%a: i32, %g: (i32) -> ()) {
// expected-error@+1 {{custom op 'func.call_indirect' number of operands and types do not match: got 2 operands and 1 types}}
  call_indirect %g(%a, %a) : (i32) -> ()
  return
}

// -----

func.func @f() {
// expected-error@+1 {{expected ':'}}
  %0 = constant @f
  return
}

// -----

func.func @f() {
// expected-error@+1 {{custom op 'func.constant' invalid kind of attribute specified}}
  %0 = constant "f" : () -> ()
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{cannot name an operation with no results}}
  %0 = func.call @f(%a) : (i32) -> ()
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{expected attribute value}}
  func.call f(%a) : (i32) -> ()
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{custom op 'func.return' number of operands and types do not match: got 1 operands and 2 types}}
  return %a : i32, i32
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{expected operation name in quotes}}
  return : i32
}

// -----

// expected-error@+2 {{region entry argument '%a' is already in use}}
// expected-note@+1 {{previously referenced here}}
func.func @f(%a: i32, %a: i32) {
  return
}

// -----

// expected-error@+1 {{expected ')'}}
func.func @f(%a: i32) -> (i32 {a.b} {
  return
}

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @f(%a: i32) -> ()

// -----

// An argument without a type (MLIR's parseColonType).
// expected-error@+1 {{expected ':'}}
func.func @f(%a: i32, %b) {
  return
}

// -----

// A name without a dialect is looked up in func (the default dialect of a function's body), not in builtin.
func.func @f() {
  // expected-error@+1 {{custom op 'module' is unknown (tried 'func.module' as well)}}
  module {}
  return
}

// -----

// The argument list is read with its own loop (no "expected ',' or ')'").
// expected-error@+1 {{expected ')'}}
func.func @f(%a: i32: loc("x":1:2)) {
  return
}
