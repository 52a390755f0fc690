// Types and attributes written with a loaded dialect's name are that dialect's to parse: one it does not have,
// or a dialect with no types or attributes at all, is an error (not an opaque type), reported at the mnemonic in
// mlir-opt 22's words (its generated parsers say "unknown  type", with two spaces; gpu has its own).
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s

// CHECK: invalid-dialect-symbols.mlir:[[# @LINE + 2]]:25: error: dialect 'arith' provides no type parsing hook
// expected-error@+1 {{dialect 'arith' provides no type parsing hook}}
"t.op"() : () -> !arith.nope

// -----

// CHECK: invalid-dialect-symbols.mlir:[[# @LINE + 2]]:21: error: dialect 'func' provides no attribute parsing hook
// expected-error@+1 {{dialect 'func' provides no attribute parsing hook}}
"t.op"() {a = #func.nope} : () -> ()

// -----

// CHECK: invalid-dialect-symbols.mlir:[[# @LINE + 2]]:22: error: unknown attribute `nope` in dialect `arith`
// expected-error@+1 {{unknown attribute `nope` in dialect `arith`}}
"t.op"() {a = #arith.nope} : () -> ()

// -----

// CHECK: invalid-dialect-symbols.mlir:[[# @LINE + 2]]:20: error: unknown attribute `nope` in dialect `gpu`
// expected-error@+1 {{unknown attribute `nope` in dialect `gpu`}}
"t.op"() {a = #gpu<nope 1>} : () -> ()

// -----

// CHECK: invalid-dialect-symbols.mlir:[[# @LINE + 2]]:23: error: unknown gpu type: nope
// expected-error@+1 {{unknown gpu type: nope}}
"t.op"() : () -> !gpu.nope

// -----

// The body of a dialect's type or attribute is scanned before anything parses it, as MLIR does, for an
// unregistered dialect and a loaded one alike: an unbalanced bracket is reported at the body's '<' (or at the
// last string literal in it), naming the innermost bracket left open.
// CHECK: invalid-dialect-symbols.mlir:[[# @LINE + 2]]:19: error: unbalanced '(' character in pretty dialect name
// expected-error@+1 {{unbalanced '(' character in pretty dialect name}}
"t.op"() {a = #t.x<(>} : () -> ()

// -----

// CHECK: invalid-dialect-symbols.mlir:[[# @LINE + 2]]:22: error: unbalanced '<' character in pretty dialect name
// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"t.op"() : () -> !t.x<)>

// -----

// CHECK: invalid-dialect-symbols.mlir:[[# @LINE + 2]]:23: error: unbalanced '<' character in pretty dialect name
// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"t.op"() : () -> !t.x<"a"

// -----

// CHECK: invalid-dialect-symbols.mlir:[[# @LINE + 2]]:33: error: unbalanced '<' character in pretty dialect name
// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"t.op"() : () -> !gpu.mma_matrix<16), "AOp">

// -----

// CHECK: invalid-dialect-symbols.mlir:[[# @LINE + 2]]:49: error: expected '"' in string literal
// expected-error@+1 {{expected '"' in string literal}}
"t.op"() {a = #arith.fastmath<fa"st>} : () -> ()

// -----

// A dialect reads the mnemonic as a keyword: its leading bare identifier, if there is one.
// CHECK: invalid-dialect-symbols.mlir:[[# @LINE + 2]]:23: error: unknown gpu type: mma_matri
// expected-error@+1 {{unknown gpu type: mma_matri}}
"t.op"() : () -> !gpu.mma_matri-x

// -----

// CHECK: invalid-dialect-symbols.mlir:[[# @LINE + 2]]:20: error: expected valid keyword
// expected-error@+1 {{expected valid keyword}}
"t.op"() {a = #gpu.-><global>} : () -> ()
