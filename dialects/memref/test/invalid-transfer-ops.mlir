// The verifier and parser errors of the memref ops that reshape, reallocate, prefetch, copy by DMA or annotate
// buffers. Both tools check the same expected-* comments: the messages and their locations are mlir-opt 22's.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

func.func @f(%u: memref<*xf32>, %s: memref<2xindex>) {
  // expected-error@+1 {{'memref.reshape' op element types of source and destination memref types should be the same}}
  %0 = memref.reshape %u(%s) : (memref<*xf32>, memref<2xindex>) -> memref<?x?xf16>
  return
}

// -----

func.func @f(%m: memref<2x8xf32, strided<[8, 1]>>, %s: memref<1xi32>) {
  // A strided layout of two dimensions is not the identity map, even with row-major strides.
  // expected-error@+1 {{'memref.reshape' op source memref type should have identity affine map}}
  %0 = memref.reshape %m(%s) : (memref<2x8xf32, strided<[8, 1]>>, memref<1xi32>) -> memref<16xf32>
  return
}

// -----

func.func @f(%m: memref<16xf32>, %s: memref<?xi32>) {
  // expected-error@+1 {{'memref.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked memref type}}
  %0 = memref.reshape %m(%s) : (memref<16xf32>, memref<?xi32>) -> memref<?x?xf32>
  return
}

// -----

func.func @f(%m: memref<16xf32>, %s: memref<3xi32>) {
  // expected-error@+1 {{'memref.reshape' op length of shape operand differs from the result's memref rank}}
  %0 = memref.reshape %m(%s) : (memref<16xf32>, memref<3xi32>) -> memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<16xf32>, %s: memref<2xf32>) {
  // expected-error@+1 {{'memref.reshape' op operand #1 must be 1D memref of signless integer or index values, but got 'memref<2xf32>'}}
  %0 = memref.reshape %m(%s) : (memref<16xf32>, memref<2xf32>) -> memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.prefetch' op too few indices}}
  memref.prefetch %m[], read, locality<2>, data : memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.prefetch' rw specifier has to be 'read' or 'write'}}
  memref.prefetch %m[%i], readwrite, locality<2>, data : memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.prefetch' cache type has to be 'data' or 'instr'}}
  memref.prefetch %m[%i], write, locality<2>, code : memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  memref.prefetch %m[%i], write, locality<4>, data : memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{missing dimension operand for result type 'memref<?xf32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<?xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %n: index) {
  // expected-error@+1 {{unnecessary dimension operand for result type 'memref<8xf32>'}}
  %0 = memref.realloc %m(%n) : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{different element types specified for source memref type 'memref<4xf32>' and result memref type 'memref<8xi32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<8xi32>
  return
}

// -----

func.func @f(%m: memref<4xf32, 1>) {
  // expected-error@+1 {{different memory spaces specified for source memref type 'memref<4xf32, 1>' and result memref type 'memref<8xf32>'}}
  %0 = memref.realloc %m : memref<4xf32, 1> to memref<8xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32, strided<[2]>>) {
  // expected-error@+1 {{unsupported layout for source memref type 'memref<4xf32, strided<[2]>>'}}
  %0 = memref.realloc %m : memref<4xf32, strided<[2]>> to memref<8xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %t: memref<1xi32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.dma_start' expected two stride related operands}}
  memref.dma_start %m[%i], %m[%i], %i, %t[%i], %i : memref<4xf32>, memref<4xf32>, memref<1xi32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %t: memref<1xi32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.dma_start' fewer/more types expected}}
  memref.dma_start %m[%i], %m[%i], %i, %t[%i] : memref<4xf32>, memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %t: memref<1xi32>, %i: index, %x: i32) {
  // expected-error@+1 {{'memref.dma_start' op expected tag indices to be of index type}}
  "memref.dma_start"(%m, %i, %m, %i, %i, %t, %x) : (memref<4xf32>, index, memref<4xf32>, index, index, memref<1xi32>, i32) -> ()
  return
}

// -----

func.func @f(%t: memref<2x2xi32>, %i: index) {
  // expected-error@+1 {{'memref.dma_wait' op expected tagIndices to have the same number of elements as the tagMemRef rank, expected 2, but got 3}}
  memref.dma_wait %t[%i, %i, %i], %i : memref<2x2xi32>
  return
}

// -----

func.func @f(%a: memref<4xf32>) {
  // expected-error@+1 {{'memref.distinct_objects' op operand types and result types must match}}
  %0 = "memref.distinct_objects"(%a) : (memref<4xf32>) -> memref<8xf32>
  return
}

// -----

func.func @f(%a: memref<4xf32, 1>) {
  // expected-error@+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32, 1>' and result type 'memref<8xf32>' are cast incompatible}}
  %0 = memref.memory_space_cast %a : memref<4xf32, 1> to memref<8xf32>
  return
}

// -----

func.func @f(%a: memref<4xf32, 1>) {
  // expected-error@+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32, 1>' and result type 'memref<*xf32>' are cast incompatible}}
  %0 = memref.memory_space_cast %a : memref<4xf32, 1> to memref<*xf32>
  return
}
