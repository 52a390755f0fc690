// The flow.tensor ops in IREE's forms (static and dynamic shapes, rank 0): custom and generic forms read back to the
// same IR, and the output is a fixed point.
// RUN: tl-opt %s | FileCheck %s
// RUN: tl-opt %s -o %t.custom
// RUN: tl-opt %t.custom | diff %t.custom -
// RUN: tl-opt %s --mlir-print-op-generic -o %t.generic
// RUN: tl-opt %t.generic | diff %t.custom -
// RUN: tl-opt %t.generic --mlir-print-op-generic | diff %t.generic -
// RUN: tl-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @creation(
// CHECK-NEXT:    %0 = flow.tensor.alloca : tensor<?x0x1xf32>{%arg0}
// CHECK-NEXT:    %1 = flow.tensor.empty : tensor<?x0x1xf32>{%arg0}
// CHECK-NEXT:    %2 = flow.tensor.empty : tensor<4xi8>
// CHECK-NEXT:    %3 = flow.tensor.splat %arg1 : tensor<4x4xf32>
// CHECK-NEXT:    %4 = flow.tensor.splat %arg1 : tensor<f32>
// CHECK-NEXT:    %5 = flow.tensor.splat %arg1 : tensor<?x4xf32>{%arg0}
// CHECK-NEXT:    %6 = flow.tensor.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT:    %7 = flow.tensor.constant {note} dense<1.500000e+00> : tensor<2x2xf32>
// CHECK-NEXT:    %8 = flow.tensor.dynamic_constant dense<{{\[}}[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32> -> tensor<?x2xf32>
// GENERIC-LABEL: sym_name = "creation"
// GENERIC:       "flow.tensor.alloca"(%{{.*}}) : (index) -> tensor<?x0x1xf32>
// GENERIC:       "flow.tensor.splat"(%{{.*}}) : (f32) -> tensor<4x4xf32>
// GENERIC:       "flow.tensor.constant"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
// GENERIC:       "flow.tensor.dynamic_constant"() <{value = dense<{{\[}}[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>}> : () -> tensor<?x2xf32>
func.func @creation(%n: index, %v: f32) {
  %a = flow.tensor.alloca : tensor<?x0x1xf32>{%n}
  %e = flow.tensor.empty : tensor<?x0x1xf32>{%n}
  %e2 = flow.tensor.empty : tensor<4xi8>
  %s = flow.tensor.splat %v : tensor<4x4xf32>
  %s0 = flow.tensor.splat %v : tensor<f32>
  %sd = flow.tensor.splat %v : tensor<?x4xf32>{%n}
  %c = flow.tensor.constant dense<[1, 2]> : tensor<2xi32>
  %c2 = flow.tensor.constant {note} dense<1.5> : tensor<2x2xf32>
  %dc = flow.tensor.dynamic_constant dense<[[1.0, 2.0]]> : tensor<1x2xf32> -> tensor<?x2xf32>
  return
}

// CHECK-LABEL: func.func @elements(
// CHECK-NEXT:    %0 = flow.tensor.load %arg0[%arg1, %arg2] : tensor<4x4xf32>
// CHECK-NEXT:    %1 = flow.tensor.load %arg3 : tensor<f32>
// CHECK-NEXT:    %2 = flow.tensor.load %arg4[%arg1, %arg2] : tensor<?x4xf32>{%arg1}
// CHECK-NEXT:    %3 = flow.tensor.store %0, %arg0[%arg1, %arg2] : tensor<4x4xf32>
// CHECK-NEXT:    %4 = flow.tensor.store %1, %arg3 : tensor<f32>
// CHECK-NEXT:    %5 = flow.tensor.store %2, %arg4[%arg1, %arg2] : tensor<?x4xf32>{%arg1}
// GENERIC-LABEL: sym_name = "elements"
// GENERIC:       "flow.tensor.load"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (tensor<?x4xf32>, index, index, index) -> f32
// GENERIC:       "flow.tensor.store"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 0, 2>}> : (f32, tensor<4x4xf32>, index, index) -> tensor<4x4xf32>
func.func @elements(%t: tensor<4x4xf32>, %i: index, %j: index, %s: tensor<f32>, %d: tensor<?x4xf32>) {
  %0 = flow.tensor.load %t[%i, %j] : tensor<4x4xf32>
  %1 = flow.tensor.load %s : tensor<f32>
  %2 = flow.tensor.load %d[%i, %j] : tensor<?x4xf32>{%i}
  %3 = flow.tensor.store %0, %t[%i, %j] : tensor<4x4xf32>
  %4 = flow.tensor.store %1, %s : tensor<f32>
  %5 = flow.tensor.store %2, %d[%i, %j] : tensor<?x4xf32>{%i}
  return
}

// CHECK-LABEL: func.func @boxes(
// CHECK-NEXT:    %0 = flow.tensor.slice %arg0[%arg1, %arg2 for %arg2, %arg1] : tensor<4x4xf32> -> tensor<2x2xf32>
// CHECK-NEXT:    %1 = flow.tensor.slice %arg3[%arg1, %arg2 for %arg2, %arg1] : tensor<?x4xf32>{%arg1} -> tensor<?x?xf32>{%arg2, %arg1}
// CHECK-NEXT:    %2 = flow.tensor.update %0, %arg0[%arg1, %arg2] : tensor<2x2xf32> -> %arg0 as tensor<4x4xf32>
// CHECK-NEXT:    %3 = flow.tensor.update %1, %arg3[%arg1, %arg2] : tensor<?x?xf32>{%arg2, %arg1} -> %arg3 as tensor<?x4xf32>{%arg1}
// CHECK-NEXT:    %4 = flow.tensor.update %0, %arg0[%arg1, %arg2] : tensor<2x2xf32> -> %arg0 as tensor<4x4xf32>
// GENERIC-LABEL: sym_name = "boxes"
// GENERIC:       "flow.tensor.slice"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 2, 2, 2>}>
// GENERIC:       "flow.tensor.update"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 2, 1, 0>}> : (tensor<4x4xf32>, index, index, tensor<2x2xf32>) -> tensor<4x4xf32>
func.func @boxes(%t: tensor<4x4xf32>, %i: index, %j: index, %d: tensor<?x4xf32>) {
  %0 = flow.tensor.slice %t[%i, %j for %j, %i] : tensor<4x4xf32> -> tensor<2x2xf32>
  %1 = flow.tensor.slice %d[%i, %j for %j, %i] : tensor<?x4xf32>{%i} -> tensor<?x?xf32>{%j, %i}
  %2 = flow.tensor.update %0, %t[%i, %j] : tensor<2x2xf32> -> %t as tensor<4x4xf32>
  %3 = flow.tensor.update %1, %d[%i, %j] : tensor<?x?xf32>{%j, %i} -> %d as tensor<?x4xf32>{%i}
  // The `%target as` part may be left out.
  %4 = flow.tensor.update %0, %t[%i, %j] : tensor<2x2xf32> -> tensor<4x4xf32>
  return
}

// CHECK-LABEL: func.func @reshapes(
// CHECK-NEXT:    %0 = flow.tensor.reshape %arg0 : tensor<4x4xf32> -> tensor<16xf32>
// CHECK-NEXT:    %1 = flow.tensor.reshape %arg1 : tensor<f32> -> tensor<1xf32>
// CHECK-NEXT:    %2 = flow.tensor.reshape %arg2 : tensor<?x4xf32>{%arg3} -> tensor<?x2xf32>{%arg3}
// CHECK-NEXT:    %3 = flow.tensor.reshape %arg0 : tensor<4x4xf32> -> tensor<16xi32>
// CHECK-NEXT:    %4 = flow.tensor.reshape %arg4 : tensor<4x4xcomplex<f32>> -> tensor<16xcomplex<f32>>
// CHECK-NEXT:    %5 = flow.tensor.bitcast %arg5 : tensor<16xi32> -> tensor<4x8xi16>
// CHECK-NEXT:    %6 = flow.tensor.bitcast %arg2 : tensor<?x4xf32>{%arg3} -> tensor<?xi8>{%arg3}
// GENERIC-LABEL: sym_name = "reshapes"
// GENERIC:       "flow.tensor.reshape"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<?x4xf32>, index, index) -> tensor<?x2xf32>
func.func @reshapes(%t: tensor<4x4xf32>, %s: tensor<f32>, %d: tensor<?x4xf32>, %n: index, %c: tensor<4x4xcomplex<f32>>, %i: tensor<16xi32>) {
  %0 = flow.tensor.reshape %t : tensor<4x4xf32> -> tensor<16xf32>
  %1 = flow.tensor.reshape %s : tensor<f32> -> tensor<1xf32>
  %2 = flow.tensor.reshape %d : tensor<?x4xf32>{%n} -> tensor<?x2xf32>{%n}
  %3 = flow.tensor.reshape %t : tensor<4x4xf32> -> tensor<16xi32>
  %4 = flow.tensor.reshape %c : tensor<4x4xcomplex<f32>> -> tensor<16xcomplex<f32>>
  %5 = flow.tensor.bitcast %i : tensor<16xi32> -> tensor<4x8xi16>
  %6 = flow.tensor.bitcast %d : tensor<?x4xf32>{%n} -> tensor<?xi8>{%n}
  return
}

// CHECK-LABEL: func.func @copies(
// CHECK-NEXT:    %0 = flow.tensor.tie_shape %arg0 : tensor<?x4xf32>{%arg1}
// CHECK-NEXT:    %1 = flow.tensor.tie_shape %arg2 : tensor<4xf32>
// CHECK-NEXT:    %2 = flow.tensor.clone %arg0 : tensor<?x4xf32>{%arg1}
// CHECK-NEXT:    %3 = flow.tensor.clone %arg2 : tensor<4xf32>
// CHECK-NEXT:    %4 = flow.tensor.transfer %arg2 : tensor<4xf32> to "dummy"
// CHECK-NEXT:    %5 = flow.tensor.transfer %arg0 : tensor<?x4xf32>{%arg1} to @device_a attributes {note}
// CHECK-NEXT:    flow.tensor.trace "FOOBAR" = [%arg2 : tensor<4xf32>, %arg0 : tensor<?x4xf32>{%arg1}]
// CHECK-NEXT:    flow.tensor.trace "empty" = []
// CHECK-NEXT:    flow.tensor.trace "with attributes" = [%arg2 : tensor<4xf32>] attributes {note}
// GENERIC-LABEL: sym_name = "copies"
// GENERIC:       "flow.tensor.transfer"(%{{.*}}) <{target = "dummy"}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC:       "flow.tensor.trace"(%{{.*}}, %{{.*}}, %{{.*}}) <{key = "FOOBAR", operandSegmentSizes = array<i32: 2, 1>}> : (tensor<4xf32>, tensor<?x4xf32>, index) -> ()
func.func @copies(%t: tensor<?x4xf32>, %n: index, %s: tensor<4xf32>) {
  %0 = flow.tensor.tie_shape %t : tensor<?x4xf32>{%n}
  %1 = flow.tensor.tie_shape %s : tensor<4xf32>
  %2 = flow.tensor.clone %t : tensor<?x4xf32>{%n}
  %3 = flow.tensor.clone %s : tensor<4xf32>
  %4 = flow.tensor.transfer %s : tensor<4xf32> to "dummy"
  %5 = flow.tensor.transfer %t : tensor<?x4xf32>{%n} to @device_a attributes {note}
  flow.tensor.trace "FOOBAR" = [
    %s : tensor<4xf32>,
    %t : tensor<?x4xf32>{%n}
  ]
  flow.tensor.trace "empty" = []
  flow.tensor.trace "with attributes" = [%s : tensor<4xf32>] attributes {note}
  return
}
