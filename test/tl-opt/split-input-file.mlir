// --split-input-file: each chunk is parsed, verified and printed on its own (the same SSA names and symbols
// may appear in several chunks); the outputs are joined with the marker; a chunk with errors prints nothing
// and makes the run fail, without stopping the others; diagnostics carry the line numbers of the whole file.
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>/dev/null | FileCheck %s
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file %s 2>/dev/null | FileCheck %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file --mlir-print-debuginfo %s 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=LOC
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file --mlir-print-debuginfo %s 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=LOC
// Without the flag, the file is one module (with an error).
// RUN: not tl-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=WHOLE

// (CHECK lines cannot spell the marker: it would split this file.)
//      CHECK: module {
// CHECK-NEXT:   %0 = "t.def"() {sym_name = "f"} : () -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^//[ ]-----$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   %0 = "t.def"() {sym_name = "f"} : () -> i64
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^//[ ]-----$}}
// CHECK-NEXT: {{^//[ ]-----$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "t.last"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
//  CHECK-NOT: {{.}}

// The implicit module of a chunk is located where the chunk starts (right after the marker), except for
// the first chunk, at 0:0 like a whole file. An op is located at its name. Locations print as aliases
// defined after each chunk's module, as mlir-opt prints them.
//      LOC: %0 = "t.def"() {sym_name = "f"} : () -> i32 loc(#loc1)
// LOC-NEXT: } loc(#loc)
// LOC-NEXT: #loc = loc("{{.*}}split-input-file.mlir":0:0)
// LOC-NEXT: #loc1 = loc("{{.*}}split-input-file.mlir":[[# @LINE + 10]]:6)
//      LOC: %0 = "t.def"() {sym_name = "f"} : () -> i64 loc(#loc1)
// LOC-NEXT: } loc(#loc)
// LOC-NEXT: #loc = loc("{{.*}}split-input-file.mlir":[[# @LINE + 9]]:9)
// LOC-NEXT: #loc1 = loc("{{.*}}split-input-file.mlir":[[# @LINE + 10]]:6)
//      LOC: "t.last"() : () -> () loc(#loc1)
// LOC-NEXT: } loc(#loc)
// LOC-NEXT: #loc = loc("{{.*}}split-input-file.mlir":[[# @LINE + 16]]:9)
// LOC-NEXT: #loc1 = loc("{{.*}}split-input-file.mlir":[[# @LINE + 16]]:1)

%a = "t.def"() {sym_name = "f"} : () -> i32

// -----

%a = "t.def"() {sym_name = "f"} : () -> i64

// -----

// ERR: split-input-file.mlir:[[# @LINE + 3]]:9: error: use of undeclared SSA value name
// ERR-NEXT: "t.use"(%undefined) : (i32) -> ()
// ERR-NEXT: {{^        \^$}}
"t.use"(%undefined) : (i32) -> ()

// -----
"t.last"() : () -> ()

// WHOLE: split-input-file.mlir:[[# @LINE - 12]]:1: error: redefinition of SSA value '%a'
