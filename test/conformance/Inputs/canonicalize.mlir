// RUN: mlir-opt %s -canonicalize="test-convergence" --split-input-file | FileCheck %s

func.func @fold(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  return %0 : i32
}
