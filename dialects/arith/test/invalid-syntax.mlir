// Errors in the custom forms of the arith ops. Both tools check the same expected-* comments: the messages and
// their locations are mlir-opt 22's.
// RUN: tl-opt --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// The columns of some (CHECK lines), which --verify-diagnostics does not compare:
// RUN: not tl-opt --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --split-input-file %s 2>&1 | FileCheck %s

func.func @f(%a: i32) {
  // expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{custom op 'arith.cmpi' invalid predicate attribute specification: "foo"}}
  %0 = arith.cmpi "foo", %a, %a : i32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %0 = arith.cmpf slt, %a, %a : f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'}}
  %0 = arith.cmpi slt, %a, %a : f32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i32'}}
  %0 = arith.cmpf oeq, %a, %a : i32
  return
}

// -----

func.func @f(%a: i1, %b: i32) {
  // expected-error@+1 {{custom op 'arith.select' expected 3 operands}}
  %0 = arith.select %a, %b : i32
  return
}

// -----

func.func @f(%a: i1, %b: i32) {
  // No operand at all is a missing token, reported after the op's name.
  // CHECK: invalid-syntax.mlir:[[# @LINE + 2]]:20: error: expected operand
  // expected-error@+1 {{expected operand}}
  %0 = arith.select @f %a, %b, %b : i32
  return
}

// -----

func.func @f(%a: i1, %b: i32) {
  // CHECK: invalid-syntax.mlir:[[# @LINE + 2]]:21: error: unexpected delimiter
  // expected-error@+1 {{unexpected delimiter}}
  %0 = arith.select (%a, %b, %b) : i32
  return
}

// -----

func.func @f(%a: i1, %v: vector<4xf32>) {
  // expected-note@-1 {{prior use here}}
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'vector<4xi1>' vs 'i1'}}
  %0 = arith.select %a, %v, %v : vector<4xi1>, vector<4xf32>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.truncf %a foo : f32 to f16
  return
}

// -----

func.func @f(%a: i32) {
  // expected-note@-1 {{prior use here}}
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  %0 = arith.addi %a, %a : i64
  return
}

// -----

func.func @f(%a: i32) {
  %0 = arith.extsi %a : i32
  // expected-error@+1 {{custom op 'arith.extsi' expected 'to'}}
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{expected attribute value}}
  %0 = arith.constant : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.divsi %a, %a exact exact : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{custom op 'arith.addi' 'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
  %0 = arith.addi %a, %a {overflowFlags = 1 : i32} : i32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{custom op 'arith.negf' 'arith.negf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = arith.negf %a {fastmath = #arith.overflow<nsw>} : f32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'arith.constant' invalid kind of attribute specified}}
  %0 = arith.constant [1] : i32
  return
}

// -----

// A missing operand is reported right after what comes before it.
func.func @f(%a: i32) {
  // CHECK: invalid-syntax.mlir:[[# @LINE + 2]]:18: error: expected SSA operand
  // expected-error@+1 {{expected SSA operand}}
  %0 = arith.andi +, %a : i32
  return
}
