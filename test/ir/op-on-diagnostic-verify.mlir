// With --verify-diagnostics an op's error carries no `see current operation` note (as mlir-opt turns it off
// there): the expectations need not mention it, and an unexpected note would fail the run.
// RUN: tl-opt --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s

func.func @f(%a: index) {
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@f) returns 0}}
  func.return %a : index
}

// -----

func.func @dominance(%a: i32) -> i32 {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  %1 = arith.addi %0, %a : i32
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = arith.addi %a, %a : i32
  return %1 : i32
}
