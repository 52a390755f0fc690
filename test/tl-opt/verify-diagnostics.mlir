// --verify-diagnostics: every diagnostic matches an expected-* comment, so tl-opt succeeds and prints the
// chunks that had no errors. Each designator form is used once.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics=only-expected %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: {{.}}

// The chunks with errors print nothing; the separators stay. (A CHECK line cannot spell the separator: it
// would split this file.)
// CHECK:      {{^//[ ]-----$}}
// CHECK-NEXT: {{^//[ ]-----$}}
// CHECK-NEXT: {{^//[ ]-----$}}
// CHECK-NEXT: {{^//[ ]-----$}}
// CHECK-NEXT: {{^//[ ]-----$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "t.fine"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^//[ ]-----$}}
// CHECK-NEXT: {{^//[ ]-----$}}
// CHECK-NOT:  {{.}}

"t.op"(%undefined) : (i32) -> () // expected-error {{use of undeclared SSA value name}}

// -----

// expected-error@+1 {{use of undeclared SSA value name}}
"t.op"(%undefined) : (i32) -> ()

// -----

"t.op"(%undefined) : (i32) -> ()
// expected-error@-1 {{undeclared}}

// -----

%0 = "t.def"() : () -> i32
// expected-note@above {{previously defined here}}
// expected-error@below {{redefinition of SSA value '%0'}}
%0 = "t.def"() : () -> i32

// -----

// Regular expressions between {{ and }} inside an expected-*-re text. (The region has two blocks: a
// single-block region of an unregistered op may be a graph region, where order does not matter.)
"t.region"() ({
  // expected-error-re@+1 {{operand #{{[0-9]+}} does not dominate this use}}
  "t.use"(%v) : (i32) -> ()
  // expected-note-re@+1 {{operand defined here ({{.*}} same block)}}
  %v = "t.def"() : () -> i32
  "t.br"()[^next] : () -> ()
^next:
  "t.end"() : () -> ()
}) : () -> ()

// -----

"t.fine"() : () -> ()

// -----

// Diagnostics without a file location match @unknown.
// expected-error@unknown {{'builtin.module' op requires}}
"builtin.module"() : () -> () loc(unknown)

// -----

// One expectation can match several diagnostics on its line.
"t.op"(%a, %b) : (i32, i32) -> () // expected-error {{use of undeclared SSA value name}}
