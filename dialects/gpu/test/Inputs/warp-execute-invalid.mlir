// The errors of gpu.warp_execute_on_lane_0 (checked by ../warp-execute.mlir with both tools).

func.func @scalar_to_vector(%lane: index, %x: f32) {
  // expected-error@+1 {{'gpu.warp_execute_on_lane_0' op expected vector type for distributed operands.}}
  gpu.warp_execute_on_lane_0(%lane)[32] args(%x : f32) {
  ^bb0(%all: vector<32xf32>):
  }
  return
}

// -----

func.func @element_types(%lane: index, %x: vector<2xf32>) {
  // expected-error@+1 {{'gpu.warp_execute_on_lane_0' op expected distributed vectors to have same rank and element type.}}
  gpu.warp_execute_on_lane_0(%lane)[32] args(%x : vector<2xf32>) {
  ^bb0(%all: vector<64xi32>):
  }
  return
}

// -----

func.func @not_a_multiple(%lane: index) -> vector<3xf32> {
  // expected-error@+1 {{'gpu.warp_execute_on_lane_0' op expected expanded vector dimension #0 (64) to be a multipler of the distributed vector dimension (3)}}
  %r = gpu.warp_execute_on_lane_0(%lane)[32] -> (vector<3xf32>) {
    %v = "test.make"() : () -> vector<64xf32>
    gpu.yield %v : vector<64xf32>
  }
  return %r : vector<3xf32>
}

// -----

func.func @wrong_warp_size(%lane: index) -> vector<2x4xf32> {
  // expected-error@+1 {{'gpu.warp_execute_on_lane_0' op incompatible distribution dimensions from 'vector<8x16xf32>' to 'vector<2x4xf32>' with warp size = 32}}
  %r = gpu.warp_execute_on_lane_0(%lane)[32] -> (vector<2x4xf32>) {
    %v = "test.make"() : () -> vector<8x16xf32>
    gpu.yield %v : vector<8x16xf32>
  }
  return %r : vector<2x4xf32>
}

// -----

func.func @argument_count(%lane: index, %x: vector<1xf32>) {
  // expected-error@+1 {{'gpu.warp_execute_on_lane_0' op expected same number op arguments and block arguments.}}
  gpu.warp_execute_on_lane_0(%lane)[32] args(%x : vector<1xf32>) {
  }
  return
}

// -----

func.func @yield_count(%lane: index) -> f32 {
  // expected-error@+1 {{'gpu.warp_execute_on_lane_0' op expected same number of yield operands and return values.}}
  %r = gpu.warp_execute_on_lane_0(%lane)[32] -> (f32) {
    gpu.yield
  }
  return %r : f32
}
