// A named module is a symbol of the module around it (MLIR's OptionalSymbol): its visibility and its parent are
// checked; an unnamed module is no symbol. As mlir-opt 22 reports them.
// RUN: tl-opt --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --split-input-file %s 2>&1 | FileCheck %s

// CHECK: invalid-module-symbol.mlir:[[# @LINE + 2]]:1: error: 'builtin.module' op visibility expected to be one of ["public", "private", "nested"], but got "x"
// expected-error@+1 {{'builtin.module' op visibility expected to be one of ["public", "private", "nested"], but got "x"}}
module @m attributes {sym_visibility = "x"} {
}

// -----

func.func @f() {
  // CHECK: invalid-module-symbol.mlir:[[# @LINE + 2]]:3: error: 'builtin.module' op symbol's parent must have the SymbolTable trait
  // expected-error@+1 {{'builtin.module' op symbol's parent must have the SymbolTable trait}}
  "builtin.module"() <{sym_name = "m"}> ({
  ^bb0:
  }) : () -> ()
  return
}

// -----

// No name, no symbol: nothing to check (--verify-diagnostics fails on an error not expected).
module attributes {sym_visibility = "x"} {
}
