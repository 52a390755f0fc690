// A flow.dispatch of tensors has no memory effects (IREE's value semantics): unused, canonicalize removes it, and
// cse merges two equal ones. A dispatch given memrefs or groups may write them: it stays, and equal ones stay two.
// RUN: tl-opt %s --canonicalize --cse | FileCheck %s

flow.executable private @ex {
  flow.executable.export public @fn
}

// CHECK-LABEL: func.func @tensors(
// CHECK-NEXT:    %[[R:.+]] = flow.dispatch @ex::@fn(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %[[R]], %[[R]] : tensor<4xf32>, tensor<4xf32>
func.func @tensors(%t: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %unused = flow.dispatch @ex::@fn(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %a = flow.dispatch @ex::@fn(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %b = flow.dispatch @ex::@fn(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @memrefs(
// CHECK-NEXT:    flow.dispatch @ex::@fn(%arg0) : (memref<4xf32>) -> ()
// CHECK-NEXT:    flow.dispatch @ex::@fn(%arg0) : (memref<4xf32>) -> ()
// CHECK-NEXT:    flow.dispatch @ex::@fn(%arg1) : (!flow.group<memref<4xf32>>) -> ()
// CHECK-NEXT:    return
func.func @memrefs(%m: memref<4xf32>, %g: !flow.group<memref<4xf32>>) {
  flow.dispatch @ex::@fn(%m) : (memref<4xf32>) -> ()
  flow.dispatch @ex::@fn(%m) : (memref<4xf32>) -> ()
  flow.dispatch @ex::@fn(%g) : (!flow.group<memref<4xf32>>) -> ()
  return
}
