// flow-outline-kernels' errors, at the kernel (or the call) with its location; nothing is outlined.
// RUN: not tl-opt %s --flow-outline-kernels 2>&1 | FileCheck %s

// CHECK: outline-kernels-invalid.mlir:[[@LINE+1]]:1: error: flow-outline-kernels: 'work_group_size' must be an array<i32> of 1 to 3 positive sizes, got array<i32: 64, 0>
func.func @zero() attributes {work_group_size = array<i32: 64, 0>} {
  return
}

// CHECK: outline-kernels-invalid.mlir:[[@LINE+1]]:1: error: flow-outline-kernels: 'work_group_size' must be an array<i32> of 1 to 3 positive sizes, got 64 : i32
func.func @scalar() attributes {work_group_size = 64 : i32} {
  return
}

// CHECK: outline-kernels-invalid.mlir:[[@LINE+1]]:1: error: flow-outline-kernels: 'work_group_size' must be an array<i32> of 1 to 3 positive sizes, got array<i32: 1, 2, 3, 4>
func.func @four() attributes {work_group_size = array<i32: 1, 2, 3, 4>} {
  return
}

// CHECK: outline-kernels-invalid.mlir:[[@LINE+1]]:1: error: flow-outline-kernels: the kernel @returns returns values; a kernel returns nothing
func.func @returns(%x: f32) -> f32 attributes {work_group_size = array<i32: 64>} {
  return %x : f32
}

func.func @called() attributes {work_group_size = array<i32: 64>} {
  return
}
func.func @caller() {
  // CHECK: outline-kernels-invalid.mlir:[[@LINE+1]]:3: error: flow-outline-kernels: the kernel @called is called; a kernel can only be dispatched
  func.call @called() : () -> ()
  return
}
