// Errors in the channel and collective ops.
// RUN: tl-opt --split-input-file --verify-diagnostics %s

func.func @f(%n: index) {
  // expected-error@+1 {{'flow.channel.rank' op operand #0 must be a collecive communication channel, but got 'index'}}
  %r = "flow.channel.rank"(%n) : (index) -> index
  return
}

// -----

func.func @f(%c: !flow.channel) {
  // expected-error@+1 {{'flow.channel.count' op result #0 must be index, but got 'i32'}}
  %r = "flow.channel.count"(%c) : (!flow.channel) -> i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{invalid properties {group = 1 : i32} for op flow.channel.default: Invalid attribute `group` in property conversion: 1 : i32}}
  %c = "flow.channel.default"() <{group = 1 : i32}> : () -> !flow.channel
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %s: tensor<4xf32>, %c: !flow.channel) {
  // expected-error@+1 {{'flow.collective.all_reduce' op element type si8 does not describe the target's elements (f32)}}
  %r = flow.collective.all_reduce sum, si8, %t, %s, %c : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xui16>, %s: tensor<4xui16>, %c: !flow.channel) {
  // expected-error@+1 {{'flow.collective.all_gather' op element type si16 does not describe the target's elements (ui16)}}
  %r = flow.collective.all_gather si16, %t, %s, %c : (tensor<4xui16>, tensor<4xui16>, !flow.channel) -> %t as tensor<4xui16>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %s: tensor<4xf16>, %c: !flow.channel) {
  // expected-error@+1 {{'flow.collective.all_to_all' op element type f32 does not describe the source's elements (f16)}}
  %r = flow.collective.all_to_all f32, %t, %s, %c : (tensor<4xf32>, tensor<4xf16>, !flow.channel) -> %t as tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %s: tensor<8xf32>, %c: !flow.channel) {
  // expected-error@+1 {{'flow.collective.all_reduce' op expects the target (tensor<4xf32>) and the source (tensor<8xf32>) to have the same size in dimension 0}}
  %r = flow.collective.all_reduce sum, f32, %t, %s, %c : (tensor<4xf32>, tensor<8xf32>, !flow.channel) -> %t as tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4x2xf32>, %s: tensor<4xf32>, %c: !flow.channel) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'flow.collective.send_recv' op expects the target (tensor<4x2xf32>) and the source (tensor<4xf32>) to have the same rank}}
  %r = flow.collective.send_recv f32, %t, %s, %c, %c0, %c0 : (tensor<4x2xf32>, tensor<4xf32>, !flow.channel, index, index) -> %t as tensor<4x2xf32>
  return
}

// -----

func.func @f(%t: tensor<6x2xf32>, %s: tensor<4x2xf32>, %c: !flow.channel) {
  // expected-error@+1 {{'flow.collective.all_gather' op dimension 0 of the target (6) must be a multiple of the source's (4)}}
  %r = flow.collective.all_gather f32, %t, %s, %c : (tensor<6x2xf32>, tensor<4x2xf32>, !flow.channel) -> %t as tensor<6x2xf32>
  return
}

// -----

func.func @f(%t: tensor<4x2xf32>, %s: tensor<4x3xf32>, %c: !flow.channel) {
  // expected-error@+1 {{'flow.collective.all_gather' op expects the target (tensor<4x2xf32>) and the source (tensor<4x3xf32>) to have the same size in dimension 1}}
  %r = flow.collective.all_gather f32, %t, %s, %c : (tensor<4x2xf32>, tensor<4x3xf32>, !flow.channel) -> %t as tensor<4x2xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %s: tensor<6xf32>, %c: !flow.channel) {
  // expected-error@+1 {{'flow.collective.reduce_scatter' op dimension 0 of the source (6) must be a multiple of the target's (4)}}
  %r = flow.collective.reduce_scatter sum, f32, %t, %s, %c : (tensor<4xf32>, tensor<6xf32>, !flow.channel) -> %t as tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %s: tensor<4xf32>, %c: !flow.channel) {
  // expected-error@+1 {{'flow.collective.all_reduce' op result type tensor<8xf32> must be the target's type tensor<4xf32>}}
  %r = "flow.collective.all_reduce"(%t, %s, %c) <{element_type = 9 : i32, reduction_op = 1 : i32}> : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> tensor<8xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %s: tensor<4xf32>, %c: !flow.channel) {
  // expected-error@+1 {{'flow.collective.all_reduce' op expects 'tied_operands' to be [0 : index] (the result is the target) or [-1 : index], got [1 : index]}}
  %r = "flow.collective.all_reduce"(%t, %s, %c) <{element_type = 9 : i32, reduction_op = 1 : i32, tied_operands = [1 : index]}> : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %s: tensor<4xf32>, %c: !flow.channel) {
  // expected-error@+1 {{Invalid attribute `reduction_op` in property conversion: 9 : i32}}
  %r = "flow.collective.all_reduce"(%t, %s, %c) <{element_type = 9 : i32, reduction_op = 9 : i32}> : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %s: tensor<4xf32>, %c: !flow.channel) {
  // expected-error@+1 {{custom op 'flow.collective.all_reduce' expected string or keyword containing one of the following enum values for attribute 'reduction_op' [none, sum, product, minimum, maximum, average]}}
  %r = flow.collective.all_reduce add, f32, %t, %s, %c : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %s: tensor<4xf32>, %c: !flow.channel) {
  // expected-error@+1 {{custom op 'flow.collective.all_gather' expected string or keyword containing one of the following enum values for attribute 'element_type' [si8, ui8, si16, ui16, si32, ui32, si64, ui64, f16, f32, f64, bf16]}}
  %r = flow.collective.all_gather i32, %t, %s, %c : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %s: tensor<4xf32>, %c: !flow.channel) {
  // expected-error@+1 {{expected 3 operands (target, source, channel), got 2}}
  %r = flow.collective.all_gather f32, %t, %s : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %s: tensor<4xf32>, %c: !flow.channel) {
  // expected-error@+1 {{expected 3 operand types, got 2}}
  %r = flow.collective.all_gather f32, %t, %s, %c : (tensor<4xf32>, tensor<4xf32>) -> %t as tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %s: tensor<4xf32>, %c: !flow.channel) {
  // expected-error@+1 {{the result is tied to the target %t, not to %s}}
  %r = flow.collective.all_gather f32, %t, %s, %c : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %s as tensor<4xf32>
  return
}
