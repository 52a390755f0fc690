// The errors of flow.func and flow.call: the callee must be a function of the call's type, the dynamic dimensions
// of the tensors must be given, and a tied result must name an argument.
// RUN: tl-opt --split-input-file --verify-diagnostics %s

func.func @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{'flow.call' op undefined external call: missing}}
  %0 = flow.call @missing(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

flow.func private @ext(%arg0: tensor<4xf32>) -> tensor<4xf32>

func.func @f(%t: tensor<4xi32>) {
  // expected-error@+1 {{'flow.call' op function type mismatch; expected (tensor<4xi32>) -> tensor<4xf32> but callee is (tensor<4xf32>) -> tensor<4xf32>}}
  %0 = flow.call @ext(%t) : (tensor<4xi32>) -> tensor<4xf32>
  return
}

// -----

flow.func private @ext(%arg0: tensor<?xf32>) -> tensor<?xf32>

func.func @f(%t: tensor<?xf32>, %n: index) {
  // expected-error@+1 {{'flow.call' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "flow.call"(%t, %n) <{callee = @ext, operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<?xf32>, index) -> tensor<?xf32>
  return
}

// -----

flow.func private @ext(%arg0: tensor<4xf32>) -> tensor<4xf32>

func.func @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{tied operand not found for result reference %u}}
  %0 = flow.call @ext(%t) : (tensor<4xf32>) -> %u
  return
}

// -----

// expected-error@+1 {{tied operand not found for result reference %arg3}}
flow.func private @ext(%arg0: tensor<4xf32>) -> %arg3

// -----

// expected-error@+1 {{'flow.func' op has 2 tied operand entries for 1 result}}
"flow.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "ext", sym_visibility = "private", tied_operands = [0 : index, -1 : index]}> ({
}) : () -> ()
