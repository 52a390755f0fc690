// How diagnostics are rendered, as mlir-opt 22 renders them: the location of a diagnostic without a file
// position is printed after "<unknown>:0:", a call-site location adds a "called from" note per caller, and a
// note at the same place as what was shown just before it gets no source line. (Read from stdin, so that
// locations written in the file can name the buffer: "<stdin>".)
// RUN: not tl-opt --allow-unregistered-dialect --mlir-print-op-on-diagnostic=false --split-input-file - < %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
// RUN: not mlir-opt --allow-unregistered-dialect --mlir-print-op-on-diagnostic=false --split-input-file - < %s 2>&1 \
// RUN:   | FileCheck %s --strict-whitespace --match-full-lines

//      CHECK:<unknown>:0: error: 'builtin.module' op requires one region
"builtin.module"() : () -> () loc(unknown)

// -----

// CHECK-NEXT:<unknown>:0: error: loc("named"): 'builtin.module' op requires one region
"builtin.module"() : () -> () loc("named")

// -----

// CHECK-NEXT:<unknown>:0: error: loc(fused<"m">["a", "b"]): 'builtin.module' op requires one region
"builtin.module"() : () -> () loc(fused<"m">["a", "b"])

// -----

// A location with a file position inside is shown at that position; a file that is not the input has no
// source line.
// CHECK-NEXT:<stdin>:[[# @LINE + 3]]:2: error: 'builtin.module' op requires one region
// CHECK-NEXT:"builtin.module"() : () -> () loc(fused["a", "n"("<stdin>":[[# @LINE + 2]]:2)])
// CHECK-NEXT: ^
"builtin.module"() : () -> () loc(fused["a", "n"("<stdin>":29:2)])
// -----
// CHECK-NEXT:elsewhere.mlir:7:8: error: 'builtin.module' op requires one region
"builtin.module"() : () -> () loc("elsewhere.mlir":7:8)

// -----

// CHECK-NEXT:<unknown>:0: error: loc(callsite("callee" at "caller")): 'builtin.module' op requires one region
// CHECK-NEXT:<unknown>:0: note: loc("caller"): called from
"builtin.module"() : () -> () loc(callsite("callee" at "caller"))

// -----

// CHECK-NEXT:<stdin>:[[# @LINE + 8]]:3: error: 'builtin.module' op requires one region
// CHECK-NEXT:"builtin.module"() : () -> () loc(callsite("<stdin>":[[# @LINE + 7]]:3 at callsite("x.mlir":1:1 at "<stdin>":[[# @LINE + 6]]:1)))
// CHECK-NEXT:  ^
// CHECK-NEXT:x.mlir:1:1: note: called from
// CHECK-NEXT:<stdin>:[[# @LINE + 3]]:1: note: called from
// CHECK-NEXT:// The line after this one.
// CHECK-NEXT:^
// The line after this one.
"builtin.module"() : () -> () loc(callsite("<stdin>":50:3 at callsite("x.mlir":1:1 at "<stdin>":49:1)))

// -----

// A note at the place of the error: no second source line.
// CHECK-NEXT:<stdin>:[[# @LINE + 4]]:19: error: unexpected decimal integer literal for a floating point value
// CHECK-NEXT:"t.op"() {value = 5 : f32} : () -> ()
// CHECK-NEXT:                  ^
// CHECK-NEXT:<stdin>:[[# @LINE + 1]]:19: note: add a trailing dot to make the literal a float
"t.op"() {value = 5 : f32} : () -> ()
