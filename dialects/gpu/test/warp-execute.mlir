// gpu.warp_execute_on_lane_0: a region run by lane 0 of a warp, values distributed over the lanes outside it (the
// shapes divide by the warp size) and whole inside; with no results the gpu.yield is implicit. mlir-opt 22 and tl-opt
// print the same module (custom and generic forms) and report the same errors.
// RUN: mlir-opt %s --allow-unregistered-dialect -o %t.ref
// RUN: tl-opt %s --allow-unregistered-dialect | diff %t.ref -
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic -o %t.ref.generic
// RUN: tl-opt %s --allow-unregistered-dialect --mlir-print-op-generic | diff %t.ref.generic -
// RUN: tl-opt %t.ref.generic --allow-unregistered-dialect | diff %t.ref -
// RUN: tl-opt %S/Inputs/warp-execute-invalid.mlir --split-input-file --allow-unregistered-dialect --verify-diagnostics
// RUN: mlir-opt %S/Inputs/warp-execute-invalid.mlir --split-input-file --allow-unregistered-dialect --verify-diagnostics
// RUN: tl-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @reduce_rows
// CHECK: gpu.warp_execute_on_lane_0(%{{.*}})[32] args(%{{.*}}, %{{.*}} : vector<4x1xf32>, f32) -> (vector<1xf32>, f32) {
// CHECK-NEXT: ^bb0(%{{.*}}: vector<4x32xf32>, %{{.*}}: f32):
func.func @reduce_rows(%lane: index, %rows: vector<4x1xf32>, %scale: f32) -> (vector<1xf32>, f32) {
  %r:2 = gpu.warp_execute_on_lane_0(%lane)[32] args(%rows, %scale : vector<4x1xf32>, f32) -> (vector<1xf32>, f32) {
  ^bb0(%all: vector<4x32xf32>, %s: f32):
    %sum = "test.reduce_rows"(%all) : (vector<4x32xf32>) -> vector<32xf32>
    %scaled = arith.mulf %s, %s : f32
    gpu.yield %sum, %scaled : vector<32xf32>, f32
  }
  return %r#0, %r#1 : vector<1xf32>, f32
}

// CHECK-LABEL: func.func @side_effects_only
// CHECK: gpu.warp_execute_on_lane_0(%{{.*}})[64] {
// CHECK-NEXT: "test.print"() : () -> ()
// CHECK-NEXT: } {note = "lane 0"}
func.func @side_effects_only(%lane: index) {
  gpu.warp_execute_on_lane_0(%lane)[64] {
    "test.print"() : () -> ()
  } {note = "lane 0"}
  return
}
