// Every verifier error of the func dialect. Both tools check the same expected-* comments: the messages and
// their locations are mlir-opt 22's.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// ==== func.return ====

func.func @f() -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
  "func.return"() : () -> ()
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@f) returns 0}}
  return %a : i32
}

// -----

func.func @f() -> i32 {
  %0 = "t.a"() : () -> f32
  // expected-error@+1 {{type of return operand 0 ('f32') doesn't match function result type ('i32') in function @f}}
  "func.return"(%0) : (f32) -> ()
}

// -----

func.func @f(%a: i32) -> i32 {
  "t.region"() ({
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    "func.return"(%a) : (i32) -> ()
  }) : () -> ()
  return %a : i32
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.return' op requires 0 successors but found 1}}
  "func.return"()[^bb1] : () -> ()
^bb1:
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.return' op requires zero results}}
  %0 = "func.return"() : () -> i32
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return
  "t.a"() : () -> ()
}

// -----

// ==== func.call ====

func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op 'g' does not reference a valid function}}
  func.call @g(%a) : (i32) -> ()
  return
}

// -----

"t.g"() {sym_name = "g"} : () -> ()
func.func @f() {
  // expected-error@+1 {{'func.call' op 'g' does not reference a valid function}}
  func.call @g() : () -> ()
  return
}

// -----

func.func private @g(f32)
func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'f32', but provided 'i32' for operand number 0}}
  func.call @g(%a) : (i32) -> ()
  return
}

// -----

func.func private @g(i32) -> f32
func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  func.call @g(%a, %a) : (i32, i32) -> ()
  return
}

// -----

func.func private @g(i32) -> f32
func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  func.call @g(%a) : (i32) -> ()
  return
}

// -----

func.func private @g(i32) -> (f32, i64)
func.func @f(%a: i32) {
  // expected-error@+3 {{'func.call' op result type mismatch at index 1}}
  // expected-note@+2 {{      op result types: 'f32', 'i32'}}
  // expected-note@+1 {{function result types: 'f32', 'i64'}}
  %0:2 = func.call @g(%a) : (i32) -> (f32, i32)
  return
}

// -----

func.func private @g()
func.func @f() {
  "t.region"() ({
    // An unregistered op with one region might be a symbol table: the callee cannot be found.
    // expected-error@+1 {{'func.call' op 'g' does not reference a valid function}}
    func.call @g() : () -> ()
    "t.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.call' op requires attribute 'callee'}}
  "func.call"() : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.call' op attribute 'callee' failed to satisfy constraint: flat symbol reference attribute}}
  "func.call"() {callee = "g"} : () -> ()
  return
}

// -----

func.func private @g()
func.func @f() {
  // expected-error@+1 {{'func.call' op attribute 'arg_attrs' failed to satisfy constraint: Array of dictionary attributes}}
  "func.call"() <{callee = @g, arg_attrs = [1 : i32]}> : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{invalid properties {callee = "g"} for op func.call: Invalid attribute `callee` in property conversion: "g"}}
  "func.call"() <{callee = "g"}> : () -> ()
  return
}

// -----

// ==== func.call_indirect ====

func.func @f(%x: i32, %g: (i32) -> f32) {
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  %0 = "func.call_indirect"(%g, %x) : ((i32) -> f32, i32) -> i32
  return
}

// -----

func.func @f(%x: i32, %g: (i32) -> f32) {
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  %0 = "func.call_indirect"(%g, %x, %x) : ((i32) -> f32, i32, i32) -> f32
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'func.call_indirect' op operand #0 must be function type, but got 'i32'}}
  %0 = "func.call_indirect"(%x, %x) : (i32, i32) -> f32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.call_indirect' op expected 1 or more operands, but found 0}}
  "func.call_indirect"() : () -> ()
  return
}

// -----

// ==== func.constant ====

func.func @f() {
  // expected-error@+1 {{'func.constant' op reference to undefined function 'nope'}}
  %0 = func.constant @nope : () -> ()
  return
}

// -----

func.func private @g(i32) -> f32
func.func @f() {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = func.constant @g : (i32) -> i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.constant' op requires one result}}
  "func.constant"() <{value = @f}> : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.constant' op requires attribute 'value'}}
  %0 = "func.constant"() : () -> i32
  return
}

// -----

// ==== func.func ====

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @decl(i32) -> f32

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func public @decl(i32) -> f32

// -----

// expected-error@+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() <{sym_name = "f"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() <{function_type = () -> ()}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{function_type = i32, sym_name = "f"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{invalid properties {function_type = () -> (), sym_name = "f", sym_visibility = 3 : i64} for op func.func: Invalid attribute `sym_visibility` in property conversion: 3 : i64}}
"func.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = 3}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "hidden"}}
"func.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = "hidden"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires one region}}
"func.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = "private"}> ({
}, {
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f", sym_visibility = "private", arg_attrs = [{}, {}]}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f", sym_visibility = "private", arg_attrs = [{a = 1}]}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op expects result attribute array to have the same number of elements as the number of function results, got 2, but expected 1}}
"func.func"() <{function_type = (i32) -> i32, sym_name = "f", sym_visibility = "private", res_attrs = [{}, {}]}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op results may only have dialect attributes}}
func.func private @f() -> (i32 {a = 1})

// -----

// expected-error@+1 {{'func.func' op attribute 'res_attrs' failed to satisfy constraint: Array of dictionary attributes}}
"func.func"() <{function_type = (i32) -> (i32), sym_name = "f", sym_visibility = "private", res_attrs = [1]}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('f32') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: f32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0:
  "func.return"() : () -> ()
}) : () -> ()

// -----

func.func @outer() {
  // expected-error@+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func private @inner()
  return
}

// -----

func.func private @f()
// expected-error@+2 {{redefinition of symbol named 'f'}}
// expected-note@-2 {{see existing symbol definition here}}
func.func private @f()

// -----

// expected-error@+1 {{empty block: expect at least a terminator}}
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
^bb0:
}) : () -> ()
