// What is wrong with a !gpu.mma_matrix type is reported at its mnemonic, as mlir-opt 22's hand-written gpu type
// parser does (getNameLoc), not at the '<' where generated parsers report their types' checks.
// RUN: tl-opt --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --split-input-file %s 2>&1 | FileCheck %s

// CHECK: invalid-mma-types.mlir:[[# @LINE + 2]]:31: error: operand expected to be one of AOp, BOp or COp
// expected-error@+1 {{operand expected to be one of AOp, BOp or COp}}
func.func private @f(%a: !gpu.mma_matrix<16x16xf32, "CO=">)

// -----

// CHECK: invalid-mma-types.mlir:[[# @LINE + 2]]:31: error: MMAMatrixType must have exactly two dimensions
// expected-error@+1 {{MMAMatrixType must have exactly two dimensions}}
func.func private @f(%a: !gpu.mma_matrix<16xf32, "AOp">)

// -----

// CHECK: invalid-mma-types.mlir:[[# @LINE + 2]]:31: error: MMAMatrixType elements must be SI8, UI8, I32, F16, F32, or F64
// expected-error@+1 {{MMAMatrixType elements must be SI8, UI8, I32, F16, F32, or F64}}
func.func private @f(%a: !gpu.mma_matrix<16x16xi16, "AOp">)

// -----

// The operand is checked first. In an op's type list, and in the bracketed form `!gpu<...>`, the mnemonic is
// where it is written too.
// CHECK: invalid-mma-types.mlir:[[# @LINE + 3]]:51: error: operand expected to be one of AOp, BOp or COp
func.func @f(%x: f32) {
  // expected-error@+1 {{operand expected to be one of AOp, BOp or COp}}
  %m = gpu.subgroup_mma_constant_matrix %x : !gpu.mma_matrix<16x16xi16, "DOp">
  return
}

// -----

// CHECK: invalid-mma-types.mlir:[[# @LINE + 2]]:31: error: MMAMatrixType must have exactly two dimensions
// expected-error@+1 {{MMAMatrixType must have exactly two dimensions}}
func.func private @f(%a: !gpu<mma_matrix<2x2x2xf16, "COp">>)
