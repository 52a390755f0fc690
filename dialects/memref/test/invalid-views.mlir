// Verifier errors of the memref ops that make views: subview, reinterpret_cast, expand_shape, collapse_shape, view,
// and of the mixed offset/size/stride lists they share. Both tools check the same expected-* comments: the messages
// and their locations are mlir-opt 22's.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// ==== memref.subview ====

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<4x5xf32, strided<[16, 1]>>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x5xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result element type to be 'f32', but got 'memref<4x4xi32, strided<[16, 1]>>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xi32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result rank to be smaller or equal to the source rank, but got 'memref<4x4x1xf32, strided<[16, 1, 1]>>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4x1xf32, strided<[16, 1, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{different memory spaces specified for base memref type 'memref<8x16xf32>' and subview memref type 'memref<4x4xf32, strided<[16, 1]>, 1>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>, 1>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32, strided<[16, 1], offset: 3>>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 3>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<1x4xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4xf32, strided<[2]>>'}}
  %0 = memref.subview %m[0, 0][1, 4][1, 1] : memref<8x16xf32> to memref<4xf32, strided<[2]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1], offset: ?>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32, strided<[16, 1], offset: 3>>'}}
  %0 = memref.subview %m[%i, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 3>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32, strided<[?, ?]>>'}}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[?, ?]>>
  return
}

// -----

func.func @f(%m: memref<8x16x4xf32>) {
  // Two unit dimensions, one dropped: the strides say which (here the one of stride 4 is kept, not 64's).
  // expected-error@+1 {{expected result type to be 'memref<1x1x4xf32, strided<[64, 4, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<1x4xf32, strided<[8, 1]>>'}}
  %0 = memref.subview %m[0, 0, 0][1, 1, 4][1, 1, 1] : memref<8x16x4xf32> to memref<1x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = memref.subview %m[0, 0][4][1, 1] : memref<8x16xf32> to memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = memref.subview %m[0, 0][4, 4][1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected 2 offset values, got 3}}
  %0 = memref.subview %m[0, 0, 0][4, 4, 1][1, 1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected 2 offset values, got 1}}
  %0 = memref.subview %m[0][4][1] : memref<8x16xf32> to memref<4x16xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected offsets to be non-negative, but got -1}}
  %0 = memref.subview %m[0, -1][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: -1>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected sizes to be non-negative, but got -4}}
  %0 = memref.subview %m[0, 0][4, -4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{slice along dimension 1 runs out-of-bounds: 17 >= 16}}
  %0 = memref.subview %m[0, 14][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 14>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 8 >= 8}}
  %0 = memref.subview %m[8, 0][1, 4][1, 1] : memref<8x16xf32> to memref<1x4xf32, strided<[16, 1], offset: 128>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (0 vs 1)}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>) -> memref<4x4xf32, strided<[16, 1], offset: ?>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected the number of 'sizes' to match the number of dynamic entries in 'static_sizes' (1 vs 0)}}
  %0 = "memref.subview"(%m, %i) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>, index) -> memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected the number of 'strides' to match the number of dynamic entries in 'static_strides' (0 vs 1)}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, -9223372036854775808>}> : (memref<8x16xf32>) -> memref<4x4xf32, strided<[16, ?]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.subview' op requires attribute 'static_offsets'}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>) -> memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @f(%m: memref<*xf32>) {
  // expected-error@+1 {{'memref.subview' op operand #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<*xf32>) -> memref<4xf32>
  return
}

// ==== memref.reinterpret_cast ====

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{different memory spaces specified for source type 'memref<8x16xf32>' and result memref type 'memref<128xf32, 1>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [128], strides: [1] : memref<8x16xf32> to memref<128xf32, 1>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{different element types specified for source type 'memref<8x16xf32>' and result memref type 'memref<128xi32>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [128], strides: [1] : memref<8x16xf32> to memref<128xi32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type with size = 127 instead of 128 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [127], strides: [1] : memref<8x16xf32> to memref<128xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected result type with size = dynamic instead of 128 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [%i], strides: [1] : memref<8x16xf32> to memref<128xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected result type with offset = dynamic instead of 0}}
  %0 = memref.reinterpret_cast %m to offset: [%i], sizes: [128], strides: [1] : memref<8x16xf32> to memref<128xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected result type with stride = dynamic instead of 2 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [128], strides: [%i] : memref<8x16xf32> to memref<128xf32, strided<[2]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type with stride = 1 instead of 2 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [128], strides: [1] : memref<8x16xf32> to memref<128xf32, strided<[2]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = memref.reinterpret_cast %m to offset: [0, 1], sizes: [128], strides: [1] : memref<8x16xf32> to memref<128xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected 1 size values, got 2}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [128, 1], strides: [1, 1] : memref<8x16xf32> to memref<128xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.reinterpret_cast' op result #0 must be strided memref of any type values, but got 'memref<*xf32>'}}
  %0 = "memref.reinterpret_cast"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64>, static_strides = array<i64>}> : (memref<8x16xf32>) -> memref<*xf32>
  return
}

// ==== memref.expand_shape ====

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op collapsed dim size (8) must equal reassociation group size (10)}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 5, 16] : memref<8x16xf32> into memref<2x5x16xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op invalid number of reassociation groups: found 1, expected 2}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [2, 4, 16] : memref<8x16xf32> into memref<2x4x16xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op reassociation indices must be contiguous}}
  %0 = memref.expand_shape %m [[0, 2], [1]] output_shape [2, 4, 16] : memref<8x16xf32> into memref<2x4x16xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op reassociation index 3 is out of bounds}}
  %0 = memref.expand_shape %m [[0, 1], [2, 3]] output_shape [2, 4, 16] : memref<8x16xf32> into memref<2x4x16xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op expanded rank (4) inconsistent with number of reassociation indices (3)}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 16, 1] : memref<8x16xf32> into memref<2x4x16x1xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op expected expanded type to be 'memref<2x4x16xf32>' but found 'memref<2x4x16xf32, strided<[64, 16, 1], offset: 1>>'}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 16] : memref<8x16xf32> into memref<2x4x16xf32, strided<[64, 16, 1], offset: 1>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32, strided<[32, 2]>>) {
  // expected-error@+1 {{'memref.expand_shape' op expected expanded type to be 'memref<2x4x16xf32, strided<[128, 32, 2]>>' but found 'memref<2x4x16xf32>'}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 16] : memref<8x16xf32, strided<[32, 2]>> into memref<2x4x16xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op invalid output shape provided at pos 2}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 15] : memref<8x16xf32> into memref<2x4x16xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op expected number of static shape bounds to be equal to the output rank (3) but found 2 inputs instead}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4] : memref<8x16xf32> into memref<2x4x16xf32>
  return
}

// -----

func.func @f(%m: memref<?x16xf32>, %n: index) {
  // expected-error@+1 {{'memref.expand_shape' op mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has 1 dynamic dims while output_shape has 0 values}}
  %0 = "memref.expand_shape"(%m) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: -9223372036854775808, 4, 16>}> : (memref<?x16xf32>) -> memref<?x4x16xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op has source rank 2 and result rank 1. This is not an expansion (2 > 1).}}
  %0 = memref.expand_shape %m [[0], [1]] output_shape [8, 16] : memref<8x16xf32> into memref<8xf32>
  return
}

// -----

func.func @f(%m: memref<?x16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 16] : memref<?x16xf32> into memref<2x4x16xf32>
  return
}

// -----

func.func @f(%m: memref<f32>) {
  // expected-error@+1 {{'memref.expand_shape' op rank 0 memrefs can only be extended/collapsed with/from ones}}
  %0 = memref.expand_shape %m [] output_shape [1, 2] : memref<f32> into memref<1x2xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %0 = "memref.expand_shape"(%m) <{reassociation = [[0, 1], 2], static_output_shape = array<i64: 2, 4, 16>}> : (memref<8x16xf32>) -> memref<2x4x16xf32>
  return
}

// ==== memref.collapse_shape ====

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim size (127) must equal reassociation group size (128)}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<8x16xf32> into memref<127xf32>
  return
}

// -----

func.func @f(%m: memref<8x16xf32, strided<[32, 1]>>) {
  // expected-error@+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<8x16xf32, strided<[32, 1]>> into memref<128xf32, strided<[1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32, strided<[16, 1]>>) {
  // expected-error@+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<128xf32, strided<[1]>>' but found 'memref<128xf32>'}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<8x16xf32, strided<[16, 1]>> into memref<128xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32, strided<[?, 1]>>) {
  // A dynamic inner size may be 1 at runtime: the collapsed stride is dynamic.
  // expected-error@+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<?xf32, strided<[?]>>' but found 'memref<?xf32, strided<[1]>>'}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<?x?xf32, strided<[?, 1]>> into memref<?xf32, strided<[1]>>
  return
}

// -----

func.func @f(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op has source rank 2 and result rank 3. This is not a collapse (2 < 3).}}
  %0 = memref.collapse_shape %m [[0], [1]] : memref<8x16xf32> into memref<8x16x1xf32>
  return
}

// -----

func.func @f(%m: memref<?x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<?x4xf32> into memref<8xf32>
  return
}

// ==== memref.view ====

// -----

func.func @f(%m: memref<2048xi8, 2>, %n: index) {
  // expected-error@+1 {{different memory spaces specified for base memref type 'memref<2048xi8, 2>' and view memref type 'memref<?x4xf32, 1>'}}
  %0 = memref.view %m[%n][%n] : memref<2048xi8, 2> to memref<?x4xf32, 1>
  return
}

// -----

func.func @f(%m: memref<2048xi8>, %n: index) {
  // expected-error@+1 {{'memref.view' op incorrect number of dynamic sizes, has 1, expected 2}}
  %0 = memref.view %m[%n][%n] : memref<2048xi8> to memref<?x?xf32>
  return
}

// -----

func.func @f(%m: memref<2048xi8>, %n: index) {
  // expected-error@+1 {{unsupported map for result memref type 'memref<?x4xf32, strided<[4, 1], offset: ?>>'}}
  %0 = memref.view %m[%n][%n] : memref<2048xi8> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  return
}

// -----

func.func @f(%m: memref<2048xf32>, %n: index) {
  // expected-error@+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<2048xf32>'}}
  %0 = memref.view %m[%n][] : memref<2048xf32> to memref<4xf32>
  return
}
