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
