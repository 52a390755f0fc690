// Symbol tables: a redefinition is reported with a note at the first definition. As mlir-opt 22 does, the table's
// check stops at its first redefinition (the second, of @g, is reported once the first is gone).
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s

// CHECK: verifier-symbols.mlir:[[# @LINE + 7]]:1: error: redefinition of symbol named 'f'
// CHECK: verifier-symbols.mlir:[[# @LINE + 4]]:1: note: see existing symbol definition here
// CHECK: verifier-symbols.mlir:[[# @LINE + 19]]:1: error: redefinition of symbol named 'g'
// CHECK: verifier-symbols.mlir:[[# @LINE + 16]]:1: note: see existing symbol definition here
// expected-note@+1 {{see existing symbol definition here}}
"t.symbol"() {sym_name = "f"} : () -> ()
// expected-error@+1 {{redefinition of symbol named 'f'}}
"t.symbol"() {sym_name = "f"} : () -> ()
module @g {}
// Not reported: the check stopped at the first redefinition.
"t.symbol"() {sym_name = "g"} : () -> ()
// Nested tables are separate.
module @h {
  "t.symbol"() {sym_name = "f"} : () -> ()
}

// -----

// expected-note@+1 {{see existing symbol definition here}}
module @g {}
// expected-error@+1 {{redefinition of symbol named 'g'}}
"t.symbol"() {sym_name = "g"} : () -> ()
module @h {
  "t.symbol"() {sym_name = "f"} : () -> ()
}
