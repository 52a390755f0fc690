// Parse errors in the custom forms of the memref ops. Both tools check the same expected-* comments: the messages
// are mlir-opt 22's (index lists, types of the wrong kind, enum keywords, a global's initial value, which takes
// its type from the global's and is written without one).
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+2 {{custom op 'memref.subview' expected integer value}}
  // expected-error@+1 {{custom op 'memref.subview' expected SSA value or integer}}
  %0 = memref.subview %m[0, x][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>, %s: index) {
  // MLIR's index lists take a scalable size in brackets, `[4]`, after which a value is not an integer...
  // expected-error@+2 {{custom op 'memref.subview' expected integer value}}
  // expected-error@+1 {{custom op 'memref.subview' expected SSA value or integer}}
  %0 = memref.subview %m[0, [%s]][1, 4][1, 1] : memref<8x16xf32> to memref<1x4xf32, strided<[16, 1], offset: 4>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // ... and an unclosed bracket fails with only the list's error.
  // expected-error@+1 {{custom op 'memref.subview' expected SSA value or integer}}
  %0 = memref.subview %m[0, [4, 5]][1, 4][1, 1] : memref<8x16xf32> to memref<1x4xf32, strided<[16, 1], offset: 4>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+2 {{expected ']' in dynamic index list}}
  // expected-error@+1 {{custom op 'memref.subview' expected SSA value or integer}}
  %0 = memref.subview %m[0, 0 [4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+2 {{expected '[' in dynamic index list}}
  // expected-error@+1 {{custom op 'memref.subview' expected SSA value or integer}}
  %0 = memref.subview %m(0, 0)[4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%m: memref<8x16xf32>, %i: i32) {
  // expected-error@+1 {{use of value '%i' expects different type than prior uses: 'index' vs 'i32'}}
  %0 = memref.subview %m[%i, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{custom op 'memref.subview' expected 'to'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{expected ':'}}
  %0 = memref.alloc() memref<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'memref.alloca' invalid kind of type specified: expected builtin.memref, but found 'tensor<4xf32>'}}
  %0 = memref.alloca() : tensor<4xf32>
  return
}

// -----

// expected-error@+1 {{custom op 'memref.global' type should be static shaped memref, but got 'f32'}}
memref.global @g : f32

// -----

// expected-error@+1 {{expected attribute value}}
memref.global "private" @g : memref<2xf32> = foo

// -----

// The initial value is parsed with the global's tensor type: a ': type' after it is the start of the next op.
// expected-error@+1 {{expected operation name in quotes}}
memref.global "private" @g : memref<2xf32> = dense<1.0> : tensor<3xf32>

// -----

// expected-error@+1 {{custom op 'memref.global' type should be static shaped memref, but got 'memref<*xf32>'}}
memref.global "private" @g : memref<*xf32>

// -----

// expected-error@+1 {{expected ':'}}
memref.global "private" @g memref<2xf32>

// -----

func.func @f() {
  // expected-error@+1 {{expected attribute value}}
  %0 = memref.get_global g : memref<2xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %v: f32, %i: index) {
  // expected-error@+1 {{custom op 'memref.atomic_rmw' expected string or keyword containing one of the following enum values for attribute 'kind' [addf, addi, andi, assign, maximumf, maxnumf, maxs, maxu, minimumf, minnumf, mins, minu, mulf, muli, ori, xori]}}
  %0 = memref.atomic_rmw foo %v, %m[%i] : (f32, memref<4xf32>) -> f32
  return
}

// -----

func.func @f(%m: memref<4xf32>, %v: f32, %i: index) {
  // expected-error@+1 {{expected '->'}}
  %0 = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<4xf32>) f32
  return
}

// -----

func.func @f(%m: memref<*xf32>) {
  // expected-error@+1 {{custom op 'memref.extract_strided_metadata' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %b, %o, %s, %t = memref.extract_strided_metadata %m : memref<*xf32> -> memref<f32>, index, index, index
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.load' invalid kind of type specified: expected builtin.memref, but found 'f32'}}
  %0 = memref.load %m[%i] : f32
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{expected SSA operand}}
  %0 = memref.load %m[%i, ] : memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{expected ','}}
  memref.store %v %m[%i] : memref<4xf32>
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%m: memref<4xf32>, %i: i32, %v: f32) {
  // expected-error@+1 {{use of value '%i' expects different type than prior uses: 'index' vs 'i32'}}
  memref.store %v, %m[%i] : memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>) {
  // expected-error@+1 {{custom op 'memref.expand_shape' expected 'output_shape'}}
  %0 = memref.expand_shape %m [[0, 1]] : memref<8xf32> into memref<2x4xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>) {
  // expected-error@+1 {{expected ',' or ']'}}
  %0 = memref.expand_shape %m [[0, 1] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
  return
}

// -----

func.func @f(%m: memref<2x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %0 = memref.collapse_shape %m [0, 1] : memref<2x4xf32> into memref<8xf32>
  return
}

// -----

func.func @f(%m: memref<2x4xf32>) {
  // expected-error@+1 {{custom op 'memref.collapse_shape' expected 'into'}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<2x4xf32> to memref<8xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>) {
  // expected-error@+1 {{custom op 'memref.reinterpret_cast' expected 'offset'}}
  %0 = memref.reinterpret_cast %m to sizes: [8], strides: [1] : memref<8xf32> to memref<8xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>) {
  // expected-error@+2 {{expected '[' in dynamic index list}}
  // expected-error@+1 {{custom op 'memref.reinterpret_cast' expected SSA value or integer}}
  %0 = memref.reinterpret_cast %m to offset: 0, sizes: [8], strides: [1] : memref<8xf32> to memref<8xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>) {
  // expected-error@+1 {{custom op 'memref.cast' invalid kind of type specified}}
  %0 = memref.cast %m : memref<8xf32> to tensor<8xf32>
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%m: memref<8xf32>) {
  // expected-error@+1 {{use of value '%m' expects different type than prior uses: 'index' vs 'memref<8xf32>'}}
  %0 = memref.dim %m, %m : memref<8xf32>
  return
}

// -----

func.func @f(%a: memref<8xf32>, %b: memref<8xf32>) {
  memref.copy %a, %b : memref<8xf32>
  // expected-error@+1 {{custom op 'memref.copy' expected 'to'}}
  return
}

// -----

func.func @f(%a: memref<8xf32>) {
  // expected-error@+1 {{custom op 'memref.dealloc' invalid kind of type specified}}
  memref.dealloc %a : tensor<8xf32>
  return
}

// -----

func.func @f(%a: memref<8xf32>) {
  // expected-error@+1 {{custom op 'memref.rank' invalid kind of type specified}}
  %0 = memref.rank %a : i32
  return
}

// -----

func.func @f(%a: memref<8xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.load' 'memref.load' op attribute 'nontemporal' failed to satisfy constraint: bool attribute}}
  %0 = memref.load %a[%i] {nontemporal = 1 : i32} : memref<8xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.alloc() {alignment = 8 : i32} : memref<8xf32>
  return
}

// -----

func.func @f(%a: memref<8xi8>, %i: index) {
  // expected-error@+1 {{custom op 'memref.view' expected 'to'}}
  %0 = memref.view %a[%i][] : memref<8xi8> memref<2xf32>
  return
}

// -----

func.func @f(%a: memref<8xf32>) {
  // expected-error@+1 {{expected ','}}
  memref.assume_alignment %a : memref<8xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.reinterpret_cast' invalid kind of type specified}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [8], strides: [1] : tensor<8xf32> to memref<8xf32>
  return
}

// -----

func.func @f(%m: memref<8xf32>, %i: index) {
  // expected-error@+1 {{custom op 'memref.copy' invalid kind of type specified}}
  memref.copy %m, %m : memref<8xf32> to tensor<8xf32>
  return
}

