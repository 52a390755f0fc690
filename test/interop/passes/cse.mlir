// cse gives the module mlir-opt 22 gives (both printed by mlir-opt in the generic form).
// RUN: %S/compare-with-mlir-opt.sh %s %t --cse

func.func @simple(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.addi %b, %a : i32
  %3 = arith.muli %0, %1 : i32
  %4 = arith.muli %0, %0 : i32
  return %3, %4, %2 : i32, i32, i32
}

func.func @constants() -> (i32, i32, f32) {
  %c1 = arith.constant 1 : i32
  %c1_0 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %f = arith.constant 1.0 : f32
  %s = arith.addi %c1, %c1_0 : i32
  return %s, %c2, %f : i32, i32, f32
}

func.func @dead(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  %1 = arith.addi %0, %a : i32
  return %a : i32
}

func.func @memory(%m: memref<4xf32>, %i: index, %v: f32) -> (f32, f32, f32) {
  %0 = memref.load %m[%i] : memref<4xf32>
  %1 = memref.load %m[%i] : memref<4xf32>
  memref.store %v, %m[%i] : memref<4xf32>
  %2 = memref.load %m[%i] : memref<4xf32>
  return %0, %1, %2 : f32, f32, f32
}

func.func @flags(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.addi %a, %b overflow<nsw> : i32
  %1 = arith.addi %a, %b : i32
  return %0, %1 : i32, i32
}
