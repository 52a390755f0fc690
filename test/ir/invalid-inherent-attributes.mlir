// Inherent attributes written in an attribute dictionary are checked as the op is parsed, before it exists (MLIR's
// verifyInherentAttrs): the error comes without a "see current operation" note, and the parse stops there. Property
// dictionaries are converted first ("invalid properties"). As mlir-opt 22 reports them.
// RUN: tl-opt --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --split-input-file %s 2>&1 | FileCheck %s --implicit-check-not=note:
// RUN: not mlir-opt --split-input-file %s 2>&1 | FileCheck %s --implicit-check-not=note:

// CHECK: invalid-inherent-attributes.mlir:[[# @LINE + 2]]:1: error: 'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute
// expected-error@+1 {{'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute}}
"builtin.module"() ({
^bb0:
}) {sym_name = 1} : () -> ()

// -----

// CHECK: invalid-inherent-attributes.mlir:[[# @LINE + 2]]:8: error: custom op 'builtin.module' 'builtin.module' op attribute 'sym_visibility' failed to satisfy constraint: string attribute
// expected-error@+1 {{custom op 'builtin.module' 'builtin.module' op attribute 'sym_visibility' failed to satisfy constraint: string attribute}}
module attributes {sym_visibility = 2} {
}

// -----

// CHECK: invalid-inherent-attributes.mlir:[[# @LINE + 2]]:1: error: invalid properties {sym_name = 1 : i64} for op builtin.module: Invalid attribute `sym_name` in property conversion: 1 : i64
// expected-error@+1 {{invalid properties {sym_name = 1 : i64} for op builtin.module: Invalid attribute `sym_name` in property conversion: 1 : i64}}
"builtin.module"() <{sym_name = 1}> ({
^bb0:
}) : () -> ()

// -----

func.func @f(%a: i32) {
  // CHECK: invalid-inherent-attributes.mlir:[[# @LINE + 2]]:8: error: 'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags
  // expected-error@+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
  %0 = "arith.addi"(%a, %a) {overflowFlags = 1} : (i32, i32) -> i32
  return
}
