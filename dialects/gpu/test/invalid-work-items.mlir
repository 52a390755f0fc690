// Verifier errors of the ops work-items run: the id ops, gpu.shuffle, gpu.all_reduce, gpu.subgroup_reduce and
// gpu.yield. Both tools check the same expected-* comments: the messages are mlir-opt 22's.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// ==== id ops ====

// expected-error@+1 {{'gpu.thread_id' op requires attribute 'dimension'}}
%0 = "gpu.thread_id"() : () -> index

// -----

// expected-error@+1 {{'gpu.block_dim' op attribute 'upper_bound' failed to satisfy constraint: index attribute}}
%0 = "gpu.block_dim"() <{dimension = #gpu<dim x>, upper_bound = 4 : i32}> : () -> index

// -----

// expected-error@+1 {{'gpu.grid_dim' op result #0 must be index, but got 'i32'}}
%0 = "gpu.grid_dim"() <{dimension = #gpu<dim x>}> : () -> i32

// -----

// expected-error@+1 {{'gpu.subgroup_size' op result #0 must be index, but got 'i64'}}
%0 = "gpu.subgroup_size"() : () -> i64

// -----

// expected-error@+1 {{'gpu.lane_id' op requires one result}}
"gpu.lane_id"() : () -> ()

// ==== gpu.shuffle ====

// -----

func.func @f(%v: index, %o: i32) {
  // expected-error@+1 {{'gpu.shuffle' op operand #0 must be Integer or Float or fixed-length vector of Integer or Float values of ranks 1, but got 'index'}}
  %r, %ok = gpu.shuffle xor %v, %o, %o : index
  return
}

// -----

func.func @f(%v: f32, %o: i64) {
  // expected-error@+1 {{'gpu.shuffle' op operand #1 must be 32-bit signless integer, but got 'i64'}}
  %r:2 = "gpu.shuffle"(%v, %o, %o) <{mode = #gpu<shuffle_mode xor>}> : (f32, i64, i64) -> (f32, i1)
  return
}

// -----

func.func @f(%v: f32, %o: i32) {
  // expected-error@+1 {{'gpu.shuffle' op failed to verify that all of {value, shuffleResult} have same type}}
  %r:2 = "gpu.shuffle"(%v, %o, %o) <{mode = #gpu<shuffle_mode up>}> : (f32, i32, i32) -> (f16, i1)
  return
}

// -----

func.func @f(%v: vector<2x2xf32>, %o: i32) {
  // expected-error@+1 {{'gpu.shuffle' op operand #0 must be Integer or Float or fixed-length vector of Integer or Float values of ranks 1, but got 'vector<2x2xf32>'}}
  %r:2 = "gpu.shuffle"(%v, %o, %o) <{mode = #gpu<shuffle_mode up>}> : (vector<2x2xf32>, i32, i32) -> (vector<2x2xf32>, i1)
  return
}

// -----

func.func @f(%v: f32, %o: i32) {
  // expected-error@+1 {{'gpu.shuffle' op requires attribute 'mode'}}
  %r:2 = "gpu.shuffle"(%v, %o, %o) : (f32, i32, i32) -> (f32, i1)
  return
}

// ==== gpu.all_reduce ====

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{'gpu.all_reduce' op requires the same type for all operands and results}}
  %r = "gpu.all_reduce"(%v) <{op = #gpu<all_reduce_op add>}> ({}) : (f32) -> i32
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{`and` reduction operation is not compatible with type 'f32'}}
  %r = gpu.all_reduce and %v {} : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: i32) {
  // expected-error@+1 {{`maximumf` reduction operation is not compatible with type 'i32'}}
  %r = gpu.all_reduce maximumf %v {} : (i32) -> (i32)
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{expected either an op attribute or a non-empty body}}
  %r = gpu.all_reduce %v {} : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{expected either an op attribute or a non-empty body}}
  %r = gpu.all_reduce add %v {
  ^bb(%a: f32, %b: f32):
    gpu.yield %a : f32
  } : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{expected two region arguments}}
  %r = gpu.all_reduce %v {
  ^bb(%a: f32):
    gpu.yield %a : f32
  } : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{incorrect region argument type}}
  %r = gpu.all_reduce %v {
  ^bb(%a: f32, %b: i32):
    gpu.yield %a : f32
  } : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{expected one gpu.yield operand}}
  %r = gpu.all_reduce %v {
  ^bb(%a: f32, %b: f32):
    gpu.yield %a, %b : f32, f32
  } : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{incorrect gpu.yield type}}
  %r = gpu.all_reduce %v {
  ^bb(%a: f32, %b: f32):
    %c = arith.constant 1 : i32
    gpu.yield %c : i32
  } : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{expected gpu.yield op in region}}
  %r = gpu.all_reduce %v {
  ^bb(%a: f32, %b: f32):
    "t.end"() : () -> ()
  } : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: f32, %o: i32) {
  // expected-note@+1 {{required by region isolation constraints}}
  %r = gpu.all_reduce %v {
  ^bb(%a: f32, %b: f32):
    // expected-error@+1 {{'gpu.yield' op using value defined outside the region}}
    gpu.yield %v : f32
  } : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error@+1 {{'gpu.all_reduce' op operand #0 must be Integer or Float, but got 'vector<4xf32>'}}
  %r = gpu.all_reduce maximumf %v {} : (vector<4xf32>) -> (vector<4xf32>)
  return
}

// ==== gpu.subgroup_reduce ====

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{`xor` reduction operation is not compatible with type 'f32'}}
  %r = gpu.subgroup_reduce xor %v : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: vector<4xi32>) {
  // expected-error@+1 {{`minnumf` reduction operation is not compatible with type 'vector<4xi32>'}}
  %r = gpu.subgroup_reduce minnumf %v : (vector<4xi32>) -> (vector<4xi32>)
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op cluster size 3 is not a power of two}}
  %r = gpu.subgroup_reduce add %v cluster(size = 3) : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op cluster stride 3 is not a power of two}}
  %r = gpu.subgroup_reduce add %v cluster(size = 4, stride = 3) : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op cluster stride can only be specified if cluster size is specified}}
  %r = "gpu.subgroup_reduce"(%v) <{op = #gpu<all_reduce_op add>, cluster_stride = 2 : i32}> : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: vector<2x2xf32>) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op operand #0 must be Integer or Float or fixed-length vector of Integer or Float values of ranks 1, but got 'vector<2x2xf32>'}}
  %r = gpu.subgroup_reduce add %v : (vector<2x2xf32>) -> (vector<2x2xf32>)
  return
}

// -----

func.func @f(%v: vector<[4]xf32>) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op operand #0 must be Integer or Float or fixed-length vector of Integer or Float values of ranks 1, but got 'vector<[4]xf32>'}}
  %r = gpu.subgroup_reduce add %v : (vector<[4]xf32>) -> (vector<[4]xf32>)
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op requires the same type for all operands and results}}
  %r = gpu.subgroup_reduce add %v : (f32) -> (f64)
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op requires attribute 'op'}}
  %r = "gpu.subgroup_reduce"(%v) : (f32) -> (f32)
  return
}

// -----

// The reduction's keyword is optional in the syntax (MLIR's custom<AllReduceOperation>): without it the op
// parses, and its verifier asks for the attribute.
func.func @f(%u: f32) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op requires attribute 'op'}}
  %r = gpu.subgroup_reduce %u uniform cluster(size = 4) : (f32) -> f32
  return
}
