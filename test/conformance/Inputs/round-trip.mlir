// RUN: mlir-opt %s -split-input-file | mlir-opt | FileCheck %s

// Accepted: both tools read and print it alike.
func.func @add(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}

// -----

// Excluded: tl-opt has no tensor dialect.
func.func @splat(%a: f32) -> tensor<4xf32> {
  %0 = tensor.splat %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Excluded: mlir-opt itself rejects it (an op memref does not have).
func.func @nothing(%m: memref<4xf32>) {
  memref.no_such_op %m : memref<4xf32>
  return
}

// -----

// A mismatch: tl-opt lacks this gpu op (mlir-opt 22 has it).
func.func @rotate(%x: f32) -> (f32, i1) {
  %r, %v = gpu.rotate %x, 1, 32 : f32
  return %r, %v : f32, i1
}
