// RUN: mlir-opt -allow-unregistered-dialect %s -split-input-file -verify-diagnostics

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like}}
  %0 = arith.addi %a, %a : f32
  return
}

// -----

func.func @g(%a: i32) {
  // An expected error mlir-opt does not give: the chunk is left out.
  // expected-error@+1 {{no such error}}
  %0 = arith.addi %a, %a : i32
  return
}
