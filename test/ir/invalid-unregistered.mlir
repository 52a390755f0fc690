// Operations, types and attributes of dialects tlir does not know are errors unless
// --allow-unregistered-dialect is given. tl-opt says which dialect and which flag, at the name (mlir-opt says
// "operation being parsed with an unregistered dialect..." after the name, and "`!"foo"<"bar">` type created
// with unregistered dialect..." after the type); a known dialect without the op is reported as mlir-opt does.
// RUN: tl-opt --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --split-input-file %s 2>&1 | FileCheck %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>/dev/null | FileCheck %s --check-prefix=ALLOWED

// CHECK: {{.*}}invalid-unregistered.mlir:[[# @LINE + 2]]:1: error: operation 't.op' is not registered: its dialect is not loaded (use --allow-unregistered-dialect to allow it)
// expected-error@+1 {{operation 't.op' is not registered: its dialect is not loaded (use --allow-unregistered-dialect to allow it)}}
"t.op"() : () -> ()

// -----

// CHECK: {{.*}}invalid-unregistered.mlir:[[# @LINE + 3]]:1: error: operation 't' is not registered: its dialect is not loaded (use --allow-unregistered-dialect to allow it)
// An op name without a dialect prefix.
// expected-error@+1 {{operation 't' is not registered}}
"t"() : () -> ()

// -----

// CHECK: {{.*}}invalid-unregistered.mlir:[[# @LINE + 3]]:3: error: operation 't.nested' is not registered: its dialect is not loaded (use --allow-unregistered-dialect to allow it)
"builtin.module"() ({
  // expected-error@+1 {{operation 't.nested' is not registered}}
  "t.nested"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}invalid-unregistered.mlir:[[# @LINE + 3]]:1: error: unregistered operation 'builtin.foo' found in dialect ('builtin') that does not allow unknown operations
// builtin is loaded and allows no unknown operations, even with --allow-unregistered-dialect.
// expected-error@+1 {{unregistered operation 'builtin.foo' found in dialect ('builtin') that does not allow unknown operations}}
"builtin.foo"() : () -> ()

// -----

// CHECK: {{.*}}invalid-unregistered.mlir:[[# @LINE + 2]]:48: error: dialect 'foo' is not registered; use --allow-unregistered-dialect to allow its types
// expected-error@+1 {{dialect 'foo' is not registered; use --allow-unregistered-dialect to allow its types}}
"builtin.unrealized_conversion_cast"() : () -> !foo.bar

// -----

// CHECK: {{.*}}invalid-unregistered.mlir:[[# @LINE + 2]]:57: error: dialect 'foo' is not registered; use --allow-unregistered-dialect to allow its types
// expected-error@+1 {{dialect 'foo' is not registered; use --allow-unregistered-dialect to allow its types}}
"builtin.unrealized_conversion_cast"() : () -> tensor<4x!foo<"x">>

// -----

// CHECK: {{.*}}invalid-unregistered.mlir:[[# @LINE + 2]]:26: error: dialect 'foo' is not registered; use --allow-unregistered-dialect to allow its attributes
// expected-error@+1 {{dialect 'foo' is not registered; use --allow-unregistered-dialect to allow its attributes}}
module attributes {t.a = #foo.bar} {}

// -----

// CHECK: {{.*}}invalid-unregistered.mlir:[[# @LINE + 2]]:26: error: dialect 'foo' is not registered; use --allow-unregistered-dialect to allow its attributes
// expected-error@+1 {{dialect 'foo' is not registered; use --allow-unregistered-dialect to allow its attributes}}
module attributes {t.a = #foo<"x">} {}

// ALLOWED:      "t.op"() : () -> ()
// ALLOWED:      "t"() : () -> ()
// ALLOWED:      "t.nested"() : () -> ()
// ALLOWED:      unrealized_conversion_cast to !foo.bar
// ALLOWED:      unrealized_conversion_cast to tensor<4x!foo<"x">>
// ALLOWED:      module attributes {t.a = #foo.bar} {
// ALLOWED:      module attributes {t.a = #foo<"x">} {
