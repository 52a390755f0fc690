// Parse errors where tl-opt deliberately differs from mlir-opt 22: input mlir-opt accepts but tlir does not
// support, and errors tlir locates more precisely. (Everything else is checked against mlir-opt in the other
// invalid-*.mlir files.)
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}invalid-tlir-only.mlir:[[# @LINE + 3]]:40: error: affine constant out of range (at most 2^53 - 1 in tlir)
// The constants of affine expressions are JavaScript numbers in tlir (mlir-opt takes any 64-bit integer).
// expected-error@+1 {{affine constant out of range (at most 2^53 - 1 in tlir)}}
"t.op"() {a = affine_map<(d0) -> (d0 + 9007199254740993)>} : () -> ()

// -----

// CHECK: {{.*}}invalid-tlir-only.mlir:[[# @LINE + 4]]:25: error: dimension out of range (at most 2^53 - 1 in tlir)
// Sizes are JavaScript numbers in tlir too: a 64-bit dimension beyond 2^53 is refused and says so (it was
// "invalid dimension", the message of a dimension beyond 64 bits).
// expected-error@+1 {{dimension out of range (at most 2^53 - 1 in tlir)}}
"t.op"() : () -> memref<9223372036854775807xf32>

// -----

// CHECK: {{.*}}invalid-tlir-only.mlir:[[# @LINE + 3]]:39: error: dense elements attribute expects a ranked tensor or vector type
// mlir-opt takes a memref type for dense elements; tlir only tensors and vectors.
// expected-error@+1 {{dense elements attribute expects a ranked tensor or vector type}}
"t.op"() {a = dense<1> : memref<2xi32>} : () -> ()

// -----

// CHECK: {{.*}}invalid-tlir-only.mlir:[[# @LINE + 3]]:36: error: stride or offset out of range (at most 2^53 - 1 in tlir)
// Strides and offsets are JavaScript numbers in tlir.
// expected-error@+1 {{stride or offset out of range (at most 2^53 - 1 in tlir)}}
"t.op"() {a = strided<[1], offset: 9223372036854775807>} : () -> ()

// -----

// CHECK: {{.*}}invalid-tlir-only.mlir:[[# @LINE + 4]]:13: error: reference to an undefined block '^missing'
// The name of the missing block is given (mlir-opt: "reference to an undefined block").
"t.op"() ({
  // expected-error@+1 {{reference to an undefined block '^missing'}}
  "t.br"() [^missing] : () -> ()
}) : () -> ()
