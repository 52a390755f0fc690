// RUN: not tl-translate --mlir-to-wgsl %s 2>&1 | FileCheck %s

// Errors are rendered as tl-opt renders them: file:line:col, the source line and a caret; the exit code is 1 and
// nothing is written.

// CHECK: located-errors.mlir:[[@LINE+6]]:24: error: f64 is not supported by WGSL
// CHECK-NEXT: {{^}}  gpu.func @k(%x: f32, %y: memref<4xf64>, %z: memref<4xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
// CHECK-NEXT: {{^}}                       ^
// CHECK-NOT: error
// CHECK-NOT: fn k(
gpu.module @m {
  gpu.func @k(%x: f32, %y: memref<4xf64>, %z: memref<4xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    gpu.return
  }
}
