// Memref layouts given as affine maps that have no strided form (a permutation, a map with several results or
// divisions): the ops that need strides reject them with mlir-opt 22's errors (both tools check the same
// expected-* comments); maps that are sums of strided terms are strided.
// RUN: tl-opt --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s

func.func @f(%a: memref<8x8xf32, affine_map<(d0, d1) -> (d1, d0)>>, %i: index) {
  // expected-error@+1 {{base type 'memref<8x8xf32, affine_map<(d0, d1) -> (d1, d0)>>' is not strided}}
  %0 = memref.subview %a[0, 0][%i, %i][1, 1] : memref<8x8xf32, affine_map<(d0, d1) -> (d1, d0)>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return
}

// -----

func.func @f(%a: memref<4x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>) {
  // expected-error@+1 {{'memref.collapse_shape' op operand #0 must be strided memref of any type values, but got 'memref<4x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>'}}
  %0 = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>> into memref<32xf32>
  return
}

// -----

func.func @f(%a: memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>' and result type 'memref<4x8xf32>' are cast incompatible}}
  %0 = memref.cast %a : memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>> to memref<4x8xf32>
  return
}

// -----

func.func @f(%a: memref<32x32xf16, affine_map<(d0, d1) -> (d1, d0)>>, %i: index) {
  // expected-error@+1 {{expected source memref most minor dim must have unit stride}}
  %0 = gpu.subgroup_mma_load_matrix %a[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16, affine_map<(d0, d1) -> (d1, d0)>> -> !gpu.mma_matrix<16x16xf16, "AOp">
  return
}

// -----

// A strided map: a cast to the same strides given as a strided layout is fine, a subview is taken through it.
func.func @f(%a: memref<4x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 + 2)>>, %i: index) {
  %0 = memref.cast %a : memref<4x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 + 2)>> to memref<4x8xf32, strided<[8, 1], offset: 2>>
  %1 = memref.subview %a[1, 0][2, 8][1, 1] : memref<4x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 + 2)>> to memref<2x8xf32, strided<[8, 1], offset: 10>>
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 + 2)>>' and result type 'memref<4x8xf32, strided<[8, 1], offset: 3>>' are cast incompatible}}
  %2 = memref.cast %a : memref<4x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 + 2)>> to memref<4x8xf32, strided<[8, 1], offset: 3>>
  return
}
