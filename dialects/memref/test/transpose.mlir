// memref.transpose: a view with the dimensions permuted by an affine map, its result type as a strided layout or
// the equivalent affine map. Both ways with mlir-opt 22, custom and generic forms (the permutation prints as a
// bare map in the custom form, as an aliased `#map` attribute in the generic one).
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// RUN: tl-opt --allow-unregistered-dialect %t.ref | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %t.ref.generic | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref | diff %t.ref.generic -
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tlir
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.tlir.generic
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir | diff %t.ref -
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir.generic | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK-LABEL: func.func @views
func.func @views(%m: memref<?x?xf32>, %s: memref<3x5x7xi8, strided<[70, 7, 1], offset: 2>>, %w: memref<6x4xf16, 3>) {
  // CHECK: %transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %t0 = memref.transpose %m (r, c) -> (c, r) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  // The same result type written as a map, in another order of its terms.
  // CHECK: memref.transpose %arg0 (d0, d1) -> (d1, d0) {note = "map"} : memref<?x?xf32> to memref<?x?xf32, #map>
  %t1 = memref.transpose %m (r, c) -> (c, r) {note = "map"} : memref<?x?xf32> to memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>>
  // CHECK: memref.transpose %arg1 (d0, d1, d2) -> (d2, d0, d1) : memref<3x5x7xi8, strided<[70, 7, 1], offset: 2>> to memref<7x3x5xi8, strided<[1, 70, 7], offset: 2>>
  %t2 = memref.transpose %s (a, b, c) -> (c, a, b) : memref<3x5x7xi8, strided<[70, 7, 1], offset: 2>> to memref<7x3x5xi8, strided<[1, 70, 7], offset: 2>>
  // The memory space stays; the identity permutation of a static memref keeps its layout.
  // CHECK: memref.transpose %arg2 (d0, d1) -> (d1, d0) : memref<6x4xf16, 3> to memref<4x6xf16, strided<[1, 4]>, 3>
  %t3 = memref.transpose %w (i, j) -> (j, i) : memref<6x4xf16, 3> to memref<4x6xf16, strided<[1, 4]>, 3>
  // CHECK: memref.transpose %arg2 (d0, d1) -> (d0, d1) : memref<6x4xf16, 3> to memref<6x4xf16, 3>
  %t4 = memref.transpose %w (i, j) -> (i, j) : memref<6x4xf16, 3> to memref<6x4xf16, 3>
  "t.use"(%t0, %t1, %t2, %t3, %t4) : (memref<?x?xf32, strided<[1, ?]>>, memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>>, memref<7x3x5xi8, strided<[1, 70, 7], offset: 2>>, memref<4x6xf16, strided<[1, 4]>, 3>, memref<6x4xf16, 3>) -> ()
  return
}
