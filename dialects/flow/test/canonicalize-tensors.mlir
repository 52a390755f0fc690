// The flow.tensor ops under canonicalize, as IREE folds them (IREE's tensor_folding tests are the reference; mlir-opt
// does not know flow): casts to the operand's own type vanish, chains of reshapes and bitcasts become one op,
// tensors of no elements become flow.tensor.empty, loads of splats and constants are values, clones of constants
// are the constants, transfers to where a value already is vanish, an update covering its target is the update.
// RUN: tl-opt %s --split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @same_types
// CHECK-SAME: (%[[A:.*]]: tensor<4x?xf32>, %[[N:.*]]: index, %[[M:.*]]: index, %[[S:.*]]: tensor<i8>, %[[B:.*]]: tensor<?x?xf32>)
// CHECK-NEXT: %[[R:.*]] = flow.tensor.reshape %[[B]] : tensor<?x?xf32>{%[[N]], %[[M]]} -> tensor<?x?xf32>{%[[M]], %[[N]]}
// CHECK-NEXT: return %[[A]], %[[A]], %[[S]], %[[B]], %[[R]]
func.func @same_types(%a: tensor<4x?xf32>, %n: index, %m: index, %s: tensor<i8>, %b: tensor<?x?xf32>) -> (tensor<4x?xf32>, tensor<4x?xf32>, tensor<i8>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = flow.tensor.reshape %a : tensor<4x?xf32>{%n} -> tensor<4x?xf32>{%n}
  // One unknown size among equal ones: the element counts match, so it is the same size.
  %1 = flow.tensor.reshape %a : tensor<4x?xf32>{%n} -> tensor<4x?xf32>{%m}
  %2 = flow.tensor.bitcast %s : tensor<i8> -> tensor<i8>
  %3 = flow.tensor.reshape %b : tensor<?x?xf32>{%n, %m} -> tensor<?x?xf32>{%n, %m}
  // Two sizes given by other values: n x m may become m x n, a real reshape.
  %4 = flow.tensor.reshape %b : tensor<?x?xf32>{%n, %m} -> tensor<?x?xf32>{%m, %n}
  return %0, %1, %2, %3, %4 : tensor<4x?xf32>, tensor<4x?xf32>, tensor<i8>, tensor<?x?xf32>, tensor<?x?xf32>
}

// CHECK-LABEL: func.func @kept
// CHECK-NEXT: flow.tensor.reshape
// CHECK-NEXT: flow.tensor.bitcast
// CHECK-NEXT: return
func.func @kept(%a: tensor<2x3xf32>, %b: tensor<8xi32>) -> (tensor<3x2xf32>, tensor<8xf32>) {
  %0 = flow.tensor.reshape %a : tensor<2x3xf32> -> tensor<3x2xf32>
  %1 = flow.tensor.bitcast %b : tensor<8xi32> -> tensor<8xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @chains
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xf32>, %[[D0:.*]]: index, %[[D1:.*]]: index, %{{.*}}: index, %{{.*}}: index, %[[D4:.*]]: index, %[[D5:.*]]: index, %[[H:.*]]: tensor<6xi16>, %[[W:.*]]: tensor<?x32xi8>)
// CHECK-DAG: %[[R:.*]] = flow.tensor.reshape %[[A]] : tensor<?x?xf32>{%[[D0]], %[[D1]]} -> tensor<?x?xf32>{%[[D4]], %[[D5]]}
// CHECK-DAG: %[[B:.*]] = flow.tensor.bitcast %[[H]] : tensor<6xi16> -> tensor<3x2xbf16>
// CHECK-DAG: %[[Q:.*]] = flow.tensor.reshape %[[W]] : tensor<?x32xi8>{%[[D0]]} -> tensor<?x4x8xi8>{%[[D1]]}
// CHECK: return %[[R]], %[[B]], %[[Q]]
func.func @chains(%a: tensor<?x?xf32>, %d0: index, %d1: index, %d2: index, %d3: index, %d4: index, %d5: index, %h: tensor<6xi16>, %w: tensor<?x32xi8>) -> (tensor<?x?xf32>, tensor<3x2xbf16>, tensor<?x4x8xi8>) {
  %0 = flow.tensor.reshape %a : tensor<?x?xf32>{%d0, %d1} -> tensor<?x?xf32>{%d2, %d3}
  %1 = flow.tensor.reshape %0 : tensor<?x?xf32>{%d2, %d3} -> tensor<?x?xf32>{%d4, %d5}
  %2 = flow.tensor.bitcast %h : tensor<6xi16> -> tensor<6xf16>
  %3 = flow.tensor.reshape %2 : tensor<6xf16> -> tensor<3x2xf16>
  %4 = flow.tensor.bitcast %3 : tensor<3x2xf16> -> tensor<3x2xbf16>
  // Bits seen as i32 and back: a reshape of the i8 tensor.
  %5 = flow.tensor.bitcast %w : tensor<?x32xi8>{%d0} -> tensor<?x8xi32>{%d0}
  %6 = flow.tensor.bitcast %5 : tensor<?x8xi32>{%d0} -> tensor<?x4x8xi8>{%d1}
  return %1, %4, %6 : tensor<?x?xf32>, tensor<3x2xbf16>, tensor<?x4x8xi8>
}

// -----

// CHECK-LABEL: func.func @no_elements
// CHECK-SAME: (%[[Z:.*]]: tensor<0x4xf32>, %[[N:.*]]: index, %[[T:.*]]: tensor<?x4xf32>, %[[V:.*]]: f32, %[[Q:.*]]: tensor<0x?xf32>)
// CHECK-DAG: %[[E0:.*]] = flow.tensor.empty : tensor<2x?xf32>{%[[N]]}
// CHECK-DAG: %[[E1:.*]] = flow.tensor.empty : tensor<?x0xf32>{%[[N]]}
// CHECK-DAG: %[[E2:.*]] = flow.tensor.empty : tensor<0x2xf32>
// CHECK-DAG: %[[E3:.*]] = flow.tensor.empty : tensor<0x?xf32>{%[[N]]}
// CHECK-DAG: %[[E4:.*]] = flow.tensor.empty : tensor<?x0xf32>{%[[N]]}
// CHECK-DAG: %[[E5:.*]] = flow.tensor.empty : tensor<0x?xf32>{%[[N]]}
// CHECK-NOT: flow.tensor.reshape
// CHECK-NOT: flow.tensor.splat
// CHECK-NOT: flow.tensor.clone
// CHECK-NOT: flow.tensor.slice
// CHECK-NOT: flow.tensor.tie_shape
// CHECK: return %[[E0]], %[[E1]], %[[E2]], %[[E3]], %[[E4]], %[[E5]], %[[Z]]
func.func @no_elements(%z: tensor<0x4xf32>, %n: index, %t: tensor<?x4xf32>, %v: f32, %q: tensor<0x?xf32>) -> (tensor<2x?xf32>, tensor<?x0xf32>, tensor<0x2xf32>, tensor<0x?xf32>, tensor<?x0xf32>, tensor<0x?xf32>, tensor<0x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = flow.tensor.reshape %z : tensor<0x4xf32> -> tensor<2x?xf32>{%n}
  %1 = flow.tensor.reshape %t : tensor<?x4xf32>{%n} -> tensor<?x0xf32>{%n}
  %2 = flow.tensor.splat %v : tensor<0x2xf32>
  %3 = flow.tensor.clone %q : tensor<0x?xf32>{%n}
  %4 = flow.tensor.slice %t[%c0, %c1 for %n, %c0] : tensor<?x4xf32>{%n} -> tensor<?x0xf32>{%n}
  %5 = flow.tensor.tie_shape %q : tensor<0x?xf32>{%n}
  %6 = flow.tensor.tie_shape %z : tensor<0x4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2x?xf32>, tensor<?x0xf32>, tensor<0x2xf32>, tensor<0x?xf32>, tensor<?x0xf32>, tensor<0x?xf32>, tensor<0x4xf32>
}

// CHECK-LABEL: func.func @reshape_of_empty_or_splat
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: index, %[[V:.*]]: i32)
// CHECK-DAG: %[[E:.*]] = flow.tensor.empty : tensor<?xi32>{%[[N]]}
// CHECK-DAG: %[[S:.*]] = flow.tensor.splat %[[V]] : tensor<?x?xi32>{%[[N]], %[[M]]}
// CHECK: return %[[E]], %[[S]]
func.func @reshape_of_empty_or_splat(%n: index, %m: index, %v: i32) -> (tensor<?xi32>, tensor<?x?xi32>) {
  %0 = flow.tensor.empty : tensor<1x?xi32>{%n}
  %1 = flow.tensor.reshape %0 : tensor<1x?xi32>{%n} -> tensor<?xi32>{%n}
  %2 = flow.tensor.splat %v : tensor<?x8xi32>{%n}
  %3 = flow.tensor.reshape %2 : tensor<?x8xi32>{%n} -> tensor<?x?xi32>{%n, %m}
  return %1, %3 : tensor<?xi32>, tensor<?x?xi32>
}

// -----

// CHECK-LABEL: func.func @loads
// CHECK-SAME: (%[[V:.*]]: f32, %[[I:.*]]: index)
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[F:.*]] = arith.constant 2.500000e-01 : f16
// CHECK-DAG: %[[L:.*]] = flow.tensor.load %{{.*}}[%[[I]], %{{.*}}] : tensor<2x3xi32>
// CHECK: return %[[V]], %[[C5]], %[[F]], %[[L]]
func.func @loads(%v: f32, %i: index) -> (f32, i32, f16, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = flow.tensor.splat %v : tensor<4x4xf32>
  %0 = flow.tensor.load %s[%i, %c1] : tensor<4x4xf32>
  %k = arith.constant dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>
  %1 = flow.tensor.load %k[%c1, %c2] : tensor<2x3xi32>
  %h = arith.constant dense<[1.0, 0.25]> : tensor<2xf16>
  %2 = flow.tensor.load %h[%c1] : tensor<2xf16>
  // An index that is not a constant keeps the load.
  %3 = flow.tensor.load %k[%i, %c0] : tensor<2x3xi32>
  return %0, %1, %2, %3 : f32, i32, f16, i32
}

// CHECK-LABEL: func.func @clones
// CHECK-SAME: (%[[T:.*]]: tensor<4xi32>)
// CHECK-DAG: %[[K:.*]] = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
// CHECK-DAG: %[[Z:.*]] = arith.constant dense<> : tensor<0x2xi32>
// CHECK-DAG: %[[C:.*]] = flow.tensor.clone %[[T]] : tensor<4xi32>
// CHECK-NOT: flow.tensor.empty
// CHECK: return %[[K]], %[[C]], %[[Z]]
func.func @clones(%t: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<0x2xi32>) {
  %k = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %0 = flow.tensor.clone %k : tensor<4xi32>
  %1 = flow.tensor.clone %t : tensor<4xi32>
  // A constant of no elements: the clone is the constant (the constant fold comes first).
  %z = arith.constant dense<> : tensor<0x2xi32>
  %2 = flow.tensor.clone %z : tensor<0x2xi32>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<0x2xi32>
}

// -----

// CHECK-LABEL: func.func @transfers
// CHECK-SAME: (%[[X:.*]]: tensor<4x?xf32>, %[[N:.*]]: index, %[[Y:.*]]: tensor<2xf16>)
// CHECK: %[[T:.*]] = flow.tensor.transfer %[[X]] : tensor<4x?xf32>{%[[N]]} to "gpu0"
// CHECK: %[[B:.*]] = flow.tensor.bitcast %[[T]]
// CHECK: %[[U:.*]] = flow.tensor.transfer %[[Y]] : tensor<2xf16> to "gpu3"
// CHECK-NOT: flow.tensor.transfer
// CHECK: return %[[B]], %[[U]]
func.func @transfers(%x: tensor<4x?xf32>, %n: index, %y: tensor<2xf16>) -> (tensor<4x?xi32>, tensor<2xf16>) {
  %0 = flow.tensor.transfer %x : tensor<4x?xf32>{%n} to "gpu0"
  %1 = flow.tensor.bitcast %0 : tensor<4x?xf32>{%n} -> tensor<4x?xi32>{%n}
  %2 = flow.tensor.transfer %1 : tensor<4x?xi32>{%n} to "gpu0"
  %3 = flow.tensor.transfer %y : tensor<2xf16> to "gpu1"
  %4 = flow.tensor.transfer %3 : tensor<2xf16> to "gpu2"
  %5 = flow.tensor.transfer %4 : tensor<2xf16> to "gpu3"
  return %2, %5 : tensor<4x?xi32>, tensor<2xf16>
}

// CHECK-LABEL: func.func @updates
// CHECK-SAME: (%[[A:.*]]: tensor<4xi32>, %[[B:.*]]: tensor<4xi32>, %[[Z:.*]]: tensor<0x2xi32>, %[[T:.*]]: tensor<3x2xi32>, %[[U:.*]]: tensor<?x?xi32>, %[[N:.*]]: index, %[[E:.*]]: tensor<0x0xi32>, %[[P:.*]]: tensor<2xi32>)
// CHECK-DAG: %[[EMPTY:.*]] = flow.tensor.empty : tensor<0x0xi32>
// CHECK-DAG: %[[KEEP:.*]] = flow.tensor.update %[[P]], %[[A]]
// CHECK: return %[[A]], %[[T]], %[[EMPTY]], %[[KEEP]]
func.func @updates(%a: tensor<4xi32>, %b: tensor<4xi32>, %z: tensor<0x2xi32>, %t: tensor<3x2xi32>, %u: tensor<?x?xi32>, %n: index, %e: tensor<0x0xi32>, %p: tensor<2xi32>) -> (tensor<4xi32>, tensor<3x2xi32>, tensor<0x0xi32>, tensor<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = flow.tensor.update %a, %b[%c0] : tensor<4xi32> -> %b as tensor<4xi32>
  %1 = flow.tensor.update %z, %t[%c1, %c0] : tensor<0x2xi32> -> %t as tensor<3x2xi32>
  %2 = flow.tensor.update %u, %e[%c0, %c0] : tensor<?x?xi32>{%n, %n} -> %e as tensor<0x0xi32>
  %3 = flow.tensor.update %p, %a[%c1] : tensor<2xi32> -> %a as tensor<4xi32>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<3x2xi32>, tensor<0x0xi32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @constant_slices
// CHECK-DAG: %[[S:.*]] = arith.constant dense<{{\[}}[4, 5], [7, 8]]> : tensor<2x2xi32>
// CHECK-DAG: %[[Z:.*]] = arith.constant dense<> : tensor<0x3xi32>
// CHECK-DAG: %[[F:.*]] = arith.constant dense<[2.000000e+00, 0x7FC00001]> : tensor<2xf32>
// CHECK: return %[[S]], %[[Z]], %[[F]]
func.func @constant_slices() -> (tensor<2x2xi32>, tensor<0x3xi32>, tensor<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %k = arith.constant dense<[[0, 1, 2], [3, 4, 5], [6, 7, 8]]> : tensor<3x3xi32>
  %0 = flow.tensor.slice %k[%c1, %c1 for %c2, %c2] : tensor<3x3xi32> -> tensor<2x2xi32>
  // A slice of no elements of a constant is a constant too (the constant fold comes first).
  %1 = flow.tensor.slice %k[%c1, %c0 for %c0, %c3] : tensor<3x3xi32> -> tensor<0x3xi32>
  // Float elements keep their bits (a NaN payload).
  %f = arith.constant dense<[1.0, 2.0, 0x7FC00001]> : tensor<3xf32>
  %2 = flow.tensor.slice %f[%c1 for %c2] : tensor<3xf32> -> tensor<2xf32>
  return %0, %1, %2 : tensor<2x2xi32>, tensor<0x3xi32>, tensor<2xf32>
}

// CHECK-LABEL: func.func @constant_updates_and_stores
// CHECK-SAME: (%[[I:.*]]: index)
// CHECK-DAG: %[[U:.*]] = arith.constant dense<{{\[}}[0, 1, 2], [3, 9, 9]]> : tensor<2x3xi32>
// CHECK-DAG: %[[T:.*]] = arith.constant dense<{{\[}}[0, 1, 2], [7, 4, 5]]> : tensor<2x3xi32>
// CHECK-DAG: %[[K:.*]] = arith.constant dense<{{\[}}[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>
// CHECK-DAG: %[[H:.*]] = arith.constant dense<[1.500000e+00, 2.000000e+00]> : tensor<2xf16>
// CHECK: %[[D:.*]] = flow.tensor.store %{{.*}}, %[[K]][%[[I]], %{{.*}}] : tensor<2x3xi32>
// CHECK: return %[[U]], %[[T]], %[[D]], %[[H]]
func.func @constant_updates_and_stores(%i: index) -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>
  %nines = arith.constant dense<9> : tensor<1x2xi32>
  %0 = flow.tensor.update %nines, %k[%c1, %c1] : tensor<1x2xi32> -> %k as tensor<2x3xi32>
  %seven = arith.constant 7 : i32
  %1 = flow.tensor.store %seven, %k[%c1, %c0] : tensor<2x3xi32>
  // An index that is not a constant keeps the store.
  %2 = flow.tensor.store %seven, %k[%i, %c0] : tensor<2x3xi32>
  %h = arith.constant dense<2.0> : tensor<2xf16>
  %x = arith.constant 1.5 : f16
  %3 = flow.tensor.store %x, %h[%c0] : tensor<2xf16>
  return %0, %1, %2, %3 : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2xf16>
}
