// flow.func (declarations of external host functions taking flow tensors, with tied results and argument and
// result attributes) and flow.call (the streamable call, its tensors' dynamic dimensions given, results tied to
// arguments) in IREE's forms: custom and generic forms read back to the same IR, the output is a fixed point, and
// mlir-opt 22 reads the generic form (with --allow-unregistered-dialect) and prints it unchanged.
// RUN: tl-opt %s | FileCheck %s
// RUN: tl-opt %s -o %t.custom
// RUN: tl-opt %t.custom | diff %t.custom -
// RUN: tl-opt %s --mlir-print-op-generic -o %t.generic
// RUN: tl-opt %t.generic | diff %t.custom -
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t.generic | diff %t.generic -
// RUN: tl-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: flow.func private @normalize(%arg0: tensor<?xf32>, %arg1: index) -> (tensor<?xf32>, i32)
// GENERIC: "flow.func"() <{function_type = (tensor<?xf32>, index) -> (tensor<?xf32>, i32), sym_name = "normalize", sym_visibility = "private"}> ({
flow.func private @normalize(%arg0: tensor<?xf32>, %arg1: index) -> (tensor<?xf32>, i32)
// A result tied to an argument: the function updates it in place.
// CHECK: flow.func private @scale_in_place(%arg0: tensor<?x4xf32>, %arg1: f32) -> %arg0
// GENERIC: sym_name = "scale_in_place", sym_visibility = "private", tied_operands = [0 : index]
flow.func private @scale_in_place(%arg0: tensor<?x4xf32>, %arg1: f32) -> %arg0
// Tied results that change the type the compiler sees, with argument, result and function attributes.
// CHECK: flow.func private @reinterpret(%arg0: tensor<8xf32> {flow.note = "input"}, %arg1: tensor<2xi32>) -> (%arg1, %arg0 as tensor<2x4xf32> {flow.note = "view"}) attributes {flow.origin = "host"}
flow.func private @reinterpret(%arg0: tensor<8xf32> {flow.note = "input"}, %arg1: tensor<2xi32>) -> (%arg1, %arg0 as tensor<2x4xf32> {flow.note = "view"}) attributes {flow.origin = "host"}
// CHECK: flow.func private @noargs(){{$}}
flow.func private @noargs()
// CHECK: flow.func private @fresh() -> (tensor<4xf32> {flow.note = "fresh"})
flow.func private @fresh() -> (tensor<4xf32> {flow.note = "fresh"})
// Argument names are not kept: a declaration prints %arg0, %arg1, ...
// CHECK: flow.func private @named(%arg0: tensor<3xi8>) -> %arg0 as tensor<3xui8>
flow.func private @named(%input: tensor<3xi8>) -> %input as tensor<3xui8>

flow.executable private @ex {
  flow.executable.export public @fill
}

// CHECK-LABEL: func.func @host
func.func @host(%t: tensor<?xf32>, %n: index, %m: tensor<?x4xf32>, %k: f32) -> (tensor<?xf32>, i32, tensor<?x4xf32>) {
  // CHECK: %[[R:.+]]:2 = flow.call @normalize(%arg0, %arg1) : (tensor<?xf32>{%arg1}, index) -> (tensor<?xf32>{%arg1}, i32)
  // GENERIC: "flow.call"({{.*}}) <{callee = @normalize, operandSegmentSizes = array<i32: 2, 1, 1>}>
  %r:2 = flow.call @normalize(%t, %n) : (tensor<?xf32>{%n}, index) -> (tensor<?xf32>{%n}, i32)
  // CHECK: flow.dispatch @ex::@fill(%[[R]]#0) : (tensor<?xf32>{%arg1}) -> %[[R]]#0{%arg1}
  %d = flow.dispatch @ex::@fill(%r#0) : (tensor<?xf32>{%n}) -> %r#0{%n}
  // CHECK: flow.call @scale_in_place(%arg2, %arg3) : (tensor<?x4xf32>{%arg1}, f32) -> %arg2{%arg1}
  %s = flow.call @scale_in_place(%m, %k) : (tensor<?x4xf32>{%n}, f32) -> %m{%n}
  // CHECK: flow.call @noargs() : () -> ()
  flow.call @noargs() : () -> ()
  return %d, %r#1, %s : tensor<?xf32>, i32, tensor<?x4xf32>
}

// CHECK-LABEL: func.func @retype
func.func @retype(%a: tensor<8xf32>, %b: tensor<2xi32>) -> (tensor<2xi32>, tensor<2x4xf32>) {
  // CHECK: flow.call @reinterpret(%arg0, %arg1) {flow.hint = 1 : i32} : (tensor<8xf32>, tensor<2xi32>) -> (%arg1, %arg0 as tensor<2x4xf32>)
  %x:2 = flow.call @reinterpret(%a, %b) {flow.hint = 1 : i32} : (tensor<8xf32>, tensor<2xi32>) -> (%b, %a as tensor<2x4xf32>)
  return %x#0, %x#1 : tensor<2xi32>, tensor<2x4xf32>
}
