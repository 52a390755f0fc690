// The vector dialect's verifier errors that tlir shares with mlir-opt 22 (same messages and locations), then the
// limits of tlir's subset (1-D vectors only), checked by tl-opt alone.
// RUN: tl-opt --split-input-file --verify-diagnostics %s
// RUN: sed '/tlir only/,$d' %s | mlir-opt --split-input-file --verify-diagnostics

func.func @not_unit_stride(%A: memref<16x32xf32, strided<[1, 16]>>, %i: index) {
  // expected-error@+1 {{'vector.load' op most minor memref dim must have unit stride}}
  %v = vector.load %A[%i, %i] : memref<16x32xf32, strided<[1, 16]>>, vector<4xf32>
  return
}

// -----

func.func @element_type(%A: memref<16xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op base and result element types should match}}
  %v = vector.load %A[%i] : memref<16xf32>, vector<4xi32>
  return
}

// -----

func.func @indices(%A: memref<16x4xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op requires 2 indices}}
  %v = vector.load %A[%i] : memref<16x4xf32>, vector<4xf32>
  return
}

// -----
// tlir only (mlir-opt takes n-D vectors):

func.func @two_d(%A: memref<16x4xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op tlir reads 1-D vectors of a fixed length only}}
  %v = vector.load %A[%i, %i] : memref<16x4xf32>, vector<2x4xf32>
  return
}
