// A flag list that names an unknown flag, or something that is not a flag: two errors, as mlir-opt 22 reports
// them (where the list starts, then where the parser stopped, naming the attribute's ODS record).
// RUN: not tl-opt --split-input-file %s 2> %t.tl
// RUN: not mlir-opt --split-input-file %s 2> %t.ref
// RUN: diff %t.ref %t.tl
// RUN: FileCheck %s < %t.tl

// The op's parser reads the list, so the message starts with the op's name (not so in an attribute, next
// case).
func.func @f(%a: i32) {
  // CHECK: invalid-flags.mlir:[[# @LINE + 2]]:35: error: custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw
  // CHECK: invalid-flags.mlir:[[# @LINE + 1]]:45: error: custom op 'arith.addi' failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`
  %0 = arith.addi %a, %a overflow<nsw, nonxe> : i32
  return
}

// -----

func.func @f(%a: f32) {
  // CHECK: invalid-flags.mlir:[[# @LINE + 2]]:47: error: expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast
  // CHECK: invalid-flags.mlir:[[# @LINE + 1]]:55: error: failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`
  %0 = arith.addf %a, %a {x = #arith.fastmath<nnan,bad>} : f32
  return
}

// -----

func.func @f(%a: i32) {
  // CHECK: invalid-flags.mlir:[[# @LINE + 2]]:40: error: custom op 'arith.addi' expected valid keyword or string
  // CHECK: invalid-flags.mlir:[[# @LINE + 1]]:40: error: custom op 'arith.addi' failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`
  %0 = arith.addi %a, %a overflow<nsw, 5> : i32
  return
}
