// !flow.dispatch.tensor (every access, ranked tensors with dynamic sizes and encodings, scalar bindings) and
// !flow.channel print back as written, in custom and generic form.
// RUN: tl-opt %s | FileCheck %s
// RUN: tl-opt %s | tl-opt - | FileCheck %s
// RUN: tl-opt %s --mlir-print-op-generic | tl-opt - | FileCheck %s

// CHECK-LABEL: func.func private @types(
// CHECK-SAME:    !flow.dispatch.tensor<readonly:tensor<4x?xf32>>,
// CHECK-SAME:    !flow.dispatch.tensor<writeonly:tensor<f16>>,
// CHECK-SAME:    !flow.dispatch.tensor<readwrite:tensor<2x3x4xi8, "encoding">>,
// CHECK-SAME:    !flow.dispatch.tensor<readonly:f32>,
// CHECK-SAME:    !flow.dispatch.tensor<writeonly:index>,
// CHECK-SAME:    !flow.dispatch.tensor<readwrite:i1>,
// CHECK-SAME:    !flow.channel)
// CHECK-SAME:    -> (!flow.channel, !flow.dispatch.tensor<readonly:tensor<?x?xcomplex<f32>>>)
func.func private @types(%a: !flow.dispatch.tensor<readonly:tensor<4x?xf32>>,
                         %b: !flow.dispatch.tensor<writeonly:tensor<f16>>,
                         %c: !flow.dispatch.tensor<readwrite:tensor<2x3x4xi8, "encoding">>,
                         %d: !flow.dispatch.tensor<readonly:f32>,
                         %e: !flow.dispatch.tensor<writeonly:index>,
                         %f: !flow.dispatch.tensor<readwrite:i1>,
                         %g: !flow.channel) -> (!flow.channel, !flow.dispatch.tensor<readonly:tensor<?x?xcomplex<f32>>>)
