// The verifier keeps going after an error: one run reports every problem (skipping only what is nested in
// an op that failed its own checks, and the region checks of an op whose nested ops failed, like symbol
// tables), each rendered with its source line and a caret under the column. mlir-opt reports only the
// first of these.
// RUN: not tl-opt --allow-unregistered-dialect --mlir-print-op-on-diagnostic=false %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines

//      CHECK:{{.*}}verifier-multiple-errors.mlir:[[# @LINE + 17]]:1: error: 'builtin.module' op requires one region
// CHECK-NEXT:"builtin.module"() : () -> ()
// CHECK-NEXT:^
// CHECK-NEXT:{{.*}}verifier-multiple-errors.mlir:[[# @LINE + 17]]:3: error: operation with block successors must terminate its parent block
// CHECK-NEXT:  "t.br"() [^bb1] : () -> ()
// CHECK-NEXT:  ^
// CHECK-NEXT:{{.*}}verifier-multiple-errors.mlir:[[# @LINE + 12]]:1: error: empty block: expect at least a terminator
// CHECK-NEXT:"t.cfg"() ({
// CHECK-NEXT:^
// CHECK-NEXT:{{.*}}verifier-multiple-errors.mlir:[[# @LINE + 20]]:3: error: operand #0 does not dominate this use
// CHECK-NEXT:  "t.use"(%v) : (i32) -> ()
// CHECK-NEXT:  ^
// CHECK-NEXT:{{.*}}verifier-multiple-errors.mlir:[[# @LINE + 18]]:8: note: operand defined here (op in the same block)
// CHECK-NEXT:  %v = "t.def"() : () -> i32
// CHECK-NEXT:       ^
// CHECK-EMPTY:

"builtin.module"() : () -> ()
"t.cfg"() ({
^bb0:
  "t.br"() [^bb1] : () -> ()
  "t.after"() : () -> ()
^bb1:
}) : () -> ()
// Not reported: the module's symbol table is checked only when everything in it verified.
"t.symbol"() {sym_name = "f"} : () -> ()
"t.symbol"() {sym_name = "f"} : () -> ()
"t.func"() ({
^bb0:
  "t.use"(%v) : (i32) -> ()
  %v = "t.def"() : () -> i32
  "t.br"() [^bb1] : () -> ()
^bb1:
  "t.return"() : () -> ()
}) : () -> ()
