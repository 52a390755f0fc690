// memref.transpose's errors: the permutation, its rank, and a result type that is not the transposed source.
// Both tools check the same expected-* comments: the messages and their locations are mlir-opt 22's.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

func.func @f(%m: memref<4x8xf32>) {
  // expected-error@+1 {{'memref.transpose' op expected a permutation map}}
  %0 = memref.transpose %m (i, j) -> (j, j) : memref<4x8xf32> to memref<8x8xf32>
  return
}

// -----

func.func @f(%m: memref<4x8xf32>) {
  // expected-error@+1 {{'memref.transpose' op expected a permutation map}}
  %0 = memref.transpose %m (i, j)[s] -> (j, i) : memref<4x8xf32> to memref<8x4xf32, strided<[1, 8]>>
  return
}

// -----

func.func @f(%m: memref<4x8x2xf32>) {
  // expected-error@+1 {{'memref.transpose' op expected a permutation map of same rank as the input}}
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<4x8x2xf32> to memref<8x4x2xf32>
  return
}

// -----

// The strides must move with the sizes.
func.func @f(%m: memref<4x8xf32>) {
  // expected-error@+1 {{'memref.transpose' op result type 'memref<8x4xf32>' is not equivalent to the canonical transposed input type 'memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8)>>'}}
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<4x8xf32> to memref<8x4xf32>
  return
}

// -----

func.func @f(%m: memref<4x8xf32, strided<[8, 1], offset: 3>>) {
  // expected-error@+1 {{'memref.transpose' op result type 'memref<8x4xf32, strided<[1, 8]>>' is not equivalent to the canonical transposed input type 'memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8 + 3)>>'}}
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<4x8xf32, strided<[8, 1], offset: 3>> to memref<8x4xf32, strided<[1, 8]>>
  return
}

// -----

func.func @f(%m: memref<4x8xf32>) {
  // expected-error@+1 {{expected AffineMap, but got IntegerSet}}
  %0 = memref.transpose %m (i, j) : (i >= 0) : memref<4x8xf32> to memref<4x8xf32>
  return
}
