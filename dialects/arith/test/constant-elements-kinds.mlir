// arith.constant takes any elements attribute, as MLIR's ElementsAttr interface: dense numbers, dense_resource (its
// bytes in the file's resource section, kept and printed back after the module) and sparse elements. Both tools print
// the same module, custom and generic, and canonicalize leaves the constants alone (nothing folds them).
// RUN: mlir-opt %s -o %t.ref
// RUN: tl-opt %s | diff %t.ref -
// RUN: tl-opt %s -o %t.tlir
// RUN: mlir-opt %t.tlir | diff %t.ref -
// RUN: mlir-opt --mlir-print-op-generic %s -o %t.ref.generic
// RUN: tl-opt --mlir-print-op-generic %s | diff %t.ref.generic -
// RUN: mlir-opt --canonicalize %s -o %t.ref.canon
// RUN: tl-opt --canonicalize %s | diff %t.ref.canon -
// RUN: tl-opt %s | FileCheck %s

// CHECK-LABEL: func.func @kinds
// CHECK: arith.constant dense_resource<weights> : tensor<3xi16>
// CHECK: arith.constant sparse<{{\[}}[0, 1], [1, 0]], [5, 6]> : tensor<2x2xi32>
// CHECK: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK: dialect_resources
// CHECK: weights: "0x02000000010002000300"
func.func @kinds() -> (tensor<3xi16>, tensor<2x2xi32>, tensor<2xf32>) {
  %r = arith.constant dense_resource<weights> : tensor<3xi16>
  %s = arith.constant sparse<[[0, 1], [1, 0]], [5, 6]> : tensor<2x2xi32>
  %d = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %r, %s, %d : tensor<3xi16>, tensor<2x2xi32>, tensor<2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      weights: "0x02000000010002000300"
    }
  }
#-}
