// Every verifier error of the math dialect. Both tools check the same expected-* comments: the messages and
// their locations are mlir-opt 22's.
// RUN: tl-opt --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s

func.func @f(%a: i32) {
  // expected-error@+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.absf %a : i32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.absi %a : f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'math.exp' op requires the same type for all operands and results}}
  %0 = "math.exp"(%a) : (f32) -> f64
  return
}

// -----

func.func @f(%a: tensor<?xf32>) {
  // expected-error@+2 {{'math.tanh' op inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error@+1 {{'math.tanh' op failed to infer returned types}}
  %0 = "math.tanh"(%a) : (tensor<?xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: f32, %b: f64) {
  // expected-error@+1 {{'math.powf' op requires the same type for all operands and results}}
  %0 = "math.powf"(%a, %b) : (f32, f64) -> f32
  return
}

// -----

func.func @f(%a: f32, %b: vector<2xf32>) {
  // expected-error@+1 {{'math.fma' op requires the same type for all operands and results}}
  %0 = "math.fma"(%a, %b, %a) : (f32, vector<2xf32>, f32) -> f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'math.isnan' op result #0 must be bool-like, but got 'f32'}}
  %0 = "math.isnan"(%a) : (f32) -> f32
  return
}

// -----

func.func @f(%a: vector<4xf32>) {
  // expected-error@+1 {{'math.isinf' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "math.isinf"(%a) : (vector<4xf32>) -> i1
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'math.isfinite' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.isfinite"(%a) : (i32) -> i1
  return
}

// -----

func.func @f(%a: f32, %b: f32) {
  // expected-error@+1 {{'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %0 = math.fpowi %a, %b : f32, f32
  return
}

// -----

func.func @f(%a: vector<4xf32>, %b: i32) {
  // expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %0 = math.fpowi %a, %b : vector<4xf32>, i32
  return
}

// -----

func.func @f(%a: f32, %b: i32) {
  // expected-error@+1 {{'math.fpowi' op failed to verify that all of {lhs, result} have same type}}
  %0 = "math.fpowi"(%a, %b) : (f32, i32) -> f64
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'math.sincos' op failed to verify that all of {operand, sin, cos} have same type}}
  %0:2 = "math.sincos"(%a) : (f32) -> (f32, f64)
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'math.sincos' op expected 2 results}}
  %0 = "math.sincos"(%a) : (f32) -> f32
  return
}

// -----

func.func @f(%a: f32, %b: f64) {
  // expected-error@+1 {{'math.clampf' op requires the same type for all operands and results}}
  %0 = "math.clampf"(%a, %b, %a) : (f32, f64, f32) -> f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'math.ipowi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.ipowi"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error@+1 {{'math.ctlz' op requires the same type for all operands and results}}
  %0 = "math.ctlz"(%a) : (i32) -> i64
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'math.sqrt' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "math.sqrt"(%a) {fastmath = 1 : i32} : (f32) -> f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{custom op 'math.isnan' 'operand' must be floating-point-like, but got 'i32'}}
  %0 = math.isnan %a : i32
  return
}

// -----

func.func @f(%a: vector<4xf32>) {
  // expected-error@+1 {{'math.ctpop' op operand #0 must be signless-integer-like, but got 'vector<4xf32>'}}
  %0 = "math.ctpop"(%a) : (vector<4xf32>) -> vector<4xf32>
  return
}
