// `sparse<indices, values> : type`: zero except at the listed coordinates. Indices written as one number
// stand for every coordinate of a single index, one value for every index; `sparse<>` has none. Both tools
// print lists, splats, floats, complex and string elements the same way. Both ways, custom and generic forms.
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: tl-opt --allow-unregistered-dialect %s | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %t.ref | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tlir
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir | diff %t.ref -
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %t.ref.generic -
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK: grid = sparse<{{\[}}[0, 1], [2, 3]], [10, -4]> : tensor<3x4xi32>
// CHECK-SAME: none = sparse<> : tensor<5xf32>
// CHECK-SAME: one = sparse<1, 9> : tensor<2x2xi16>
// CHECK-SAME: same = sparse<{{\[}}[0, 0], [1, 1]], 7> : tensor<2x2xi8>
// CHECK-SAME: vec = sparse<[0, 3], [2.500000e-01, -1.000000e+00]> : vector<4xf32>
"t.s"() {
  grid = sparse<[[0, 1], [2, 3]], [10, -4]> : tensor<3x4xi32>,
  one = sparse<1, 9> : tensor<2x2xi16>,
  none = sparse<> : tensor<5xf32>,
  vec = sparse<[0, 3], [0.25, -1.0]> : vector<4xf32>,
  same = sparse<[[0,0], [1,1]], 7> : tensor<2x2xi8>
} : () -> ()

// CHECK: pairs = sparse<{{\[}}[2], [0]], [(1,-2), (3,4)]> : tensor<3xcomplex<i32>>
// CHECK-SAME: words = sparse<1, "w"> : tensor<2x!t.word>
"t.s"() {pairs = sparse<[[2], [0]], [(1, -2), (3, 4)]> : tensor<3xcomplex<i32>>, words = sparse<[1], ["w"]> : tensor<2x!t.word>} : () -> ()
