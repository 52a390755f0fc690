// Errors in flow.dispatch.tensor.load / store, flow.dispatch.tie_shape and the workload ops.
// RUN: tl-opt --split-input-file --verify-diagnostics %s

func.func private @f(%b: !flow.dispatch.tensor<writeonly:tensor<4xf32>>) -> tensor<4xf32> {
  // expected-error@+1 {{'flow.dispatch.tensor.load' op operand #0 must be readable dispatch.tensor (readonly or readwrite), but got '!flow.dispatch.tensor<writeonly:tensor<4xf32>>'}}
  %t = flow.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : !flow.dispatch.tensor<writeonly:tensor<4xf32>> -> tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

func.func private @f(%b: !flow.dispatch.tensor<readonly:tensor<4xf32>>, %t: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch.tensor.store' op operand #1 must be writable dispatch.tensor (writeonly or readwrite), but got '!flow.dispatch.tensor<readonly:tensor<4xf32>>'}}
  flow.dispatch.tensor.store %t, %b, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !flow.dispatch.tensor<readonly:tensor<4xf32>>
  return
}

// -----

func.func private @f(%b: !flow.dispatch.tensor<readonly:tensor<4x4xf32>>) -> tensor<4xf32> {
  // expected-error@+1 {{'flow.dispatch.tensor.load' op expected 2 offset values, got 1}}
  %t = flow.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : !flow.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

func.func private @f(%b: !flow.dispatch.tensor<readonly:tensor<4x4xf32>>) -> tensor<4x4xf32> {
  // expected-error@+1 {{'flow.dispatch.tensor.load' op expected 2 stride values, got 3}}
  %t = flow.dispatch.tensor.load %b, offsets = [0, 0], sizes = [4, 4], strides = [1, 1, 1] : !flow.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<4x4xf32>
  return %t : tensor<4x4xf32>
}

// -----

func.func private @f(%b: !flow.dispatch.tensor<readonly:tensor<4xf32>>) -> tensor<4xf32> {
  // expected-error@+1 {{'flow.dispatch.tensor.load' op expected offsets to be non-negative, but got -1}}
  %t = flow.dispatch.tensor.load %b, offsets = [-1], sizes = [4], strides = [1] : !flow.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

func.func private @f(%b: !flow.dispatch.tensor<readonly:tensor<4xf32>>, %n: index) -> tensor<4xf32> {
  // expected-error@+1 {{'flow.dispatch.tensor.load' op expected the number of 'sizes' to match the number of dynamic entries in 'static_sizes' (1 vs 0)}}
  %t = "flow.dispatch.tensor.load"(%b, %n) <{operandSegmentSizes = array<i32: 1, 0, 0, 1, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (!flow.dispatch.tensor<readonly:tensor<4xf32>>, index) -> tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

func.func private @f(%b: !flow.dispatch.tensor<readonly:tensor<4x4xf32>>) -> tensor<2x3xf32> {
  // expected-error@+1 {{expected type to be tensor<2x2xf32> or a rank-reduced version. (size mismatch)}}
  %t = flow.dispatch.tensor.load %b, offsets = [0, 0], sizes = [2, 2], strides = [1, 1] : !flow.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<2x3xf32>
  return %t : tensor<2x3xf32>
}

// -----

func.func private @f(%b: !flow.dispatch.tensor<readonly:tensor<4x4xf32>>) -> tensor<1x2x2xf32> {
  // expected-error@+1 {{expected rank to be smaller or equal to the other rank.}}
  %t = flow.dispatch.tensor.load %b, offsets = [0, 0], sizes = [2, 2], strides = [1, 1] : !flow.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<1x2x2xf32>
  return %t : tensor<1x2x2xf32>
}

// -----

func.func private @f(%b: !flow.dispatch.tensor<readonly:tensor<4x4xf32>>) -> tensor<2x2xf16> {
  // expected-error@+1 {{expected element type to be f32}}
  %t = flow.dispatch.tensor.load %b, offsets = [0, 0], sizes = [2, 2], strides = [1, 1] : !flow.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<2x2xf16>
  return %t : tensor<2x2xf16>
}

// -----

func.func private @f(%b: !flow.dispatch.tensor<writeonly:tensor<4x4xf32>>, %t: tensor<3xf32>) {
  // expected-error@+1 {{expected type to be tensor<1x2xf32> or a rank-reduced version. (size mismatch)}}
  flow.dispatch.tensor.store %t, %b, offsets = [0, 0], sizes = [1, 2], strides = [1, 1] : tensor<3xf32> -> !flow.dispatch.tensor<writeonly:tensor<4x4xf32>>
  return
}

// -----

func.func private @f(%b: !flow.dispatch.tensor<readonly:tensor<?xf32>>) -> tensor<4xf32> {
  // expected-error@+1 {{'flow.dispatch.tensor.load' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %t = flow.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : !flow.dispatch.tensor<readonly:tensor<?xf32>> -> tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

func.func private @f(%b: !flow.dispatch.tensor<readonly:tensor<4xf32>>) -> tensor<4xf32> {
  // expected-error@+2 {{expected integer value}}
  // expected-error@+1 {{custom op 'flow.dispatch.tensor.load' expected SSA value or integer}}
  %t = flow.dispatch.tensor.load %b, offsets = [x], sizes = [4], strides = [1] : !flow.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

func.func private @f(%b: !flow.dispatch.tensor<readonly:tensor<4xf32>>) -> tensor<4xf32> {
  // expected-error@+1 {{expected 'sizes'}}
  %t = flow.dispatch.tensor.load %b, offsets = [0], strides = [1] : !flow.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

func.func private @f(%b: !flow.dispatch.tensor<readonly:tensor<?xf32>>, %n: index) {
  // expected-error@+1 {{'flow.dispatch.tie_shape' op value set has 1 dynamic dimensions but only 2 dimension values are attached}}
  %t = flow.dispatch.tie_shape %b : !flow.dispatch.tensor<readonly:tensor<?xf32>>{%n, %n}
  return
}

// -----

func.func private @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch.tie_shape' op operand #0 must be dispatch.tensor, but got 'tensor<4xf32>'}}
  %r = "flow.dispatch.tie_shape"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func private @f(%n: index) {
  // expected-error@+1 {{'flow.dispatch.workload.ordinal' op ordinal must be non-negative, got -1}}
  %o = flow.dispatch.workload.ordinal %n, -1 : index
  return
}

// -----

func.func private @f(%n: i32) {
  // expected-error@+1 {{'flow.dispatch.workgroup_count_from_slice' op operand #0 must be variadic of index, but got 'i32'}}
  %x, %y, %z = "flow.dispatch.workgroup_count_from_slice"(%n) : (i32) -> (index, index, index)
  return
}

// -----

func.func private @f(%n: index) {
  // expected-error@+1 {{'flow.dispatch.workgroup_count_from_dag_root' op expected 3 results}}
  %x, %y = "flow.dispatch.workgroup_count_from_dag_root"(%n) : (index) -> (index, index)
  return
}
