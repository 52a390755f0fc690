// A '-' commits to an integer, as in MLIR's parseOptionalInteger: what follows it must be one, and the error
// ("expected integer value", without the custom op's name) is at what follows. Layouts read the sign themselves
// and report at the value's start. Messages and columns as mlir-opt 22 reports them.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s

func.func @f(%m: memref<8xf32>, %a: index) {
  // CHECK: {{.*}}invalid-negative-integers.mlir:[[# @LINE + 4]]:27: error: expected integer value
  // CHECK: {{.*}}invalid-negative-integers.mlir:[[# @LINE + 3]]:8: error: custom op 'memref.subview' expected SSA value or integer
  // expected-error@+2 {{expected integer value}}
  // expected-error@+1 {{custom op 'memref.subview' expected SSA value or integer}}
  %0 = memref.subview %m[-%a] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: ?>>
  return
}

// -----

func.func @f(%ub: index) {
  // CHECK: {{.*}}invalid-negative-integers.mlir:[[# @LINE + 4]]:31: error: expected integer value
  // CHECK: {{.*}}invalid-negative-integers.mlir:[[# @LINE + 3]]:3: error: custom op 'scf.forall' expected SSA value or integer
  // expected-error@+2 {{expected integer value}}
  // expected-error@+1 {{custom op 'scf.forall' expected SSA value or integer}}
  scf.forall (%i, %j) in (4, -%ub) {
  }
  return
}

// -----

// Without a sign, the custom op's parser reports the missing integer itself, with its name.
func.func @f(%m: memref<8xf32>) {
  // CHECK: {{.*}}invalid-negative-integers.mlir:[[# @LINE + 4]]:26: error: custom op 'memref.subview' expected integer value
  // CHECK: {{.*}}invalid-negative-integers.mlir:[[# @LINE + 3]]:8: error: custom op 'memref.subview' expected SSA value or integer
  // expected-error@+2 {{custom op 'memref.subview' expected integer value}}
  // expected-error@+1 {{custom op 'memref.subview' expected SSA value or integer}}
  %0 = memref.subview %m[x] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: ?>>
  return
}

// -----

// CHECK: {{.*}}invalid-negative-integers.mlir:[[# @LINE + 2]]:45: error: expected a 64-bit signed integer or '?'
// expected-error@+1 {{expected a 64-bit signed integer or '?'}}
func.func private @g(memref<4xf32, strided<[-x]>>)

// -----

// CHECK: {{.*}}invalid-negative-integers.mlir:[[# @LINE + 2]]:45: error: expected a 64-bit signed integer or '?'
// expected-error@+1 {{expected a 64-bit signed integer or '?'}}
func.func private @g(memref<4xf32, strided<[x]>>)

// -----

// CHECK: {{.*}}invalid-negative-integers.mlir:[[# @LINE + 2]]:57: error: expected a 64-bit signed integer or '?'
// expected-error@+1 {{expected a 64-bit signed integer or '?'}}
func.func private @g(memref<4xf32, strided<[1], offset: -?>>)

// -----

func.func @h(%i: index) {
  // CHECK: {{.*}}invalid-negative-integers.mlir:[[# @LINE + 3]]:9: error: expected integer value
  // expected-error@+2 {{expected integer value}}
  scf.index_switch %i
  case -two {
    scf.yield
  }
  default {
    scf.yield
  }
  return
}
