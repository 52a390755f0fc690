// A dialect name that is not an identifier, before the '.' of `!dialect.mnemonic` / `#dialect.mnemonic`
// (reported where the mnemonic starts, as mlir-opt 22 does) or before the '<' of `!dialect<...>` (at the '!').
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s

// CHECK: invalid-dialect-namespace.mlir:[[# @LINE + 2]]:20: error: invalid dialect namespace '""'
// expected-error@+1 {{invalid dialect namespace '""'}}
"test.op"() {y = !.x<..>} : () -> ()

// -----

// CHECK: invalid-dialect-namespace.mlir:[[# @LINE + 2]]:25: error: invalid dialect namespace '"-a"'
// expected-error@+1 {{invalid dialect namespace '"-a"'}}
"test.op"() : () -> !-a.b

// -----

// CHECK: invalid-dialect-namespace.mlir:[[# @LINE + 2]]:21: error: invalid dialect namespace '"a-"'
// expected-error@+1 {{invalid dialect namespace '"a-"'}}
"test.op"() : () -> !a-<"x">

// -----

// CHECK: invalid-dialect-namespace.mlir:[[# @LINE + 2]]:22: error: invalid dialect namespace '"-a"'
// expected-error@+1 {{invalid dialect namespace '"-a"'}}
"test.op"() {a = #-a.b} : () -> ()

// -----

// CHECK: invalid-dialect-namespace.mlir:[[# @LINE + 2]]:18: error: invalid dialect namespace '"a-"'
// expected-error@+1 {{invalid dialect namespace '"a-"'}}
"test.op"() {a = #a-<"x">} : () -> ()
