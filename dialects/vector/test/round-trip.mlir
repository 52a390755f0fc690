// vector dialect (vector.load, vector.extract): tl-opt prints exactly what mlir-opt 22 prints, in custom and generic
// form, and each tool reads the other's output back to the same module.
// RUN: tl-opt %s | FileCheck %s
// RUN: tl-opt %s -o %t.tlir
// RUN: mlir-opt %s -o %t.ref
// RUN: diff %t.ref %t.tlir
// RUN: tl-opt %t.tlir | diff %t.ref -
// RUN: tl-opt --mlir-print-op-generic %s -o %t.tlir.generic
// RUN: mlir-opt --mlir-print-op-generic %s -o %t.ref.generic
// RUN: diff %t.ref.generic %t.tlir.generic
// RUN: tl-opt %t.tlir.generic | diff %t.ref -
// RUN: mlir-opt %t.tlir.generic | diff %t.ref -

// CHECK-LABEL: func.func @loads
func.func @loads(%A: memref<16x32xf32, strided<[32, 1], offset: ?>>, %x: memref<?xi32>, %k: index, %m: index) -> (f32, f32, i32) {
  // CHECK: %[[V:.*]] = vector.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<16x32xf32, strided<[32, 1], offset: ?>>, vector<4xf32>
  %v = vector.load %A[%k, %m] {alignment = 16 : i64} : memref<16x32xf32, strided<[32, 1], offset: ?>>, vector<4xf32>
  // CHECK: vector.load %{{.*}}[%{{.*}}] : memref<?xi32>, vector<2xi32>
  %w = vector.load %x[%m] : memref<?xi32>, vector<2xi32>
  // CHECK: vector.extract %[[V]][3] : f32 from vector<4xf32>
  %e = vector.extract %v[3] : f32 from vector<4xf32>
  // CHECK: vector.extract %[[V]][%{{.*}}] : f32 from vector<4xf32>
  %d = vector.extract %v[%k] : f32 from vector<4xf32>
  %i = vector.extract %w[1] : i32 from vector<2xi32>
  return %e, %d, %i : f32, f32, i32
}
