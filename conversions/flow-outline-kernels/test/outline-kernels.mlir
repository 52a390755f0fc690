// flow-outline-kernels: each kernel (a func.func with work_group_size, as tl-to-krnl makes them) moves into an
// executable whose export carries the work-group size and computes the grid (groups, 1, 1) from the workload; a
// host function of the kernel's name takes the kernel's arguments and the number of work-groups and dispatches it.
// Functions without work_group_size stay. The result verifies, prints back to itself, and the dispatch of memrefs
// survives canonicalize (it writes them).
// RUN: tl-opt %s --flow-outline-kernels | FileCheck %s
// RUN: tl-opt %s --flow-outline-kernels -o %t.mlir
// RUN: tl-opt %t.mlir | diff %t.mlir -
// RUN: tl-opt %s --flow-outline-kernels --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: tl-opt %s --flow-outline-kernels --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect > /dev/null

// CHECK-LABEL: flow.executable private @scale_dispatch {
// CHECK-NEXT:    flow.executable.export public @scale workgroups(%[[G:.+]]: index) -> (index, index, index) {
// CHECK-NEXT:      %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT:      flow.return %[[G]], %[[C1]], %[[C1]] : index, index, index
// CHECK-NEXT:    } attributes {workgroup_size = array<i32: 64, 1, 1>}
// CHECK-NEXT:    builtin.module {
// CHECK-NEXT:      func.func @scale(%{{.+}}: memref<?xf32, strided<[1], offset: ?>>, %{{.+}}: f32) {
// CHECK-NEXT:        %{{.+}} = flow.dispatch.workgroup.id[0] : index
// CHECK:             return
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @scale(%arg0: memref<?xf32, strided<[1], offset: ?>>, %arg1: f32, %arg2: index) {
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D0:.+]] = memref.dim %arg0, %[[C0]] : memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT:    flow.dispatch @scale_dispatch::@scale[%arg2](%arg0, %arg1) : (memref<?xf32, strided<[1], offset: ?>>{%[[D0]]}, f32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @scale(%A: memref<?xf32, strided<[1], offset: ?>>, %alpha: f32) attributes {work_group_size = array<i32: 64>} {
  %g = flow.dispatch.workgroup.id[0] : index
  %x = memref.load %A[%g] : memref<?xf32, strided<[1], offset: ?>>
  %y = arith.mulf %x, %alpha : f32
  memref.store %y, %A[%g] : memref<?xf32, strided<[1], offset: ?>>
  return
}

// Two dimensions, a subgroup size, a group of memrefs (no dynamic dimensions to carry) and static memrefs.
// CHECK-LABEL: flow.executable private @batched_dispatch {
// CHECK-NEXT:    flow.executable.export public @batched workgroups(%{{.+}}: index) -> (index, index, index) {
// CHECK:         } attributes {subgroup_size = 16 : i32, workgroup_size = array<i32: 16, 4, 1>}
// CHECK:           func.func @batched(%{{.+}}: !flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>>, %{{.+}}: memref<8x8xf32, strided<[1, 8], offset: ?>>) {
// CHECK-LABEL: func.func @batched(%arg0: !flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>>, %arg1: memref<8x8xf32, strided<[1, 8], offset: ?>>, %arg2: index) {
// CHECK-NEXT:    flow.dispatch @batched_dispatch::@batched[%arg2](%arg0, %arg1) : (!flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>>, memref<8x8xf32, strided<[1, 8], offset: ?>>) -> ()
// CHECK-NEXT:    return
func.func @batched(%A: !flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>>, %B: memref<8x8xf32, strided<[1, 8], offset: ?>>)
    attributes {work_group_size = array<i32: 16, 4>, subgroup_size = 16 : i32} {
  return
}

// A function without work_group_size is host code: it stays as it is.
// CHECK-LABEL: func.func @helper(%arg0: index) -> index {
// CHECK-NEXT:    return %arg0 : index
func.func @helper(%n: index) -> index {
  return %n : index
}

// The executable's name is made unique when the module has it already.
// CHECK-LABEL: func.func @taken_dispatch() {
// CHECK-LABEL: flow.executable private @taken_dispatch_0 {
// CHECK:         flow.executable.export public @taken workgroups
// CHECK:         } attributes {workgroup_size = array<i32: 2, 3, 4>}
// CHECK-LABEL: func.func @taken(%arg0: index) {
// CHECK-NEXT:    flow.dispatch @taken_dispatch_0::@taken[%arg0]() : () -> ()
func.func @taken_dispatch() {
  return
}
func.func @taken() attributes {work_group_size = array<i32: 2, 3, 4>} {
  return
}

// CANON-LABEL: func.func @scale({{.*}}, %arg2: index) {
// CANON:         flow.dispatch @scale_dispatch::@scale
// CANON-LABEL: func.func @batched({{.*}}, %arg2: index) {
// CANON-NEXT:    flow.dispatch @batched_dispatch::@batched
