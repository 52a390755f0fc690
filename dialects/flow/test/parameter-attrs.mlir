// `#flow.parameter.named<...> : type` in IREE's forms (a key with or without a scope, an optional configuration
// dictionary): read, printed back, a fixed point, and the same through the generic form.
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.custom
// RUN: tl-opt --allow-unregistered-dialect %t.custom | diff %t.custom -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s | tl-opt --allow-unregistered-dialect | diff %t.custom -
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %S/Inputs/parameter-attrs-invalid.mlir 2>&1 | FileCheck %S/Inputs/parameter-attrs-invalid.mlir

// CHECK: "t.globals"() {
// CHECK-SAME: bias = #flow.parameter.named<"bias", {offset = 16 : i64}> : tensor<2x2xf16>
// CHECK-SAME: weights = #flow.parameter.named<"model"::"layer0.w"> : tensor<4x8xf32>
"t.globals"() {weights = #flow.parameter.named<"model"::"layer0.w"> : tensor<4x8xf32>, bias = #flow.parameter.named<"bias", {offset = 16 : i64}> : tensor<2x2xf16>} : () -> ()
