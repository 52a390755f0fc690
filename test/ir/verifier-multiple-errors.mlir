// The verifier works in MLIR's order: inside one op that is isolated from above (a function, a module) it stops at
// the first problem, and the isolated ops nested in it are verified each on its own, so one run reports one
// error per function. The symbol table of the module is checked only when everything in it verified. Each error
// is rendered with its source line and a caret under the column, and the output is mlir-opt 22's.
// RUN: not tl-opt --allow-unregistered-dialect --mlir-print-op-on-diagnostic=false %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// RUN: not mlir-opt --allow-unregistered-dialect --mlir-print-op-on-diagnostic=false %s 2> %t.ref
// RUN: not tl-opt --allow-unregistered-dialect --mlir-print-op-on-diagnostic=false %s 2> %t.tlir
// RUN: diff %t.ref %t.tlir

//      CHECK:{{.*}}verifier-multiple-errors.mlir:[[# @LINE + 15]]:8: error: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'
// CHECK-NEXT:  %0 = arith.addf %a, %a : i32
// CHECK-NEXT:       ^
// CHECK-NEXT:{{.*}}verifier-multiple-errors.mlir:[[# @LINE + 19]]:3: error: operand #0 does not dominate this use
// CHECK-NEXT:  "t.use"(%v) : (i32) -> ()
// CHECK-NEXT:  ^
// CHECK-NEXT:{{.*}}verifier-multiple-errors.mlir:[[# @LINE + 17]]:8: note: operand defined here (op in the same block)
// CHECK-NEXT:  %v = "t.def"() : () -> i32
// CHECK-NEXT:       ^
// CHECK-NEXT:{{.*}}verifier-multiple-errors.mlir:[[# @LINE + 18]]:3: error: operation with block successors must terminate its parent block
// CHECK-NEXT:  "t.br"() [^bb1] : () -> ()
// CHECK-NEXT:  ^
// CHECK-EMPTY:

func.func @first(%a: i32) -> i32 {
  %0 = arith.addf %a, %a : i32
  // Not reported: the verifier stopped at the first error of this function.
  %1 = arith.addf %a, %a : i32
  return %0 : i32
}
// The dominance of a function is checked once its structure verified.
func.func @second() {
  "t.use"(%v) : (i32) -> ()
  %v = "t.def"() : () -> i32
  return
}
func.func @third() {
  "t.br"() [^bb1] : () -> ()
  "t.after"() : () -> ()
^bb1:
  return
}
// Not reported: the module's symbol table is checked only when everything in it verified.
"t.symbol"() {sym_name = "f"} : () -> ()
"t.symbol"() {sym_name = "f"} : () -> ()
