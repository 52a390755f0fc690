// memref.dim of a memref.reshape under --canonicalize (MLIR 22's DimOfMemRefReshape): the size is loaded from the
// shape operand right after the reshape (a later store to the shape is not seen), cast to index when the shape
// holds integers; an index defined after the reshape leaves the dim alone. Both tools must print this.
// (mlir-opt's builder gives the new memref.load an explicit `nontemporal = false` that its parser of the custom form
// leaves implicit, so the outputs are compared in the custom form here, not with compare-with-mlir-opt.sh.)
// RUN: tl-opt %s --canonicalize | FileCheck %s
// RUN: mlir-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @dims_of_reshapes
// CHECK-SAME:    (%[[M:.*]]: memref<*xf16>, %[[S:.*]]: memref<3xindex>, %[[T:.*]]: memref<2xi64>, %[[K:.*]]: index)
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[R:.*]] = memref.reshape %[[M]](%[[S]])
// CHECK-NEXT:    %[[L:.*]] = memref.load %[[S]][%[[C2]]] : memref<3xindex>
// CHECK-NEXT:    memref.store %[[K]], %[[S]][%[[C2]]]
// CHECK-NEXT:    %[[W:.*]] = memref.load %[[T]][%[[K]]] : memref<2xi64>
// CHECK-NEXT:    %[[WI:.*]] = arith.index_cast %[[W]] : i64 to index
// CHECK-NEXT:    %[[J:.*]] = arith.addi %[[K]], %[[C1]] : index
// CHECK-NEXT:    %[[D:.*]] = memref.dim %[[R]], %[[J]]
// CHECK-NEXT:    return %[[L]], %[[WI]], %[[D]]
func.func @dims_of_reshapes(%m: memref<*xf16>, %s: memref<3xindex>, %t: memref<2xi64>, %k: index) -> (index, index, index) {
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %r = memref.reshape %m(%s) : (memref<*xf16>, memref<3xindex>) -> memref<*xf16>
  memref.store %k, %s[%c2] : memref<3xindex>
  %d0 = memref.dim %r, %c2 : memref<*xf16>
  %q = memref.reshape %m(%t) : (memref<*xf16>, memref<2xi64>) -> memref<*xf16>
  %d1 = memref.dim %q, %k : memref<*xf16>
  %later = arith.addi %k, %c1 : index
  %d2 = memref.dim %r, %later : memref<*xf16>
  return %d0, %d1, %d2 : index, index, index
}
