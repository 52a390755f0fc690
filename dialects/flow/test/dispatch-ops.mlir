// flow.dispatch (entry points, workload, dynamic dimensions, tied results), flow.dispatch.workgroups (body, count
// region), flow.dispatch.region, flow.return, the dispatch tensor ops and the workgroup count ops in IREE's forms:
// custom and generic forms read back to the same IR, and the output is a fixed point.
// RUN: tl-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tl-opt %s --allow-unregistered-dialect -o %t.custom
// RUN: tl-opt %t.custom --allow-unregistered-dialect | diff %t.custom -
// RUN: tl-opt %s --allow-unregistered-dialect --mlir-print-op-generic -o %t.generic
// RUN: tl-opt %t.generic --allow-unregistered-dialect | diff %t.custom -
// RUN: tl-opt %t.generic --allow-unregistered-dialect --mlir-print-op-generic | diff %t.generic -
// RUN: tl-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

flow.executable private @ex0 {
  flow.executable.export public @dispatch_fn
  flow.executable.export public @dispatch_a
  flow.executable.export public @dispatch_b
  flow.executable.export public @counted workgroups(%x: index, %y: index) -> (index, index, index) {
    flow.return %x, %y, %x : index, index, index
  }
}

// CHECK-LABEL: func.func @dispatch(
// CHECK:         %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT:    %0 = flow.dispatch @ex0::@dispatch_fn[%[[C4]]](%[[C4]], %arg0) : (index, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %1 = flow.dispatch @ex0::@dispatch_fn(%[[C4]], %0) : (index, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %2 = flow.dispatch {@ex0::@dispatch_a, @ex0::@dispatch_b}(%1) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %3 = flow.dispatch @ex0::@counted[%[[C4]], %[[C4]]](%2) {note = 1 : i32} : (tensor<4xf32>) -> %2
// CHECK-NEXT:    flow.dispatch @ex0::@dispatch_fn() : () -> ()
// GENERIC-LABEL: sym_name = "dispatch"
// GENERIC:       "flow.dispatch"(%{{.*}}, %{{.*}}, %{{.*}}) <{entry_points = [@ex0::@dispatch_fn], operandSegmentSizes = array<i32: 1, 2, 0, 0>}> : (index, index, tensor<4xf32>) -> tensor<4xf32>
// GENERIC:       "flow.dispatch"(%{{.*}}) <{entry_points = [@ex0::@dispatch_a, @ex0::@dispatch_b], operandSegmentSizes = array<i32: 0, 1, 0, 0>}>
// GENERIC:       "flow.dispatch"(%{{.*}}, %{{.*}}, %{{.*}}) <{entry_points = [@ex0::@counted], operandSegmentSizes = array<i32: 2, 1, 0, 0>, tied_operands = [0 : index]}> {note = 1 : i32}
func.func @dispatch(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %cst = arith.constant 4 : index
  %0 = flow.dispatch @ex0::@dispatch_fn[%cst](%cst, %arg0) : (index, tensor<4xf32>) -> tensor<4xf32>
  %1 = flow.dispatch @ex0::@dispatch_fn(%cst, %0) : (index, tensor<4xf32>) -> (tensor<4xf32>)
  %2 = flow.dispatch {@ex0::@dispatch_a, @ex0::@dispatch_b}(%1) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = flow.dispatch @ex0::@counted[%cst, %cst](%2) {note = 1 : i32} : (tensor<4xf32>) -> %2
  flow.dispatch @ex0::@dispatch_fn() : () -> ()
  return %3 : tensor<4xf32>
}

// Tied results (`-> (%arg0, %arg1)`), with dynamic dimensions, and with another type (`as`).
// CHECK-LABEL: func.func @inplace(
// CHECK:         %0:2 = flow.dispatch @ex0::@dispatch_fn[%c4](%c4, %arg0, %arg1) : (index, tensor<4x?xf32>{%c100}, tensor<8x?xf32>{%c200}) -> (%arg0{%c200}, %arg1{%c100})
// CHECK-NEXT:    %1 = flow.dispatch @ex0::@dispatch_fn[%c4](%0#0) : (tensor<4x?xf32>{%c100}) -> %0#0 as tensor<?x4xf32>{%c100}
// CHECK-NEXT:    %2:2 = flow.dispatch @ex0::@dispatch_fn(%1) : (tensor<?x4xf32>{%c100}) -> (tensor<2xi32>, %1{%c100})
// GENERIC-LABEL: sym_name = "inplace"
// GENERIC:       operandSegmentSizes = array<i32: 1, 3, 2, 2>, tied_operands = [1 : index, 2 : index]
// GENERIC:       operandSegmentSizes = array<i32: 0, 1, 1, 1>, tied_operands = [-1 : index, 0 : index]
func.func @inplace(%arg0: tensor<4x?xf32>, %arg1: tensor<8x?xf32>) -> (tensor<4x?xf32>, tensor<?x4xf32>) {
  %c4 = arith.constant 4 : index
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %0, %1 = flow.dispatch @ex0::@dispatch_fn[%c4](%c4, %arg0, %arg1) : (index, tensor<4x?xf32>{%c100}, tensor<8x?xf32>{%c200}) -> (%arg0{%c200}, %arg1{%c100})
  %2 = flow.dispatch @ex0::@dispatch_fn[%c4](%0) : (tensor<4x?xf32>{%c100}) -> %0 as tensor<?x4xf32>{%c100}
  %3:2 = flow.dispatch @ex0::@dispatch_fn(%2) : (tensor<?x4xf32>{%c100}) -> (tensor<2xi32>, %2{%c100})
  return %0, %2 : tensor<4x?xf32>, tensor<?x4xf32>
}

// The body of flow.dispatch.workgroups: dispatch tensor bindings, loads and stores of tiles, workgroup queries.
// CHECK-LABEL: func.func @workgroups(
// CHECK:         %0 = flow.dispatch.workgroups[%c100, %c50](%arg0, %arg1, %c128, %c128) : (tensor<?x4xf32>{%c128}, index, index, index) -> tensor<4x?xf32>{%c128} =
// CHECK-NEXT:        (%arg2: !flow.dispatch.tensor<readonly:tensor<?x4xf32>>, %arg3: index, %arg4: index, %arg5: index, %arg6: !flow.dispatch.tensor<writeonly:tensor<4x?xf32>>) {
// CHECK-NEXT:      %workgroup_id_x = flow.dispatch.workgroup.id[0] : index
// CHECK-NEXT:      %workgroup_count_y = flow.dispatch.workgroup.count[1] : index
// CHECK-NEXT:      %workgroup_size_z = flow.dispatch.workgroup.size[2] : index
// CHECK-NEXT:      %1 = flow.dispatch.tensor.load %arg2, offsets = [0, 0], sizes = [%arg4, 4], strides = [1, 1] : !flow.dispatch.tensor<readonly:tensor<?x4xf32>>{%arg4} -> tensor<?x4xf32>
// CHECK-NEXT:      %2 = flow.dispatch.tensor.load %arg2, offsets = [%workgroup_id_x, 1], sizes = [1, 2], strides = [1, %workgroup_count_y] : !flow.dispatch.tensor<readonly:tensor<?x4xf32>>{%arg4} -> tensor<2xf32>
// CHECK-NEXT:      %3 = "test.math"(%1) : (tensor<?x4xf32>) -> tensor<4x?xf32>
// CHECK-NEXT:      flow.dispatch.tensor.store %3, %arg6, offsets = [0, 0], sizes = [4, %arg5], strides = [1, 1] : tensor<4x?xf32> -> !flow.dispatch.tensor<writeonly:tensor<4x?xf32>>{%arg5}
// CHECK-NEXT:      flow.return
// CHECK-NEXT:    } count(%arg2: index, %arg3: index) -> (index, index, index) {
// CHECK-NEXT:      %c1 = arith.constant 1 : index
// CHECK-NEXT:      flow.return %arg2, %arg3, %c1 : index, index, index
// CHECK-NEXT:    }
// GENERIC-LABEL: sym_name = "workgroups"
// GENERIC:       "flow.dispatch.workgroups"({{.*}}) <{operandSegmentSizes = array<i32: 2, 4, 1, 1>}> ({
// GENERIC:       "flow.dispatch.tensor.load"({{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, 1>}>
// GENERIC:       "flow.dispatch.tensor.store"({{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, -9223372036854775808>, static_strides = array<i64: 1, 1>}>
func.func @workgroups(%arg0: tensor<?x4xf32>, %arg1: index) -> tensor<4x?xf32> {
  %c128 = arith.constant 128 : index
  %x = arith.constant 100 : index
  %y = arith.constant 50 : index
  %0 = flow.dispatch.workgroups[%x, %y](%arg0, %arg1, %c128, %c128) : (tensor<?x4xf32>{%c128}, index, index, index) -> tensor<4x?xf32>{%c128} =
  (%arg0_capture: !flow.dispatch.tensor<readonly:tensor<?x4xf32>>,
   %arg1_capture: index, %arg0_dim0: index, %ret0_dim1: index,
   %ret0: !flow.dispatch.tensor<writeonly:tensor<4x?xf32>>) {
    %id_x = flow.dispatch.workgroup.id[0] : index
    %count_y = flow.dispatch.workgroup.count[1] : index
    %size_z = flow.dispatch.workgroup.size[2] : index
    %arg0_value = flow.dispatch.tensor.load %arg0_capture, offsets=[0, 0], sizes=[%arg0_dim0, 4], strides=[1, 1] : !flow.dispatch.tensor<readonly:tensor<?x4xf32>>{%arg0_dim0} -> tensor<?x4xf32>
    %row = flow.dispatch.tensor.load %arg0_capture, offsets=[%id_x, 1], sizes=[1, 2], strides=[1, %count_y] : !flow.dispatch.tensor<readonly:tensor<?x4xf32>>{%arg0_dim0} -> tensor<2xf32>
    %ret0_value = "test.math"(%arg0_value) : (tensor<?x4xf32>) -> (tensor<4x?xf32>)
    flow.dispatch.tensor.store %ret0_value, %ret0, offsets=[0, 0], sizes=[4, %ret0_dim1], strides=[1, 1] : tensor<4x?xf32> -> !flow.dispatch.tensor<writeonly:tensor<4x?xf32>>{%ret0_dim1}
    flow.return
  } count(%x_capture: index, %y_capture: index) -> (index, index, index) {
    %z = arith.constant 1 : index
    flow.return %x_capture, %y_capture, %z : index, index, index
  }
  return %0 : tensor<4x?xf32>
}

// As IREE: the body is a name scope of its own (its arguments may reuse the names around it), a tied argument may be
// readonly (the result is the argument unchanged), and an entry point that names nothing is not an error.
// CHECK-LABEL: func.func @shadowed_names(
// CHECK:         %0 = flow.dispatch.workgroups(%arg0) : (tensor<4xf32>) -> %arg0 =
// CHECK-NEXT:        (%arg1: !flow.dispatch.tensor<readonly:tensor<4xf32>>) {
// CHECK-NEXT:      %{{.*}} = flow.dispatch.tensor.load %arg1,
// CHECK:         %1 = flow.dispatch @elsewhere::@fn(%0) : (tensor<4xf32>) -> tensor<4xf32>
func.func @shadowed_names(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = flow.dispatch.workgroups(%arg0) : (tensor<4xf32>) -> %arg0 =
  (%arg0: !flow.dispatch.tensor<readonly:tensor<4xf32>>) {
    %0 = flow.dispatch.tensor.load %arg0, offsets = [0], sizes = [4], strides = [1] : !flow.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
    "test.use"(%0) : (tensor<4xf32>) -> ()
    flow.return
  }
  %1 = flow.dispatch @elsewhere::@fn(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// A result tied to an argument shares its readwrite binding; tie_shape, workload.ordinal, count from a slice.
// CHECK-LABEL: func.func @inplace_workgroups(
// CHECK:         %0 = flow.dispatch.workgroups[%arg1](%arg0, %arg1) : (tensor<?x4xf32>{%arg1}, index) -> %arg0{%arg1} =
// CHECK-NEXT:        (%arg2: !flow.dispatch.tensor<readwrite:tensor<?x4xf32>>, %arg3: index) {
// CHECK-NEXT:      %1 = flow.dispatch.workload.ordinal %arg3, 0 : index
// CHECK-NEXT:      %2 = flow.dispatch.tie_shape %arg2 : !flow.dispatch.tensor<readwrite:tensor<?x4xf32>>{%1}
// CHECK-NEXT:      %3 = flow.dispatch.tensor.load %2, offsets = [0, 0], sizes = [%1, 4], strides = [1, 1] : !flow.dispatch.tensor<readwrite:tensor<?x4xf32>>{%1} -> tensor<?x4xf32>
// CHECK-NEXT:      flow.dispatch.tensor.store %3, %2, offsets = [0, 0], sizes = [%1, 4], strides = [1, 1] : tensor<?x4xf32> -> !flow.dispatch.tensor<readwrite:tensor<?x4xf32>>{%1}
// CHECK-NEXT:      flow.return
// CHECK-NEXT:    } count(%arg2: index) -> (index, index, index) {
// CHECK-NEXT:      %x, %y, %z = flow.dispatch.workgroup_count_from_slice %arg2
// CHECK-NEXT:      flow.return %x, %y, %z : index, index, index
// CHECK-NEXT:    }
// GENERIC-LABEL: sym_name = "inplace_workgroups"
// GENERIC:       tied_operands = [0 : index]
// GENERIC:       "flow.dispatch.workload.ordinal"(%{{.*}}) <{ordinal = 0 : index}> : (index) -> index
// GENERIC:       "flow.dispatch.workgroup_count_from_slice"(%{{.*}}) : (index) -> (index, index, index)
func.func @inplace_workgroups(%arg0: tensor<?x4xf32>, %arg1: index) -> tensor<?x4xf32> {
  %0 = flow.dispatch.workgroups[%arg1](%arg0, %arg1) : (tensor<?x4xf32>{%arg1}, index) -> %arg0{%arg1} =
  (%arg0_capture: !flow.dispatch.tensor<readwrite:tensor<?x4xf32>>, %arg1_capture: index) {
    %n = flow.dispatch.workload.ordinal %arg1_capture, 0 : index
    %b = flow.dispatch.tie_shape %arg0_capture : !flow.dispatch.tensor<readwrite:tensor<?x4xf32>>{%n}
    %t = flow.dispatch.tensor.load %b, offsets=[0, 0], sizes=[%n, 4], strides=[1, 1] : !flow.dispatch.tensor<readwrite:tensor<?x4xf32>>{%n} -> tensor<?x4xf32>
    flow.dispatch.tensor.store %t, %b, offsets=[0, 0], sizes=[%n, 4], strides=[1, 1] : tensor<?x4xf32> -> !flow.dispatch.tensor<readwrite:tensor<?x4xf32>>{%n}
    flow.return
  } count(%w: index) -> (index, index, index) {
    %x, %y, %z = flow.dispatch.workgroup_count_from_slice %w
    flow.return %x, %y, %z : index, index, index
  }
  return %0 : tensor<?x4xf32>
}

// No workload, no arguments, a scalar binding, attributes.
// CHECK-LABEL: func.func @minimal(
// CHECK:         %0 = flow.dispatch.workgroups() : () -> tensor<f32> attributes {note = "m"} =
// CHECK-NEXT:        (%{{.*}}: !flow.dispatch.tensor<writeonly:tensor<f32>>) {
// CHECK-NEXT:      flow.return
// CHECK-NEXT:    }
// CHECK-NEXT:    flow.dispatch.workgroups(%arg0) : (f32) -> () =
// CHECK-NEXT:        (%{{.*}}: f32) {
func.func @minimal(%s: f32) -> tensor<f32> {
  %0 = flow.dispatch.workgroups() : () -> (tensor<f32>) attributes {note = "m"} =
      (%out: !flow.dispatch.tensor<writeonly:tensor<f32>>) {
    flow.return
  }
  flow.dispatch.workgroups(%s) : (f32) -> () =
      (%bs: f32) {
    flow.return
  }
  return %0 : tensor<f32>
}

// flow.dispatch.region: results with dynamic dimensions, a count region from the DAG root, an elided flow.return.
// CHECK-LABEL: func.func @region(
// CHECK:         %[[D0:.+]] = "test.dim"(%arg0, %c0)
// CHECK-NEXT:    %[[D1:.+]] = "test.dim"(%arg0, %c1)
// CHECK-NEXT:    %{{.+}} = flow.dispatch.region -> (tensor<?x?xf32>{%[[D0]], %[[D1]]}) {
// CHECK-NEXT:      flow.return %arg0 : tensor<?x?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %{{.+}}:2 = flow.dispatch.region[%arg1, %arg2] -> (tensor<5x10xf32>, tensor<?x?x16xf32>{%arg1, %arg2}) attributes {note = 2 : i32} {
// CHECK-NEXT:      flow.return %arg3, %arg4 : tensor<5x10xf32>, tensor<?x?x16xf32>
// CHECK-NEXT:    } count(%[[X0:.+]]: index, %[[X1:.+]]: index) -> (index, index, index) {
// CHECK-NEXT:      %x, %y, %z = flow.dispatch.workgroup_count_from_dag_root %[[X0]], %[[X1]]
// CHECK-NEXT:      flow.return %x, %y, %z : index, index, index
// CHECK-NEXT:    }
// CHECK-NEXT:    flow.dispatch.region -> () {
// CHECK-NEXT:    }
// GENERIC-LABEL: sym_name = "region"
// GENERIC:       "flow.dispatch.region"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 2, 0>}> ({
// GENERIC:       "flow.dispatch.region"(%[[A:.+]], %[[B:.+]], %[[A]], %[[B]]) <{operandSegmentSizes = array<i32: 2, 2>}> ({
// GENERIC:       "flow.dispatch.workgroup_count_from_dag_root"(%{{.*}}, %{{.*}}) : (index, index) -> (index, index, index)
// GENERIC:       "flow.dispatch.region"() <{operandSegmentSizes = array<i32: 0, 0>}> ({
// GENERIC-NEXT:    "flow.return"() : () -> ()
func.func @region(%arg0: tensor<?x?xf32>, %d0: index, %d1: index, %a: tensor<5x10xf32>, %b: tensor<?x?x16xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dim0 = "test.dim"(%arg0, %c0) : (tensor<?x?xf32>, index) -> index
  %dim1 = "test.dim"(%arg0, %c1) : (tensor<?x?xf32>, index) -> index
  %r = flow.dispatch.region -> (tensor<?x?xf32>{%dim0, %dim1}) {
    flow.return %arg0 : tensor<?x?xf32>
  }
  %s:2 = flow.dispatch.region[%d0, %d1] -> (tensor<5x10xf32>, tensor<?x?x16xf32>{%d0, %d1}) attributes {note = 2 : i32} {
    flow.return %a, %b : tensor<5x10xf32>, tensor<?x?x16xf32>
  } count(%x0: index, %x1: index) -> (index, index, index) {
    %x, %y, %z = flow.dispatch.workgroup_count_from_dag_root %x0, %x1
    flow.return %x, %y, %z : index, index, index
  }
  flow.dispatch.region -> () {
  }
  return %r : tensor<?x?xf32>
}
