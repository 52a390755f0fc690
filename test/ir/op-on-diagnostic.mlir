// An error on an op carries a note showing the op (MLIR's printOpOnDiagnostic, on by default): in the generic
// form, its values named as when its closest isolated-from-above ancestor is printed, on a line of its own when
// it takes several. The same text as mlir-opt's, byte for byte. `--mlir-print-op-on-diagnostic=false` leaves it
// out, and so does `--verify-diagnostics` (op-on-diagnostic-verify.mlir).
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2> %t.tl
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file %s 2> %t.ref
// RUN: diff %t.ref %t.tl
// RUN: FileCheck %s < %t.tl
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file --mlir-print-op-on-diagnostic=false %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --implicit-check-not="see current operation"

// CHECK: error: 'arith.addf' op operand #1 must be floating-point-like, but got 'index'
// CHECK: note: see current operation: %3 = "arith.addf"(%2, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, index) -> f32
// OFF: error: 'arith.addf' op operand #1 must be floating-point-like, but got 'index'
func.func @nested(%a: index, %b: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %c0 to %a step %a iter_args(%acc = %b) -> (f32) {
    %x = arith.addf %acc, %b : f32
    %y = "arith.addf"(%x, %i) : (f32, index) -> f32
    scf.yield %y : f32
  }
  return %r : f32
}

// -----

// Values are numbered in the function, not in the module.
// CHECK: error: 'func.return' op has 1 operands, but enclosing function (@second) returns 0
// CHECK: note: see current operation: "func.return"(%arg0) : (index) -> ()
// OFF: error: 'func.return' op has 1 operands
func.func @first(%a: index) -> index {
  %0 = arith.addi %a, %a : index
  return %0 : index
}
func.func @second(%a: index) {
  func.return %a : index
}

// -----

// An op with regions is shown whole, from the next line.
// CHECK: error: 'scf.if' op must have an else block if defining values
// CHECK-NEXT: scf.if
// CHECK-NEXT: ^
// CHECK-NEXT: note: see current operation: {{$}}
// CHECK-NEXT: %0 = "scf.if"(%arg0) ({
// CHECK-NEXT:   %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT:   "scf.yield"(%1) : (i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: }) : (i1) -> i32
// OFF: error: 'scf.if' op must have an else block if defining values
func.func @if(%c: i1) -> i32 {
  %r = scf.if %c -> (i32) {
    %one = arith.constant 1 : i32
    scf.yield %one : i32
  }
  return %r : i32
}

// -----

// A dominance error: the op's note comes first, then the verifier's.
// CHECK: error: operand #0 does not dominate this use
// CHECK: note: see current operation: %0 = "arith.addi"(%1, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT: note: operand defined here (op in the same block)
// OFF: error: operand #0 does not dominate this use
// OFF: note: operand defined here (op in the same block)
func.func @dominance(%a: i32) -> i32 {
  %1 = arith.addi %0, %a : i32
  %0 = arith.addi %a, %a : i32
  return %1 : i32
}
