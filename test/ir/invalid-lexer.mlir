// Lexical errors: messages and locations as mlir-opt 22 reports them.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// A NUL character between tokens is skipped as whitespace, as mlir-opt's lexer does (it was "unexpected character").
// RUN: printf '"t.a"() : () -> ()\0"t.b"() : () -> ()\n' | tl-opt --allow-unregistered-dialect - | FileCheck %s --check-prefix=NUL
// RUN: printf '"t.a"() : () -> ()\0"t.b"() : () -> ()\n' | mlir-opt --allow-unregistered-dialect - | FileCheck %s --check-prefix=NUL
// NUL: "t.a"() : () -> ()
// NUL-NEXT: "t.b"() : () -> ()

// CHECK: {{.*}}invalid-lexer.mlir:[[# @LINE + 2]]:17: error: unknown escape in string literal
// expected-error@+1 {{unknown escape in string literal}}
"t.op"() {a = "x\q"} : () -> ()

// -----

// CHECK: {{.*}}invalid-lexer.mlir:[[# @LINE + 3]]:31: error: expected '"' in string literal
// The missing quote is reported at the end of the line.
// expected-error@+1 {{expected '"' in string literal}}
"t.op"() {a = "abc} : () -> ()

// -----

// CHECK: {{.*}}invalid-lexer.mlir:[[# @LINE + 2]]:22: error: expected three consecutive dots for an ellipsis
// expected-error@+1 {{expected three consecutive dots for an ellipsis}}
"t.op"() : () -> () .

// -----

// CHECK: {{.*}}invalid-lexer.mlir:[[# @LINE + 2]]:16: error: @ identifier expected to start with letter or '_'
// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
"t.op"() {a = @} : () -> ()

// -----

// CHECK: {{.*}}invalid-lexer.mlir:[[# @LINE + 2]]:15: error: invalid attribute name
// expected-error@+1 {{invalid attribute name}}
"t.op"() {a = #} : () -> ()

// -----

// CHECK: {{.*}}invalid-lexer.mlir:[[# @LINE + 2]]:18: error: invalid type identifier
// expected-error@+1 {{invalid type identifier}}
"t.op"() : () -> !

// -----

// CHECK: {{.*}}invalid-lexer.mlir:[[# @LINE + 2]]:1: error: invalid SSA name
// expected-error@+1 {{invalid SSA name}}
% = "t.op"() : () -> i32

// -----

// CHECK: {{.*}}invalid-lexer.mlir:[[# @LINE + 2]]:11: error: invalid block name
// expected-error@+1 {{invalid block name}}
"t.op"() [^] : () -> ()

// -----

// CHECK: {{.*}}invalid-lexer.mlir:[[# @LINE + 2]]:15: error: unexpected character
// expected-error@+1 {{unexpected character}}
"t.op"() {a = `x`} : () -> ()

// -----

// CHECK: {{.*}}invalid-lexer.mlir:[[# @LINE + 2]]:15: error: unexpected character
// expected-error@+1 {{unexpected character}}
"t.op"() {a = $x} : () -> ()
