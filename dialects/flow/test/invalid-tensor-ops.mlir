// Errors in the flow.tensor ops.
// RUN: tl-opt --split-input-file --verify-diagnostics %s

func.func @f(%n: index) {
  // expected-error@+1 {{'flow.tensor.alloca' op value set has 1 dynamic dimensions but only 2 dimension values are attached}}
  %a = flow.tensor.alloca : tensor<?xf32>{%n, %n}
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'flow.tensor.empty' op value set has 2 dynamic dimensions but only 1 dimension values are attached}}
  %e = flow.tensor.empty : tensor<?x?xf32>{%n}
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'flow.tensor.empty' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %e = "flow.tensor.empty"() : () -> tensor<*xf32>
  return
}

// -----

func.func @f(%v: i32) {
  // expected-error@+1 {{'flow.tensor.splat' op failed to verify that value type matches element type of result}}
  %s = "flow.tensor.splat"(%v) : (i32) -> tensor<4xf32>
  return
}

// -----

func.func @f(%v: vector<2xf32>) {
  // expected-error@+1 {{'flow.tensor.splat' op operand #0 must be index or signless integer or floating-point or complex-type, but got 'vector<2xf32>'}}
  %s = "flow.tensor.splat"(%v) : (vector<2xf32>) -> tensor<4xvector<2xf32>>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'flow.tensor.constant' op value must be dense elements of a statically shaped tensor type, got 1 : i32}}
  %c = "flow.tensor.constant"() <{value = 1 : i32}> : () -> tensor<i32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'flow.tensor.constant' op result type tensor<3xi32> does not match the type of the value, tensor<2xi32>}}
  %c = "flow.tensor.constant"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<3xi32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'flow.tensor.dynamic_constant' op result type tensor<3x2xf32> is not compatible with the type of the value, tensor<1x2xf32>}}
  %c = flow.tensor.dynamic_constant dense<[[1.0, 2.0]]> : tensor<1x2xf32> -> tensor<3x2xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'flow.tensor.dynamic_constant' op result type tensor<?x2xi32> is not compatible with the type of the value, tensor<1x2xf32>}}
  %c = flow.tensor.dynamic_constant dense<[[1.0, 2.0]]> : tensor<1x2xf32> -> tensor<?x2xi32>
  return
}

// -----

func.func @f(%t: tensor<4x4xf32>, %i: index) {
  // expected-error@+1 {{'flow.tensor.load' op expects 2 indices for tensor<4x4xf32>, got 1}}
  %v = flow.tensor.load %t[%i] : tensor<4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'flow.tensor.load' op failed to verify that result type matches element type of source}}
  %v = "flow.tensor.load"(%t, %i) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<4xf32>, index) -> f16
  return
}

// -----

func.func @f(%t: tensor<?xf32>, %i: index) {
  // expected-error@+1 {{'flow.tensor.load' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %v = flow.tensor.load %t[%i] : tensor<?xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'flow.tensor.store' op expects 1 indices for tensor<4xf32>, got 2}}
  %r = flow.tensor.store %v, %t[%i, %i] : tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4x4xf32>, %i: index) {
  // expected-error@+1 {{'flow.tensor.slice' op expects 2 start indices for tensor<4x4xf32>, got 1}}
  %s = flow.tensor.slice %t[%i for %i, %i] : tensor<4x4xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%t: tensor<4x4xf32>, %i: index) {
  // expected-error@+1 {{'flow.tensor.slice' op expects 2 lengths for tensor<4x4xf32>, got 1}}
  %s = flow.tensor.slice %t[%i, %i for %i] : tensor<4x4xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%t: tensor<4x4xf32>, %i: index) {
  // expected-error@+1 {{'flow.tensor.slice' op expects tensor<4xf32> to have the rank of tensor<4x4xf32>}}
  %s = flow.tensor.slice %t[%i, %i for %i, %i] : tensor<4x4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4x4xf32>, %i: index) {
  // expected-error@+1 {{'flow.tensor.slice' op expects tensor<2x2xi32> to have the element type of tensor<4x4xf32>}}
  %s = flow.tensor.slice %t[%i, %i for %i, %i] : tensor<4x4xf32> -> tensor<2x2xi32>
  return
}

// -----

func.func @f(%t: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: index) {
  // expected-error@+1 {{the result is tied to the target %t, not to %u}}
  %r = flow.tensor.update %u, %t[%i, %i] : tensor<2x2xf32> -> %u as tensor<4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: index) {
  // expected-error@+1 {{'flow.tensor.update' op result type tensor<8x8xf32> must be the target's type tensor<4x4xf32>}}
  %r = "flow.tensor.update"(%t, %i, %i, %u) <{operandSegmentSizes = array<i32: 1, 0, 2, 1, 0>}> : (tensor<4x4xf32>, index, index, tensor<2x2xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @f(%t: tensor<4x4xf32>, %u: tensor<2xf32>, %i: index) {
  // expected-error@+1 {{'flow.tensor.update' op expects tensor<2xf32> to have the rank of tensor<4x4xf32>}}
  %r = flow.tensor.update %u, %t[%i, %i] : tensor<2xf32> -> %t as tensor<4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{'flow.tensor.reshape' op element bit widths must match}}
  %r = flow.tensor.reshape %t : tensor<4xf32> -> tensor<4xf16>
  return
}

// -----

func.func @f(%t: tensor<4x4xf32>) {
  // expected-error@+1 {{'flow.tensor.reshape' op cannot reshape 16 elements (tensor<4x4xf32>) into 8 (tensor<8xf32>)}}
  %r = flow.tensor.reshape %t : tensor<4x4xf32> -> tensor<8xf32>
  return
}

// -----

func.func @f(%t: tensor<?xf32>, %n: index) {
  // expected-error@+1 {{'flow.tensor.reshape' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %r = flow.tensor.reshape %t : tensor<?xf32>{%n} -> tensor<?xf32>
  return
}

// -----

func.func @f(%t: tensor<4xi32>) {
  // expected-error@+1 {{'flow.tensor.bitcast' op bitcast must keep the number of bits: tensor<4xi32> has 128, tensor<4xi16> has 64}}
  %r = flow.tensor.bitcast %t : tensor<4xi32> -> tensor<4xi16>
  return
}

// -----

func.func @f(%t: tensor<4x!flow.channel>) {
  // expected-error@+1 {{'flow.tensor.bitcast' op cannot bitcast elements of !flow.channel: they have no bit width}}
  %r = flow.tensor.bitcast %t : tensor<4x!flow.channel> -> tensor<4xi32>
  return
}

// -----

func.func @f(%t: tensor<?xf32>, %n: index) {
  // expected-error@+1 {{'flow.tensor.tie_shape' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %r = flow.tensor.tie_shape %t : tensor<?xf32>
  return
}

// -----

func.func @f(%t: tensor<?xf32>, %n: index) {
  // expected-error@+1 {{'flow.tensor.clone' op value set has 1 dynamic dimensions but only 2 dimension values are attached}}
  %r = flow.tensor.clone %t : tensor<?xf32>{%n, %n}
  return
}

// -----

func.func @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{'flow.tensor.clone' op failed to verify that all of {operand, result} have same type}}
  %r = "flow.tensor.clone"(%t) : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{expected 'to'}}
  %r = flow.tensor.transfer %t : tensor<4xf32> "device"
  return
}

// -----

func.func @f(%t: tensor<?xf32>, %n: index) {
  // expected-error@+1 {{'flow.tensor.trace' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  "flow.tensor.trace"(%t) <{key = "k", operandSegmentSizes = array<i32: 1, 0>}> : (tensor<?xf32>) -> ()
  return
}

// -----

func.func @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{expected ':'}}
  flow.tensor.trace "k" = [%t tensor<4xf32>]
  return
}
