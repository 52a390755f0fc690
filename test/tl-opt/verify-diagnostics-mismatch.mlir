// --verify-diagnostics with diagnostics that do not match: each mismatch is reported as an error located in
// the input, with its source line; the run fails. The chunks without errors are still printed.
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/Inputs/verify-diagnostics-mismatch.mlir 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefixes=CHECK,TL --strict-whitespace --match-full-lines
// mlir-opt 22 reports the same, except for the regex error's wording and a second copy of the last line.
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/Inputs/verify-diagnostics-mismatch.mlir 2>&1 >/dev/null \
// RUN:   | FileCheck %s --strict-whitespace --match-full-lines
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/Inputs/verify-diagnostics-mismatch.mlir 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=OUT
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics=only-expected %S/Inputs/verify-diagnostics-mismatch.mlir 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=ONLY

// A malformed regular expression is reported first, when the expectations are read.
//      CHECK:{{.*}}verify-diagnostics-mismatch.mlir:31:4: error: invalid regex: {{.*}}
// CHECK-NEXT:// expected-error-re@+1 {{[{][{]}}bad {{[{][{]}}[a-z{{[}][}]}} regex{{[}][}]}}
// CHECK-NEXT:   ^~~~~~~~~~~~~~~~~~

// CHECK-NEXT:{{.*}}verify-diagnostics-mismatch.mlir:4:8: error: unexpected error: use of undeclared SSA value name
// CHECK-NEXT:"t.op"(%undefined) : (i32) -> ()
// CHECK-NEXT:       ^
// CHECK-NEXT:{{.*}}verify-diagnostics-mismatch.mlir:9:8: error: unexpected error: use of undeclared SSA value name
// CHECK-NEXT:"t.op"(%undefined) : (i32) -> ()
// CHECK-NEXT:       ^

// The same message with another severity is a near miss, reported at the expectation.
// CHECK-NEXT:{{.*}}verify-diagnostics-mismatch.mlir:13:4: error: 'error' diagnostic emitted when expecting a 'warning'
// CHECK-NEXT:// expected-warning@+1 {{[{][{]}}undeclared{{[}][}]}}
// CHECK-NEXT:   ^

// CHECK-NEXT:{{.*}}verify-diagnostics-mismatch.mlir:25:1: error: unexpected note: previously defined here
// CHECK-NEXT:%0 = "t.def"() : () -> i32
// CHECK-NEXT:^
// CHECK-NEXT:{{.*}}verify-diagnostics-mismatch.mlir:32:8: error: unexpected error: use of undeclared SSA value name
// CHECK-NEXT:"t.op"(%undefined) : (i32) -> ()
// CHECK-NEXT:       ^

// At the end, the expectations nothing matched, the text underlined; @unknown ones last.
// CHECK-NEXT:{{.*}}verify-diagnostics-mismatch.mlir:8:4: error: expected error "this message is not the one" was not produced
// CHECK-NEXT:// expected-error@+1 {{[{][{]}}this message is not the one{{[}][}]}}
// CHECK-NEXT:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK-NEXT:{{.*}}verify-diagnostics-mismatch.mlir:13:4: error: expected warning "undeclared" was not produced
// CHECK-NEXT:// expected-warning@+1 {{[{][{]}}undeclared{{[}][}]}}
// CHECK-NEXT:   ^~~~~~~~~~
// CHECK-NEXT:{{.*}}verify-diagnostics-mismatch.mlir:19:4: error: expected error "never emitted" was not produced
// CHECK-NEXT:// expected-error@below {{[{][{]}}never emitted{{[}][}]}}
// CHECK-NEXT:   ^~~~~~~~~~~~~
// CHECK-NEXT:<unknown>:0: error: expected error "never" was not produced
//     TL-NOT:{{.}}

//      OUT:{{^//[ ]-----$}}
// OUT-NEXT:{{^//[ ]-----$}}
// OUT-NEXT:{{^//[ ]-----$}}
// OUT-NEXT:module {
// OUT-NEXT:  "t.fine"() : () -> ()
// OUT-NEXT:}

// With only-expected, unexpected diagnostics and near misses are not reported; missing ones still are.
// ONLY:     error: invalid regex:
// ONLY-NOT: unexpected
// ONLY-NOT: diagnostic emitted when expecting
// ONLY:     error: expected error "this message is not the one" was not produced
// ONLY:     error: expected warning "undeclared" was not produced
// ONLY:     error: expected error "never emitted" was not produced
// ONLY:     <unknown>:0: error: expected error "never" was not produced
