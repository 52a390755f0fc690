// `dense_resource<key> : type` and the blobs of the file's `{-# dialect_resources: { builtin: ... } #-}`
// metadata: both tools print the blobs of the keys the module uses (a blob nobody uses is dropped; a key without
// a blob prints no entry) after the module, in the order first used, in upper-case hex. Both ways, custom and
// generic forms.
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: tl-opt --allow-unregistered-dialect %s | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %t.ref | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tlir
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir | diff %t.ref -
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %t.ref.generic -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref.generic | diff %t.ref.generic -
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK: "t.weights"() {bias = dense_resource<bias> : tensor<2xf32>, missing = dense_resource<nowhere> : tensor<4xi8>, w = dense_resource<weights.0> : tensor<3xi16>}
"t.weights"() {w = dense_resource<"weights.0"> : tensor<3xi16>, bias = dense_resource<bias> : tensor<2xf32>, missing = dense_resource<nowhere> : tensor<4xi8>} : () -> ()
"t.again"() {b = dense_resource<bias> : tensor<2xf32>} : () -> ()

// CHECK: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       bias: "0x040000000000803F000000C0",
// CHECK-NEXT:       weights.0: "0x02000000010002000300"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
{-#
  dialect_resources: {
    builtin: {
      "weights.0": "0x02000000010002000300",
      unused: "0x0100000000",
      bias: "0x040000000000803f000000c0"
    }
  }
#-}
