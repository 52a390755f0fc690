// flow dialect: the work-group queries (IREE's forms) and groups parse, verify and print back; the output is a fixed
// point of tl-opt, and the generic form reads back to the same IR.
// RUN: tl-opt %s | FileCheck %s
// RUN: tl-opt %s -o %t.custom
// RUN: tl-opt %t.custom | diff %t.custom -
// RUN: tl-opt %s --mlir-print-op-generic -o %t.generic
// RUN: tl-opt %t.generic | diff %t.custom -
// RUN: tl-opt %t.generic --mlir-print-op-generic | diff %t.generic -
// RUN: tl-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @grid(
// CHECK-NEXT:    %workgroup_id_x = flow.dispatch.workgroup.id[0] : index
// CHECK-NEXT:    %workgroup_id_y = flow.dispatch.workgroup.id[1] : index
// CHECK-NEXT:    %workgroup_id_z = flow.dispatch.workgroup.id[2] : index
// CHECK-NEXT:    %workgroup_count_x = flow.dispatch.workgroup.count[0] : index
// CHECK-NEXT:    %workgroup_count_z = flow.dispatch.workgroup.count[2] : index
// CHECK-NEXT:    %workgroup_size_y = flow.dispatch.workgroup.size[1] : index
// CHECK-NEXT:    return %workgroup_id_x, %workgroup_id_y, %workgroup_id_z, %workgroup_count_x, %workgroup_count_z, %workgroup_size_y
// GENERIC-LABEL: sym_name = "grid"
// GENERIC:       %{{.*}} = "flow.dispatch.workgroup.id"() <{dimension = 0 : index}> : () -> index
// GENERIC:       %{{.*}} = "flow.dispatch.workgroup.count"() <{dimension = 0 : index}> : () -> index
// GENERIC:       %{{.*}} = "flow.dispatch.workgroup.size"() <{dimension = 1 : index}> : () -> index
func.func @grid() -> (index, index, index, index, index, index) {
  %x = flow.dispatch.workgroup.id[0] : index
  %y = flow.dispatch.workgroup.id[1] : index
  %z = flow.dispatch.workgroup.id[2] : index
  %cx = flow.dispatch.workgroup.count[0] : index
  %cz = flow.dispatch.workgroup.count[2] : index
  %sy = flow.dispatch.workgroup.size[1] : index
  return %x, %y, %z, %cx, %cz, %sy : index, index, index, index, index, index
}

// CHECK-LABEL: func.func @groups(
// CHECK-SAME:    %arg0: !flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>>,
// CHECK-SAME:    %arg1: !flow.group<memref<16x?xf64, strided<[1, 16], offset: ?>>, offset: ?>,
// CHECK-SAME:    %arg2: !flow.group<memref<4xi32, strided<[1], offset: ?>>, offset: 3>,
// CHECK-SAME:    %arg3: !flow.group<memref<4xf32>>
// CHECK-NEXT:    %member = flow.group.load %arg0[%arg4] : !flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>> -> memref<16x8xf32, strided<[1, 16], offset: ?>>
// CHECK-NEXT:    %member_0 = flow.group.load %arg1[%arg4] : !flow.group<memref<16x?xf64, strided<[1, 16], offset: ?>>, offset: ?> -> memref<16x?xf64, strided<[1, 16], offset: ?>>
// CHECK-NEXT:    %member_1 = flow.group.load %arg2[%arg4] : !flow.group<memref<4xi32, strided<[1], offset: ?>>, offset: 3> -> memref<4xi32, strided<[1], offset: ?>>
// CHECK-NEXT:    %member_2 = flow.group.load %arg3[%arg4] : !flow.group<memref<4xf32>> -> memref<4xf32>
// GENERIC-LABEL: sym_name = "groups"
// GENERIC:       "flow.group.load"(%arg0, %arg4) : (!flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>>, index) -> memref<16x8xf32, strided<[1, 16], offset: ?>>
func.func @groups(%g0: !flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>>,
                  %g1: !flow.group<memref<16x?xf64, strided<[1, 16], offset: ?>>, offset: ?>,
                  %g2: !flow.group<memref<4xi32, strided<[1], offset: ?>>, offset: 3>,
                  %g3: !flow.group<memref<4xf32>, offset: 0>,
                  %i: index) {
  %a = flow.group.load %g0[%i] : !flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>> -> memref<16x8xf32, strided<[1, 16], offset: ?>>
  %b = flow.group.load %g1[%i] : !flow.group<memref<16x?xf64, strided<[1, 16], offset: ?>>, offset: ?> -> memref<16x?xf64, strided<[1, 16], offset: ?>>
  %c = flow.group.load %g2[%i] : !flow.group<memref<4xi32, strided<[1], offset: ?>>, offset: 3> -> memref<4xi32, strided<[1], offset: ?>>
  %d = flow.group.load %g3[%i] : !flow.group<memref<4xf32>> -> memref<4xf32>
  return
}
