// The canonicalizer's options: disabled and enabled patterns, region simplification, iteration limits.
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs --allow-unregistered-dialect %s \
// RUN:   --pass-pipeline='builtin.module(canonicalize{disable-patterns=NegNeg region-simplify=disabled})' \
// RUN:   | FileCheck %s --check-prefix=DISABLED
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs --allow-unregistered-dialect %s \
// RUN:   --canonicalize='enable-patterns=CountUp max-num-rewrites=1 max-iterations=3' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LIMIT
// RUN: not tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs --allow-unregistered-dialect %s \
// RUN:   --canonicalize='max-num-rewrites=1 max-iterations=3 test-convergence' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CONVERGENCE

// DISABLED: "test.neg"
// DISABLED: "test.neg"
// DISABLED: "test.counter"() {count = 5 : i64, limit = 5 : i64}
// Unreachable blocks go at every level (before the worklist is processed, as MLIR 22's driver); with region
// simplification disabled, the argument nothing uses stays.
// DISABLED-NOT: no predecessors
// DISABLED: ^bb1(%{{.*}}: i32):

// The warning is on the module the canonicalizer runs on (an implicit module, located at 0:0).
// LIMIT: canonicalize-options.mlir:0:0: warning: greedy pattern rewrite did not converge after 3 iterations
// LIMIT: "test.neg"
// LIMIT: "test.neg"
// LIMIT: "test.counter"() {count = 3 : i64, limit = 5 : i64}
// LIMIT-NOT: no predecessors
// LIMIT: ^bb1:

// With test-convergence, not converging is an error and the pass fails: no output.
// CONVERGENCE: error: greedy pattern rewrite did not converge after 3 iterations
// CONVERGENCE-NOT: module

"test.func"() <{sym_name = "f"}> ({
^bb0(%x: i32):
  %a = "test.neg"(%x) : (i32) -> i32
  %b = "test.neg"(%a) : (i32) -> i32
  "test.counter"() {count = 0 : i64, limit = 5 : i64} : () -> ()
  "test.branch"(%x)[^bb2] : (i32) -> ()
^bb1:
  "test.branch"(%x)[^bb2] : (i32) -> ()
^bb2(%unused: i32):
  "test.return"(%b) : (i32) -> ()
}) : () -> ()
