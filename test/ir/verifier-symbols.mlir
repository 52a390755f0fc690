// Symbol tables: every redefinition in a table is reported, each with a note at the first definition.
// RUN: tl-opt --allow-unregistered-dialect --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: verifier-symbols.mlir:[[# @LINE + 7]]:1: error: redefinition of symbol named 'f'
// CHECK: verifier-symbols.mlir:[[# @LINE + 4]]:1: note: see existing symbol definition here
// CHECK: verifier-symbols.mlir:[[# @LINE + 9]]:1: error: redefinition of symbol named 'g'
// CHECK: verifier-symbols.mlir:[[# @LINE + 6]]:1: note: see existing symbol definition here
// expected-note@+1 {{see existing symbol definition here}}
"t.symbol"() {sym_name = "f"} : () -> ()
// expected-error@+1 {{redefinition of symbol named 'f'}}
"t.symbol"() {sym_name = "f"} : () -> ()
// expected-note@+1 {{see existing symbol definition here}}
module @g {}
// expected-error@+1 {{redefinition of symbol named 'g'}}
"t.symbol"() {sym_name = "g"} : () -> ()
// Nested tables are separate.
module @h {
  "t.symbol"() {sym_name = "f"} : () -> ()
}
