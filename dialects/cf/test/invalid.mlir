// Every verifier error of the cf dialect. Both tools check the same expected-* comments: the messages and their
// locations are mlir-opt 22's (successor operands as MLIR's BranchOpInterface checks them).
// RUN: tl-opt --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s

func.func @f(%x: i32) {
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%x : i32)
^bb1:
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%x : i32)
^bb1(%a: i64):
  return
}

// -----

func.func @f(%c: i1, %x: i32) {
  // expected-error@+1 {{branch has 0 operands for successor #1, but target block has 1}}
  cf.cond_br %c, ^bb1(%x : i32), ^bb1
^bb1(%a: i32):
  return
}

// -----

func.func @f(%c: i1, %x: i32, %y: f32) {
  // expected-error@+1 {{type mismatch for bb argument #1 of successor #1}}
  cf.cond_br %c, ^bb1(%x, %y : i32, f32), ^bb1(%x, %x : i32, i32)
^bb1(%a: i32, %b: f32):
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 3 vs 2}}
  cf.cond_br %c weights([1, 2, 3]), ^bb1, ^bb1
^bb1:
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error@+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op requires 2 successors but found 1}}
  "cf.cond_br"(%c)[^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'cf.br' op requires 1 successor but found 2}}
  "cf.br"()[^bb1, ^bb1] : () -> ()
^bb1:
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "cf.br"()[^bb1] : () -> ()
  return
^bb1:
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'cf.switch' op 'flag' type ('i32') should match case value type ('i64')}}
  "cf.switch"(%x)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[42]> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'cf.switch' op number of case values (2) should match number of case destinations (1)}}
  "cf.switch"(%x)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[42, 43]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'cf.switch' op caseOperands count (0) does not match with the total size (1) specified in attribute 'case_operand_segments'}}
  "cf.switch"(%x)[^bb1, ^bb1] <{case_operand_segments = array<i32: 1>, case_values = dense<[42]> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{'cf.switch' op requires attribute 'case_operand_segments'}}
  "cf.switch"(%x)[^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%x: index) {
  // expected-error@+1 {{'cf.switch' op operand #0 must be integer, but got 'index'}}
  "cf.switch"(%x)[^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> ()
^bb1:
  return
}

// -----

func.func @f(%x: i32) {
  // expected-error@+1 {{invalid properties {case_operand_segments = array<i32: 0>, case_values = dense<1.000000e+00> : vector<1xf32>, operandSegmentSizes = array<i32: 1, 0, 0>} for op cf.switch: Invalid attribute `case_values` in property conversion: dense<1.000000e+00> : vector<1xf32>}}
  "cf.switch"(%x)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1.0]> : vector<1xf32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @f(%x: i32, %y: f32) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #1}}
  cf.switch %x : i32, [default: ^bb1(%y : f32), 4: ^bb1(%x : i32)]
^bb1(%a: f32):
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error@+1 {{'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.assert"(%c) <{msg = "m"}> : (i32) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'cf.assert' op requires attribute 'msg'}}
  "cf.assert"(%c) : (i1) -> ()
  return
}
