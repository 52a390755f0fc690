// Every verifier error of the memref dialect. Both tools check the same expected-* comments: the messages and
// their locations are mlir-opt 22's.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// ==== memref.alloc, memref.alloca ====

func.func @f(%n: index) {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = memref.alloc(%n) : memref<4xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'memref.alloca' op incorrect number of dynamic sizes, has 0, expected 2}}
  %0 = memref.alloca() : memref<?x?xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 0, got 1}}
  %0 = memref.alloc()[%n] : memref<4xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 2, got 0}}
  %0 = memref.alloc() : memref<4xf32, strided<[?], offset: ?>>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = "memref.alloc"() <{alignment = -1 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'memref.alloca' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.alloca() {alignment = 3} : memref<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'memref.alloc' op result #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<*xf32>
  return
}

// -----

func.func @f(%n: i32) {
  // expected-error@+1 {{'memref.alloc' op operand #0 must be variadic of index, but got 'i32'}}
  %0 = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> : (i32) -> memref<?xf32>
  return
}

// -----

"t.region"() ({
  // expected-error@+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %0 = memref.alloca() : memref<4xf32>
}) : () -> ()

// -----

// expected-error@+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
%0 = memref.alloca() : memref<4xf32>

// ==== memref.dealloc ====

// -----

func.func @f(%m: tensor<4xf32>) {
  // expected-error@+1 {{'memref.dealloc' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  "memref.dealloc"(%m) : (tensor<4xf32>) -> ()
  return
}

// ==== memref.load, memref.store ====

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %i, %i) : (memref<4x4xf32>, index, index) -> i32
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: i32) {
  // expected-error@+1 {{'memref.load' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "memref.load"(%m, %i) : (memref<4xf32>, i32) -> f32
  return
}

// -----

func.func @f(%m: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op operand #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "memref.load"(%m, %i) : (tensor<4xf32>, index) -> f32
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.load %m[%i] {alignment = 3 : i64} : memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{invalid properties {nontemporal = 1 : i32} for op memref.load: Invalid attribute `nontemporal` in property conversion: 1 : i32}}
  %0 = "memref.load"(%m, %i) <{nontemporal = 1 : i32}> : (memref<4xf32>, index) -> f32
  return
}

// -----

func.func @f(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %v: i32) {
  // expected-error@+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%v, %m, %i) : (i32, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.store' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  memref.store %v, %m[%i] {alignment = 0 : i64} : memref<4xf32>
  return
}

// ==== memref.cast ====

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4x1xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<4x1xf32>
  return
}

// -----

func.func @f(%m: memref<*xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<*xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<*xf32> to memref<*xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xf32, 1>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<4xf32, 1>
  return
}

// -----

func.func @f(%m: memref<4x4xf32, strided<[4, 1], offset: 2>>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4x4xf32, strided<[4, 1], offset: 2>>' and result type 'memref<4x4xf32, strided<[8, 1], offset: ?>>' are cast incompatible}}
  %0 = memref.cast %m : memref<4x4xf32, strided<[4, 1], offset: 2>> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<*xi32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<*xi32>
  return
}

// ==== memref.copy ====

// -----

func.func @f(%m: memref<4xf32>, %t: memref<5xf32>) {
  // expected-error@+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %m, %t : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %t: memref<4xi32>) {
  // expected-error@+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %m, %t : memref<4xf32> to memref<4xi32>
  return
}

// ==== memref.dim, memref.rank ====

// -----

func.func @f(%m: memref<f32>, %i: index) {
  // expected-error@+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'}}
  %0 = memref.dim %m, %i : memref<f32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.dim' op result #0 must be index, but got 'i32'}}
  %0 = "memref.dim"(%m, %i) : (memref<4xf32>, index) -> i32
  return
}

// -----

func.func @f(%m: tensor<4xf32>) {
  // expected-error@+1 {{'memref.rank' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "memref.rank"(%m) : (tensor<4xf32>) -> index
  return
}

// ==== memref.atomic_rmw ====

// -----

func.func @f(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'addi' expects an integer type}}
  %0 = memref.atomic_rmw addi %v, %m[%i] : (f32, memref<4xf32>) -> f32
  return
}

// -----

func.func @f(%m: memref<4xi32>, %i: index, %v: i32) {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'mulf' expects a floating-point type}}
  %0 = memref.atomic_rmw mulf %v, %m[%i] : (i32, memref<4xi32>) -> i32
  return
}

// -----

func.func @f(%m: memref<4x4xi32>, %i: index, %v: i32) {
  // expected-error@+1 {{'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank}}
  %0 = memref.atomic_rmw addi %v, %m[%i] : (i32, memref<4x4xi32>) -> i32
  return
}

// -----

func.func @f(%m: memref<4xi32>, %i: index, %v: i32) {
  // expected-error@+1 {{'memref.atomic_rmw' op failed to verify that all of {value, result} have same type}}
  %0 = memref.atomic_rmw assign %v, %m[%i] : (i32, memref<4xi32>) -> i64
  return
}

// -----

func.func @f(%m: memref<4xi32>, %i: index, %v: i64) {
  // expected-error@+1 {{'memref.atomic_rmw' op failed to verify that value type matches element type of memref}}
  %0 = memref.atomic_rmw assign %v, %m[%i] : (i64, memref<4xi32>) -> i64
  return
}

// -----

func.func @f(%b: memref<4xvector<2xf32>>, %i: index, %w: vector<2xf32>) {
  // expected-error@+1 {{'memref.atomic_rmw' op operand #0 must be signless integer or floating-point, but got 'vector<2xf32>'}}
  %0 = memref.atomic_rmw assign %w, %b[%i] : (vector<2xf32>, memref<4xvector<2xf32>>) -> vector<2xf32>
  return
}

// -----

func.func @f(%b: memref<4xindex>, %i: index, %v: i32) {
  // expected-error@+1 {{'memref.atomic_rmw' op operand #1 must be memref of signless integer or floating-point values, but got 'memref<4xindex>'}}
  %0 = "memref.atomic_rmw"(%v, %b, %i) <{kind = 3 : i64}> : (i32, memref<4xindex>, index) -> i32
  return
}

// ==== memref.generic_atomic_rmw, memref.atomic_yield ====

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.generic_atomic_rmw' op expected single number of entry block arguments}}
  %0 = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32, %b: f32):
    memref.atomic_yield %a : f32
  }
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.generic_atomic_rmw' op expected block argument of the same type result type}}
  %0 = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f16):
    %c = "t.c"() : () -> f32
    memref.atomic_yield %c : f32
  }
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  %0 = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32):
    // expected-error@+1 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
    memref.store %a, %m[%i] : memref<4xf32>
    memref.atomic_yield %a : f32
  }
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  %0 = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32):
    %c = memref.rank %m : memref<4xf32>
    // expected-error@+1 {{'memref.atomic_yield' op types mismatch between yield op: 'index' and its parent: 'f32'}}
    memref.atomic_yield %c : index
  }
  return
}

// -----

func.func @f(%c: f32) {
  // expected-error@+1 {{'memref.atomic_yield' op expects parent op 'memref.generic_atomic_rmw'}}
  memref.atomic_yield %c : f32
}
