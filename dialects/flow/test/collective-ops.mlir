// Channels (flow.channel.*) and collectives (flow.collective.*) in IREE's forms: every element type and reduction
// keyword, tied and untied results, dynamic targets; custom and generic forms read back to the same IR, and the
// output is a fixed point.
// RUN: tl-opt %s | FileCheck %s
// RUN: tl-opt %s -o %t.custom
// RUN: tl-opt %t.custom | diff %t.custom -
// RUN: tl-opt %s --mlir-print-op-generic -o %t.generic
// RUN: tl-opt %t.generic | diff %t.custom -
// RUN: tl-opt %t.generic --mlir-print-op-generic | diff %t.generic -
// RUN: tl-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @channels(
// CHECK-NEXT:    %default_channel = flow.channel.default : !flow.channel
// CHECK-NEXT:    %default_channel_0 = flow.channel.default "group" : !flow.channel
// CHECK-NEXT:    %channel = flow.channel.split %default_channel, %arg0, %arg1 : !flow.channel -> !flow.channel
// CHECK-NEXT:    %channel_rank = flow.channel.rank %channel : index
// CHECK-NEXT:    %channel_count = flow.channel.count %default_channel_0 : index
// GENERIC-LABEL: sym_name = "channels"
// GENERIC:       "flow.channel.default"() : () -> !flow.channel
// GENERIC:       "flow.channel.default"() <{group = "group"}> : () -> !flow.channel
// GENERIC:       "flow.channel.split"(%{{.*}}, %{{.*}}, %{{.*}}) : (!flow.channel, index, index) -> !flow.channel
func.func @channels(%color: index, %key: index) -> (index, index) {
  %default = flow.channel.default : !flow.channel
  %group = flow.channel.default "group" : !flow.channel
  %split = flow.channel.split %default, %color, %key : !flow.channel -> !flow.channel
  %rank = flow.channel.rank %split : index
  %count = flow.channel.count %group : index
  return %rank, %count : index, index
}

// CHECK-LABEL: func.func @collectives(
// CHECK:         %0 = flow.collective.all_reduce sum, f32, %arg0, %arg1, %arg2 : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %arg0 as tensor<4xf32>
// CHECK-NEXT:    %1 = flow.collective.all_reduce none, f32, %arg0, %arg1, %arg2 : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %arg0 as tensor<4xf32>
// CHECK-NEXT:    %2 = flow.collective.all_reduce product, f32, %arg0, %arg1, %arg2 : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %arg0 as tensor<4xf32>
// CHECK-NEXT:    %3 = flow.collective.all_reduce minimum, f32, %arg0, %arg1, %arg2 : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %arg0 as tensor<4xf32>
// CHECK-NEXT:    %4 = flow.collective.all_reduce average, f32, %arg0, %arg1, %arg2 : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %arg0 as tensor<4xf32>
// CHECK-NEXT:    %5 = flow.collective.all_gather f32, %arg3, %arg1, %arg2 : (tensor<8xf32>, tensor<4xf32>, !flow.channel) -> %arg3 as tensor<8xf32>
// CHECK-NEXT:    %6 = flow.collective.all_to_all f32, %arg0, %arg1, %arg2 : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %arg0 as tensor<4xf32>
// CHECK-NEXT:    %7 = flow.collective.reduce_scatter maximum, f32, %arg4, %arg1, %arg2 : (tensor<2xf32>, tensor<4xf32>, !flow.channel) -> %arg4 as tensor<2xf32>
// CHECK-NEXT:    %8 = flow.collective.send_recv f32, %arg0, %arg1, %arg2, %c0, %c-1 : (tensor<4xf32>, tensor<4xf32>, !flow.channel, index, index) -> %arg0 as tensor<4xf32>
// CHECK-NEXT:    %9 = flow.collective.all_reduce sum, f32, %arg5, %arg6, %arg2 : (tensor<?x3xf32>, tensor<?x3xf32>, !flow.channel) -> %arg5 as tensor<?x3xf32>{%arg7} attributes {note}
// GENERIC-LABEL: sym_name = "collectives"
// GENERIC:       "flow.collective.all_reduce"(%{{.*}}, %{{.*}}, %{{.*}}) <{element_type = 9 : i32, reduction_op = 1 : i32, tied_operands = [0 : index]}>
// GENERIC:       "flow.collective.all_gather"(%{{.*}}, %{{.*}}, %{{.*}}) <{element_type = 9 : i32, tied_operands = [-1 : index]}> : (tensor<8xf32>, tensor<4xf32>, !flow.channel) -> tensor<8xf32>
// GENERIC:       "flow.collective.send_recv"
// GENERIC:       "flow.collective.all_reduce"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{element_type = 9 : i32, reduction_op = 1 : i32, tied_operands = [0 : index]}> {note} : (tensor<?x3xf32>, index, tensor<?x3xf32>, !flow.channel) -> tensor<?x3xf32>
func.func @collectives(%t: tensor<4xf32>, %s: tensor<4xf32>, %ch: !flow.channel, %t8: tensor<8xf32>, %t2: tensor<2xf32>,
                       %dt: tensor<?x3xf32>, %ds: tensor<?x3xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  %0 = flow.collective.all_reduce sum, f32, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  %1 = flow.collective.all_reduce none, f32, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  %2 = flow.collective.all_reduce product, f32, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  %3 = flow.collective.all_reduce minimum, f32, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  %4 = flow.collective.all_reduce average, f32, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  // An untied result (as written in IREE's tests) is printed tied: the result is the target.
  %5 = flow.collective.all_gather f32, %t8, %s, %ch : (tensor<8xf32>, tensor<4xf32>, !flow.channel) -> tensor<8xf32>
  %6 = flow.collective.all_to_all f32, %t, %s, %ch : (tensor<4xf32>, tensor<4xf32>, !flow.channel) -> %t as tensor<4xf32>
  %7 = flow.collective.reduce_scatter maximum, f32, %t2, %s, %ch : (tensor<2xf32>, tensor<4xf32>, !flow.channel) -> %t2 as tensor<2xf32>
  %8 = flow.collective.send_recv f32, %t, %s, %ch, %c0, %cm1 : (tensor<4xf32>, tensor<4xf32>, !flow.channel, index, index) -> %t as tensor<4xf32>
  %9 = flow.collective.all_reduce sum, f32, %dt, %ds, %ch : (tensor<?x3xf32>, tensor<?x3xf32>, !flow.channel) -> %dt as tensor<?x3xf32>{%n} attributes {note}
  return
}

// Every element type, with integers of any signedness that agrees with it.
// CHECK-LABEL: func.func @element_types(
// CHECK-NEXT:    flow.collective.all_gather si8, %arg0, %arg0
// CHECK-NEXT:    flow.collective.all_gather ui8, %arg0, %arg0
// CHECK-NEXT:    flow.collective.all_gather si16, %arg1, %arg1
// CHECK-NEXT:    flow.collective.all_gather ui16, %arg2, %arg2
// CHECK-NEXT:    flow.collective.all_gather si32, %arg3, %arg3
// CHECK-NEXT:    flow.collective.all_gather ui32, %arg3, %arg3
// CHECK-NEXT:    flow.collective.all_gather si64, %arg4, %arg4
// CHECK-NEXT:    flow.collective.all_gather ui64, %arg4, %arg4
// CHECK-NEXT:    flow.collective.all_gather f16, %arg5, %arg5
// CHECK-NEXT:    flow.collective.all_gather f32, %arg6, %arg6
// CHECK-NEXT:    flow.collective.all_gather f64, %arg7, %arg7
// CHECK-NEXT:    flow.collective.all_gather bf16, %arg8, %arg8
func.func @element_types(%i8: tensor<2xi8>, %si16: tensor<2xsi16>, %ui16: tensor<2xui16>, %i32: tensor<2xi32>, %i64: tensor<2xi64>,
                         %f16: tensor<2xf16>, %f32: tensor<2xf32>, %f64: tensor<2xf64>, %bf16: tensor<2xbf16>, %ch: !flow.channel) {
  %0 = flow.collective.all_gather si8, %i8, %i8, %ch : (tensor<2xi8>, tensor<2xi8>, !flow.channel) -> %i8 as tensor<2xi8>
  %1 = flow.collective.all_gather ui8, %i8, %i8, %ch : (tensor<2xi8>, tensor<2xi8>, !flow.channel) -> %i8 as tensor<2xi8>
  %2 = flow.collective.all_gather si16, %si16, %si16, %ch : (tensor<2xsi16>, tensor<2xsi16>, !flow.channel) -> %si16 as tensor<2xsi16>
  %3 = flow.collective.all_gather ui16, %ui16, %ui16, %ch : (tensor<2xui16>, tensor<2xui16>, !flow.channel) -> %ui16 as tensor<2xui16>
  %4 = flow.collective.all_gather si32, %i32, %i32, %ch : (tensor<2xi32>, tensor<2xi32>, !flow.channel) -> %i32 as tensor<2xi32>
  %5 = flow.collective.all_gather ui32, %i32, %i32, %ch : (tensor<2xi32>, tensor<2xi32>, !flow.channel) -> %i32 as tensor<2xi32>
  %6 = flow.collective.all_gather si64, %i64, %i64, %ch : (tensor<2xi64>, tensor<2xi64>, !flow.channel) -> %i64 as tensor<2xi64>
  %7 = flow.collective.all_gather ui64, %i64, %i64, %ch : (tensor<2xi64>, tensor<2xi64>, !flow.channel) -> %i64 as tensor<2xi64>
  %8 = flow.collective.all_gather f16, %f16, %f16, %ch : (tensor<2xf16>, tensor<2xf16>, !flow.channel) -> %f16 as tensor<2xf16>
  %9 = flow.collective.all_gather f32, %f32, %f32, %ch : (tensor<2xf32>, tensor<2xf32>, !flow.channel) -> %f32 as tensor<2xf32>
  %10 = flow.collective.all_gather f64, %f64, %f64, %ch : (tensor<2xf64>, tensor<2xf64>, !flow.channel) -> %f64 as tensor<2xf64>
  %11 = flow.collective.all_gather bf16, %bf16, %bf16, %ch : (tensor<2xbf16>, tensor<2xbf16>, !flow.channel) -> %bf16 as tensor<2xbf16>
  return
}
