// Verifier errors of the host-side ops: gpu.alloc, dealloc, memcpy, memset, wait, host_register, printf and
// set_default_device. Both tools check the same expected-* comments: the messages are mlir-opt 22's.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

func.func @f(%i: index) {
  // expected-error@+1 {{'gpu.alloc' op incorrect number of dynamic sizes, has 2, expected 1}}
  %m = gpu.alloc (%i, %i) : memref<?xf32>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'gpu.alloc' op incorrect number of dynamic sizes, has 0, expected 2}}
  %m = gpu.alloc () : memref<?x?xf32>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'gpu.alloc' op symbol operand count does not equal memref symbol count}}
  %m = gpu.alloc () : memref<4xf32, strided<[?], offset: ?>>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'gpu.alloc' op symbol operand count does not equal memref symbol count}}
  %m = gpu.alloc () [%i] : memref<4xf32>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'gpu.alloc' op result #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  %m = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> tensor<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %n: memref<4xi32>) {
  // expected-error@+1 {{'gpu.memcpy' op arguments have incompatible element type}}
  gpu.memcpy %m, %n : memref<4xf32>, memref<4xi32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %n: memref<5xf32>) {
  // expected-error@+1 {{'gpu.memcpy' op arguments have incompatible shape}}
  gpu.memcpy %m, %n : memref<4xf32>, memref<5xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %n: memref<4x1xf32>) {
  // expected-error@+1 {{'gpu.memcpy' op arguments have incompatible shape}}
  gpu.memcpy %m, %n : memref<4xf32>, memref<4x1xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %v: i32) {
  // expected-error@+1 {{'gpu.memset' op failed to verify that all of {dst, value} have same element type}}
  gpu.memset %m, %v : memref<4xf32>, i32
  return
}

// -----

func.func @f(%m: memref<4xf32>, %v: f32) {
  // expected-error@+1 {{'gpu.memset' op operand #0 must be memref of any type values, but got 'f32'}}
  "gpu.memset"(%v, %v) : (f32, f32) -> ()
  return
}

// -----

func.func @f(%v: i32) {
  // expected-error@+1 {{'gpu.wait' op operand #0 must be variadic of async token type, but got 'i32'}}
  "gpu.wait"(%v) : (i32) -> ()
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'gpu.dealloc' op result #0 must be async token type, but got 'i32'}}
  %x = "gpu.dealloc"(%m) : (memref<4xf32>) -> i32
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'gpu.host_register' op operand #0 must be unranked.memref of any type values, but got 'memref<4xf32>'}}
  "gpu.host_register"(%m) : (memref<4xf32>) -> ()
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'gpu.host_unregister' op operand #0 must be unranked.memref of any type values, but got 'memref<4xf32>'}}
  "gpu.host_unregister"(%m) : (memref<4xf32>) -> ()
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{'gpu.printf' op operand #0 must be variadic of integer or index or floating-point, but got 'memref<4xf32>'}}
  gpu.printf "%d", %m : memref<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'gpu.printf' op requires attribute 'format'}}
  "gpu.printf"() : () -> ()
  return
}

// -----

func.func @f(%v: i64) {
  // expected-error@+1 {{'gpu.set_default_device' op operand #0 must be 32-bit signless integer, but got 'i64'}}
  "gpu.set_default_device"(%v) : (i64) -> ()
  return
}
