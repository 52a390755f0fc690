// Deep nesting: moderately deep IR round-trips; input nested too deeply for the parser's stack is an error
// located in the input, never a crash.
// RUN: (for i in $(seq 200); do echo '"t.x"() ({'; done; for i in $(seq 200); do echo '}) : () -> ()'; done) \
// RUN:   | tl-opt --allow-unregistered-dialect - | FileCheck %s --check-prefix=DEEP
// DEEP-COUNT-200: "t.x"() ({
// DEEP: }) : () -> ()

// RUN: (for i in $(seq 5000); do echo '"t.x"() ({'; done; for i in $(seq 5000); do echo '}) : () -> ()'; done) \
// RUN:   | not tl-opt --allow-unregistered-dialect - 2>&1 | FileCheck %s
// RUN: (printf '"t.x"() : () -> '; for i in $(seq 30000); do printf 'tuple<'; done; printf 'i32'; \
// RUN:   for i in $(seq 30000); do printf '>'; done; echo) | not tl-opt --allow-unregistered-dialect - 2>&1 | FileCheck %s
// Array attributes nest at most 1000 deep (as regions): a few thousand levels parsed, then overflowed the
// printer's stack (an internal error).
// RUN: (printf '"t.x"() {a = '; for i in $(seq 1000); do printf '['; done; printf '1'; \
// RUN:   for i in $(seq 1000); do printf ']'; done; echo '} : () -> ()') | tl-opt --allow-unregistered-dialect --mlir-print-op-generic - \
// RUN:   | FileCheck %s --check-prefix=ARRAY-1000
// ARRAY-1000: "t.x"() {a = {{\[\[\[\[\[}}
// ARRAY-1000-SAME: 1{{\]\]\]\]\]}}
// RUN: (printf '"t.x"() {a = '; for i in $(seq 3000); do printf '['; done; printf '1'; \
// RUN:   for i in $(seq 3000); do printf ']'; done; echo '} : () -> ()') | not tl-opt --allow-unregistered-dialect - 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ARRAY
// RUN: (printf '"t.x"() {a = '; for i in $(seq 30000); do printf '['; done; printf '1'; \
// RUN:   for i in $(seq 30000); do printf ']'; done; echo '} : () -> ()') | not tl-opt --allow-unregistered-dialect - 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ARRAY
// ARRAY: <stdin>:1:1014: error: array attributes are nested too deeply
// ARRAY-NOT: internal error
// RUN: (printf '"t.x"() : () -> () loc('; for i in $(seq 30000); do printf 'callsite('; done; printf '"a"'; \
// RUN:   for i in $(seq 30000); do printf ' at "b")'; done; echo ')') | not tl-opt --allow-unregistered-dialect - 2>&1 | FileCheck %s
// CHECK: <stdin>:{{[0-9]+}}:{{[0-9]+}}: error: input is nested too deeply to parse
// CHECK-NOT: internal error
