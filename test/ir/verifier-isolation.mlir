// Region isolation: nothing inside an op that is isolated from above (a module) may use a value defined
// outside it; the parser resolves such names, the verifier rejects the use. Messages and locations as
// mlir-opt 22's.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --allow-unregistered-dialect --mlir-print-op-on-diagnostic=false --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}verifier-isolation.mlir:[[# @LINE + 6]]:3: error: 't.use' op using value defined outside the region
// CHECK: {{.*}}verifier-isolation.mlir:[[# @LINE + 3]]:1: note: required by region isolation constraints
%0 = "t.def"() : () -> i32
// expected-note@+1 {{required by region isolation constraints}}
"builtin.module"() ({
  // expected-error@+1 {{'t.use' op using value defined outside the region}}
  "t.use"(%0) : (i32) -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-isolation.mlir:[[# @LINE + 7]]:5: error: 't.use' op using value defined outside the region
// CHECK: {{.*}}verifier-isolation.mlir:[[# @LINE + 3]]:1: note: required by region isolation constraints
%0 = "t.def"() : () -> i32
// expected-note@+1 {{required by region isolation constraints}}
"builtin.module"() ({
  "t.holder"() ({
    // expected-error@+1 {{'t.use' op using value defined outside the region}}
    "t.use"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}verifier-isolation.mlir:[[# @LINE + 8]]:3: error: 't.use' op using value defined outside the region
// CHECK: {{.*}}verifier-isolation.mlir:[[# @LINE + 5]]:1: note: required by region isolation constraints
// In the custom form too: names defined around an isolated op are visible inside it (as in mlir-opt 22),
// and the verifier rejects their use.
%0 = "t.def"() : () -> i32
// expected-note@+1 {{required by region isolation constraints}}
module {
  // expected-error@+1 {{'t.use' op using value defined outside the region}}
  "t.use"(%0) : (i32) -> ()
}

// -----

// CHECK: {{.*}}verifier-isolation.mlir:[[# @LINE + 7]]:3: error: redefinition of SSA value '%0'
// CHECK: {{.*}}verifier-isolation.mlir:[[# @LINE + 3]]:1: note: previously defined here
// So a name defined around a module cannot be defined again inside it.
// expected-note@+1 {{previously defined here}}
%0 = "t.def"() : () -> i32
module {
  // expected-error@+1 {{redefinition of SSA value '%0'}}
  %0 = "t.def"() : () -> i64
}

// -----

// Values of the module itself, and of ops around a non-isolated op, are fine.
module {
  %0 = "t.def"() : () -> i32
  "t.holder"() ({
    "t.use"(%0) : (i32) -> ()
  }) : () -> ()
}
