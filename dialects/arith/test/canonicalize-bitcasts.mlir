// arith.bitcast under canonicalize, as mlir-opt 22 does it: a bitcast to its operand's own type folds away, so a
// value cast to another type of the same width and back is the value again; two bitcasts in a row become one;
// constants are reinterpreted bit for bit (scalars and dense vectors, NaN payloads kept).
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize

func.func @same_type(%a: f32, %v: vector<4xi16>) -> (f32, vector<4xi16>) {
  %0 = arith.bitcast %a : f32 to f32
  %1 = arith.bitcast %v : vector<4xi16> to vector<4xi16>
  return %0, %1 : f32, vector<4xi16>
}

func.func @round_trip(%a: f64, %b: i16) -> (f64, i16) {
  %0 = arith.bitcast %a : f64 to i64
  %1 = arith.bitcast %0 : i64 to f64
  %2 = arith.bitcast %b : i16 to f16
  %3 = arith.bitcast %2 : f16 to bf16
  %4 = arith.bitcast %3 : bf16 to i16
  return %1, %4 : f64, i16
}

func.func @chain(%a: f16, %t: tensor<2xf32>) -> (bf16, tensor<2xf32>) {
  %0 = arith.bitcast %a : f16 to i16
  %1 = arith.bitcast %0 : i16 to bf16
  %2 = arith.bitcast %t : tensor<2xf32> to tensor<2xi32>
  %3 = arith.bitcast %2 : tensor<2xi32> to tensor<2xf32>
  return %1, %3 : bf16, tensor<2xf32>
}

func.func @constants() -> (i32, f32, vector<2xi32>, f16) {
  %c = arith.constant 1.0 : f32
  %0 = arith.bitcast %c : f32 to i32
  %i = arith.constant 1078530011 : i32
  %1 = arith.bitcast %i : i32 to f32
  %v = arith.constant dense<[1.0, -2.0]> : vector<2xf32>
  %2 = arith.bitcast %v : vector<2xf32> to vector<2xi32>
  %nan = arith.constant 0x7D01 : i16
  %3 = arith.bitcast %nan : i16 to f16
  return %0, %1, %2, %3 : i32, f32, vector<2xi32>, f16
}
