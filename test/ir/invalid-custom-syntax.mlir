// Errors in the custom forms of the builtin ops: errors of the op's own parser start with "custom op 'name'",
// as in mlir-opt 22; errors of the general parser (types, attributes, punctuation) do not.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}invalid-custom-syntax.mlir:[[# @LINE + 2]]:9: error: @ identifier expected to start with letter or '_'
// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
module @ {}

// -----

// CHECK: {{.*}}invalid-custom-syntax.mlir:[[# @LINE + 2]]:18: error: expected '{' in attribute dictionary
// expected-error@+1 {{expected '{' in attribute dictionary}}
module attributes 1 {}

// -----

// CHECK: {{.*}}invalid-custom-syntax.mlir:[[# @LINE + 2]]:28: error: expected '{' to begin a region
// expected-error@+1 {{expected '{' to begin a region}}
module attributes {t.a = 1}

// -----

// CHECK: {{.*}}invalid-custom-syntax.mlir:[[# @LINE + 2]]:36: error: custom op 'builtin.unrealized_conversion_cast' expected 'to'
// expected-error@+1 {{custom op 'builtin.unrealized_conversion_cast' expected 'to'}}
builtin.unrealized_conversion_cast from i32

// -----

// CHECK: {{.*}}invalid-custom-syntax.mlir:[[# @LINE + 2]]:41: error: use of undeclared SSA value name
// expected-error@+1 {{use of undeclared SSA value name}}
%0 = builtin.unrealized_conversion_cast %a : i32 to i64

// -----

// CHECK: {{.*}}invalid-custom-syntax.mlir:[[# @LINE + 3]]:41: error: custom op 'builtin.unrealized_conversion_cast' number of operands and types do not match: got 1 operands and 2 types
%0 = "t.def"() : () -> i32
// expected-error@+1 {{custom op 'builtin.unrealized_conversion_cast' number of operands and types do not match: got 1 operands and 2 types}}
%1 = builtin.unrealized_conversion_cast %0 : i32, i64 to i64

// -----

// CHECK: {{.*}}invalid-custom-syntax.mlir:[[# @LINE + 3]]:43: error: expected ':'
%0 = "t.def"() : () -> i32
// expected-error@+1 {{expected ':'}}
%1 = builtin.unrealized_conversion_cast %0 to i64

// -----

// An op name that is not in quotes must be a registered op with a custom form. With a dialect that is not
// loaded, mlir-opt names the dialect (with a trailing space) and lists the dialects it has.
// CHECK: {{.*}}invalid-custom-syntax.mlir:[[# @LINE + 4]]:1: error: Dialect `t' not found for custom op 't.unknown' {{$}}
// CHECK: {{.*}}invalid-custom-syntax.mlir:[[# @LINE + 3]]:1: note: Available dialects: {{.*}}builtin, {{.*}} ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management
// expected-error@+2 {{Dialect `t' not found for custom op 't.unknown'}}
// expected-note@+1 {{Available dialects: }}
t.unknown

// -----

// CHECK: {{.*}}invalid-custom-syntax.mlir:[[# @LINE + 2]]:1: error: custom op 'unknownop' is unknown (tried 'builtin.unknownop' as well)
// expected-error@+1 {{custom op 'unknownop' is unknown (tried 'builtin.unknownop' as well)}}
unknownop

// -----

// The name is read before it is looked up, and the lexer reports a bad token as it reads it: the bad token
// after an unknown name is the error.
// CHECK: {{.*}}invalid-custom-syntax.mlir:[[# @LINE + 2]]:15: error: invalid SSA name
// expected-error@+1 {{invalid SSA name}}
%0 = arith.shl% %a, %b : i32

// -----

// A name is split at its first '.': with nothing after it, it has no dialect, and the default one is tried.
// CHECK: {{.*}}invalid-custom-syntax.mlir:[[# @LINE + 2]]:1: error: custom op 'math.' is unknown (tried 'builtin.math.' as well)
// expected-error@+1 {{custom op 'math.' is unknown (tried 'builtin.math.' as well)}}
math.
