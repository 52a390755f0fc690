// MLIR's dynamic index lists read a size in brackets, `[4]`, as scalable; memref.subview has no scalable sizes,
// so the brackets are read and dropped, as mlir-opt 22 does.
// RUN: tl-opt %s -o %t.tl
// RUN: mlir-opt %s -o %t.ref
// RUN: diff %t.ref %t.tl
// RUN: FileCheck %s < %t.tl

// CHECK: memref.subview %arg0[0, 4] [1, 4] [1, 1] : memref<8x16xf32> to memref<1x4xf32, strided<[16, 1], offset: 4>>
func.func @f(%m: memref<8x16xf32>) -> memref<1x4xf32, strided<[16, 1], offset: 4>> {
  %0 = memref.subview %m[0, [4]][1, 4][1, 1] : memref<8x16xf32> to memref<1x4xf32, strided<[16, 1], offset: 4>>
  return %0 : memref<1x4xf32, strided<[16, 1], offset: 4>>
}
