// The folds of memref ops under --canonicalize, as MLIR 22 has them: memref.rank of a ranked memref, reshapes that
// change nothing or undo one another, memory space casts, reinterpret_casts of views of one buffer, memref.casts
// that only forget static facts folding into memref.copy and memref.atomic_rmw, memref.casts of ranked memrefs
// folding into loads, stores, prefetches, deallocations and DMA ops, and copies that cannot change anything. Each
// case also has a near miss that must stay.
// RUN: tl-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize

// CHECK-LABEL: func.func @rank_of_ranked
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[R:.*]] = memref.rank %{{.*}} : memref<*xi8>
// CHECK-NEXT:    return %[[C3]], %[[R]]
func.func @rank_of_ranked(%a: memref<2x?x7xi8>, %b: memref<*xi8>) -> (index, index) {
  %r = memref.rank %a : memref<2x?x7xi8>
  %s = memref.rank %b : memref<*xi8>
  return %r, %s : index, index
}

// -----

// CHECK-LABEL: func.func @reshapes_that_cancel
// CHECK-SAME:    (%[[A:.*]]: memref<6x5xf16>, %[[B:.*]]: memref<3xf16>)
// CHECK-NEXT:    %[[E:.*]] = memref.expand_shape %[[A]]
// CHECK-NEXT:    %[[C:.*]] = memref.collapse_shape %[[E]] {{\[}}[0], [1, 2]]
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]]
func.func @reshapes_that_cancel(%a: memref<6x5xf16>, %b: memref<3xf16>) -> (memref<6x5xf16>, memref<3xf16>, memref<2x15xf16>) {
  %e = memref.expand_shape %a [[0, 1], [2]] output_shape [2, 3, 5] : memref<6x5xf16> into memref<2x3x5xf16>
  %back = memref.collapse_shape %e [[0, 1], [2]] : memref<2x3x5xf16> into memref<6x5xf16>
  %same = memref.expand_shape %b [[0]] output_shape [3] : memref<3xf16> into memref<3xf16>
  %other = memref.collapse_shape %e [[0], [1, 2]] : memref<2x3x5xf16> into memref<2x15xf16>
  return %back, %same, %other : memref<6x5xf16>, memref<3xf16>, memref<2x15xf16>
}

// -----

// CHECK-LABEL: func.func @scalar_view_round_trip
// CHECK-SAME:    (%[[A:.*]]: memref<1x1x1xi32>)
// CHECK-NEXT:    return %[[A]]
func.func @scalar_view_round_trip(%a: memref<1x1x1xi32>) -> memref<1x1x1xi32> {
  %s = memref.collapse_shape %a [] : memref<1x1x1xi32> into memref<i32>
  %t = memref.expand_shape %s [] output_shape [1, 1, 1] : memref<i32> into memref<1x1x1xi32>
  return %t : memref<1x1x1xi32>
}

// -----

// CHECK-LABEL: func.func @memory_space_casts
// CHECK-SAME:    (%[[A:.*]]: memref<8xf32, 1>)
// CHECK-NEXT:    %[[M:.*]] = memref.memory_space_cast %[[A]] : memref<8xf32, 1> to memref<8xf32, 3>
// CHECK-NEXT:    return %[[A]], %[[M]]
func.func @memory_space_casts(%a: memref<8xf32, 1>) -> (memref<8xf32, 1>, memref<8xf32, 3>) {
  %same = memref.memory_space_cast %a : memref<8xf32, 1> to memref<8xf32, 1>
  %x = memref.memory_space_cast %a : memref<8xf32, 1> to memref<8xf32, 2>
  %y = memref.memory_space_cast %x : memref<8xf32, 2> to memref<8xf32, 3>
  return %same, %y : memref<8xf32, 1>, memref<8xf32, 3>
}

// -----

// CHECK-LABEL: func.func @copies
// CHECK-SAME:    (%[[A:.*]]: memref<4xf32>, %[[U:.*]]: memref<*xf32>, %[[D:.*]]: memref<?xf32>, %[[Z:.*]]: memref<3x0xf32>)
// CHECK-NEXT:    %[[UC:.*]] = memref.cast %[[U]] : memref<*xf32> to memref<4xf32>
// CHECK-NEXT:    %[[DC:.*]] = memref.cast %[[D]] : memref<?xf32> to memref<4xf32>
// CHECK-NEXT:    memref.copy %[[A]], %[[UC]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    memref.copy %[[DC]], %[[A]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    return
func.func @copies(%a: memref<4xf32>, %u: memref<*xf32>, %d: memref<?xf32>, %z: memref<3x0xf32>) {
  %loose = memref.cast %a : memref<4xf32> to memref<?xf32, strided<[?], offset: ?>>
  %ranked = memref.cast %u : memref<*xf32> to memref<4xf32>
  %tight = memref.cast %d : memref<?xf32> to memref<4xf32>
  memref.copy %loose, %ranked : memref<?xf32, strided<[?], offset: ?>> to memref<4xf32>
  memref.copy %tight, %a : memref<4xf32> to memref<4xf32>
  memref.copy %a, %a : memref<4xf32> to memref<4xf32>
  memref.copy %z, %z : memref<3x0xf32> to memref<3x0xf32>
  %zc = memref.cast %z : memref<3x0xf32> to memref<?x?xf32>
  %zd = memref.alloc() : memref<3x0xf32>
  memref.copy %zc, %zd : memref<?x?xf32> to memref<3x0xf32>
  return
}

// -----

// CHECK-LABEL: func.func @atomic_through_cast
// CHECK-SAME:    (%[[V:.*]]: i32, %[[M:.*]]: memref<16xi32>, %[[I:.*]]: index)
// CHECK-NEXT:    %[[R:.*]] = memref.atomic_rmw maxs %[[V]], %[[M]][%[[I]]] : (i32, memref<16xi32>) -> i32
// CHECK-NEXT:    return %[[R]]
func.func @atomic_through_cast(%v: i32, %m: memref<16xi32>, %i: index) -> i32 {
  %c = memref.cast %m : memref<16xi32> to memref<?xi32>
  %r = memref.atomic_rmw maxs %v, %c[%i] : (i32, memref<?xi32>) -> i32
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @reinterpret_views
// CHECK-SAME:    (%[[A:.*]]: memref<?xf64>, %[[N:.*]]: index, %[[S:.*]]: memref<3x3xf64>)
// CHECK-NEXT:    %[[R1:.*]] = memref.reinterpret_cast %[[A]] to offset: [2], sizes: [%[[N]]], strides: [1]
// CHECK-NEXT:    %[[R2:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [4], strides: [1]
// CHECK-NEXT:    %[[SV:.*]] = memref.subview %[[A]][1] [%[[N]]] [1]
// CHECK-NEXT:    %[[R3:.*]] = memref.reinterpret_cast %[[SV]] to offset: [0], sizes: [2], strides: [1]
// CHECK-NEXT:    %[[R4:.*]] = memref.reinterpret_cast %[[S]] to offset: [1], sizes: [3, 3], strides: [3, 1]
// CHECK-NEXT:    return %[[R1]], %[[R2]], %[[R3]], %[[S]], %[[R4]]
func.func @reinterpret_views(%a: memref<?xf64>, %n: index, %s: memref<3x3xf64>)
    -> (memref<?xf64, strided<[1], offset: 2>>, memref<4xf64>, memref<2xf64>, memref<3x3xf64>, memref<3x3xf64, strided<[3, 1], offset: 1>>) {
  %first = memref.reinterpret_cast %a to offset: [0], sizes: [%n], strides: [1] : memref<?xf64> to memref<?xf64>
  %r1 = memref.reinterpret_cast %first to offset: [2], sizes: [%n], strides: [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: 2>>
  %c = memref.cast %a : memref<?xf64> to memref<8xf64>
  %r2 = memref.reinterpret_cast %c to offset: [0], sizes: [4], strides: [1] : memref<8xf64> to memref<4xf64>
  %sv = memref.subview %a[1] [%n] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: 1>>
  %r3 = memref.reinterpret_cast %sv to offset: [0], sizes: [2], strides: [1] : memref<?xf64, strided<[1], offset: 1>> to memref<2xf64>
  %same = memref.reinterpret_cast %s to offset: [0], sizes: [3, 3], strides: [3, 1] : memref<3x3xf64> to memref<3x3xf64>
  %r4 = memref.reinterpret_cast %s to offset: [1], sizes: [3, 3], strides: [3, 1] : memref<3x3xf64> to memref<3x3xf64, strided<[3, 1], offset: 1>>
  return %r1, %r2, %r3, %same, %r4 : memref<?xf64, strided<[1], offset: 2>>, memref<4xf64>, memref<2xf64>, memref<3x3xf64>, memref<3x3xf64, strided<[3, 1], offset: 1>>
}

// -----

// CHECK-LABEL: func.func @transposes
// CHECK-SAME:    (%[[A:.*]]: memref<2x3x4xf32>)
// CHECK-NEXT:    %[[T:.*]] = memref.transpose %[[A]] (d0, d1, d2) -> (d2, d0, d1)
// CHECK-NEXT:    return %[[A]], %[[T]]
func.func @transposes(%a: memref<2x3x4xf32>) -> (memref<2x3x4xf32>, memref<4x2x3xf32, strided<[1, 12, 4]>>) {
  %id = memref.transpose %a (d0, d1, d2) -> (d0, d1, d2) : memref<2x3x4xf32> to memref<2x3x4xf32>
  %t1 = memref.transpose %a (d0, d1, d2) -> (d1, d0, d2) : memref<2x3x4xf32> to memref<3x2x4xf32, strided<[4, 12, 1]>>
  %t2 = memref.transpose %t1 (d0, d1, d2) -> (d2, d1, d0) : memref<3x2x4xf32, strided<[4, 12, 1]>> to memref<4x2x3xf32, strided<[1, 12, 4]>>
  return %id, %t2 : memref<2x3x4xf32>, memref<4x2x3xf32, strided<[1, 12, 4]>>
}

// -----

// CHECK-LABEL: func.func @realloc_never_read
// CHECK-NOT:     memref.realloc
// CHECK:         return
func.func @realloc_never_read(%m: memref<4xi16>, %v: i16, %i: index) {
  %r = memref.realloc %m : memref<4xi16> to memref<8xi16>
  memref.store %v, %r[%i] : memref<8xi16>
  return
}

// -----

// CHECK-LABEL: func.func @constant_alloc_sizes
// CHECK-SAME:    (%[[N:.*]]: index)
// CHECK:         %[[A:.*]] = memref.alloc(%[[N]]) {alignment = 32 : i64} : memref<3x?x5xf32>
// CHECK-NEXT:    %[[AC:.*]] = memref.cast %[[A]] : memref<3x?x5xf32> to memref<?x?x5xf32>
// CHECK-NEXT:    %[[B:.*]] = memref.alloca(%{{.*}}) : memref<?xi8>
// CHECK-NEXT:    %[[C:.*]] = memref.alloca() : memref<7xi8>
// CHECK-NEXT:    %[[CC:.*]] = memref.cast %[[C]] : memref<7xi8> to memref<?xi8>
// CHECK-NEXT:    return %[[AC]], %[[B]], %[[CC]]
func.func @constant_alloc_sizes(%n: index) -> (memref<?x?x5xf32>, memref<?xi8>, memref<?xi8>) {
  %c3 = arith.constant 3 : index
  %neg = arith.constant -4 : index
  %c7 = arith.constant 7 : index
  %a = memref.alloc(%c3, %n) {alignment = 32 : i64} : memref<?x?x5xf32>
  %b = memref.alloca(%neg) : memref<?xi8>
  %c = memref.alloca(%c7) : memref<?xi8>
  return %a, %b, %c : memref<?x?x5xf32>, memref<?xi8>, memref<?xi8>
}

// -----

// CHECK-LABEL: func.func @reshape_chains
// CHECK-SAME:    (%[[A:.*]]: memref<2x3x4x5xi8>, %[[B:.*]]: memref<?x8xi8>, %[[N:.*]]: index, %[[S:.*]]: memref<2x3x4xi8, strided<[12, 4, 1], offset: 7>>)
// CHECK-NEXT:    %[[C:.*]] = memref.collapse_shape %[[A]] {{\[}}[0, 1, 2, 3]] : memref<2x3x4x5xi8> into memref<120xi8>
// CHECK-NEXT:    %[[E:.*]] = memref.expand_shape %[[B]] {{\[}}[0, 1], [2, 3]] output_shape [%[[N]], 3, 2, 4] : memref<?x8xi8> into memref<?x3x2x4xi8>
// CHECK-NEXT:    %[[S1:.*]] = memref.collapse_shape %[[S]] {{\[}}[0, 1], [2]]
// CHECK-NEXT:    %[[S2:.*]] = memref.collapse_shape %[[S1]] {{\[}}[0, 1]]
// CHECK-NEXT:    return %[[C]], %[[E]], %[[S2]]
func.func @reshape_chains(%a: memref<2x3x4x5xi8>, %b: memref<?x8xi8>, %n: index, %s: memref<2x3x4xi8, strided<[12, 4, 1], offset: 7>>)
    -> (memref<120xi8>, memref<?x3x2x4xi8>, memref<24xi8, strided<[1], offset: 7>>) {
  %c1 = memref.collapse_shape %a [[0, 1], [2, 3]] : memref<2x3x4x5xi8> into memref<6x20xi8>
  %c2 = memref.collapse_shape %c1 [[0, 1]] : memref<6x20xi8> into memref<120xi8>
  %m = arith.constant 6 : index
  %e1 = memref.expand_shape %b [[0], [1, 2]] output_shape [%m, 2, 4] : memref<?x8xi8> into memref<?x2x4xi8>
  %e2 = memref.expand_shape %e1 [[0, 1], [2], [3]] output_shape [%n, 3, 2, 4] : memref<?x2x4xi8> into memref<?x3x2x4xi8>
  %s1 = memref.collapse_shape %s [[0, 1], [2]] : memref<2x3x4xi8, strided<[12, 4, 1], offset: 7>> into memref<6x4xi8, strided<[4, 1], offset: 7>>
  %s2 = memref.collapse_shape %s1 [[0, 1]] : memref<6x4xi8, strided<[4, 1], offset: 7>> into memref<24xi8, strided<[1], offset: 7>>
  return %c2, %e2, %s2 : memref<120xi8>, memref<?x3x2x4xi8>, memref<24xi8, strided<[1], offset: 7>>
}

// -----

// CHECK-LABEL: func.func @collapse_of_casts
// CHECK-SAME:    (%[[A:.*]]: memref<4x?x2xf32>, %[[B:.*]]: memref<?x6xf32>)
// CHECK-NEXT:    %[[C1:.*]] = memref.collapse_shape %[[A]] {{\[}}[0], [1, 2]] : memref<4x?x2xf32> into memref<4x?xf32>
// CHECK-NEXT:    %[[K:.*]] = memref.cast %[[C1]] : memref<4x?xf32> to memref<?x?xf32>
// CHECK-NEXT:    %[[C2:.*]] = memref.collapse_shape %[[A]] {{\[}}[0, 1], [2]] : memref<4x?x2xf32> into memref<?x2xf32>
// CHECK-NEXT:    %[[T:.*]] = memref.cast %[[B]] : memref<?x6xf32> to memref<3x6xf32>
// CHECK-NEXT:    %[[C3:.*]] = memref.collapse_shape %[[T]]
// CHECK-NEXT:    return %[[K]], %[[C2]], %[[C3]]
func.func @collapse_of_casts(%a: memref<4x?x2xf32>, %b: memref<?x6xf32>) -> (memref<?x?xf32>, memref<?x2xf32>, memref<18xf32>) {
  %loose = memref.cast %a : memref<4x?x2xf32> to memref<?x?x2xf32>
  %c1 = memref.collapse_shape %loose [[0], [1, 2]] : memref<?x?x2xf32> into memref<?x?xf32>
  %c2 = memref.collapse_shape %loose [[0, 1], [2]] : memref<?x?x2xf32> into memref<?x2xf32>
  %tight = memref.cast %b : memref<?x6xf32> to memref<3x6xf32>
  %c3 = memref.collapse_shape %tight [[0, 1]] : memref<3x6xf32> into memref<18xf32>
  return %c1, %c2, %c3 : memref<?x?xf32>, memref<?x2xf32>, memref<18xf32>
}

// -----

// CHECK-LABEL: func.func @whole_subviews
// CHECK-SAME:    (%[[A:.*]]: memref<5x6xf32>, %[[B:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[N:.*]]: index)
// CHECK-NEXT:    %[[K:.*]] = memref.cast %[[A]] : memref<5x6xf32> to memref<5x6xf32, strided<[6, 1]>>
// CHECK-NEXT:    %[[S:.*]] = memref.subview %[[B]][2] [%[[N]]] [1]
// CHECK-NEXT:    %[[P:.*]] = memref.subview %[[A]][0, 1] [5, 5] [1, 1]
// CHECK-NEXT:    return %[[A]], %[[K]], %[[S]], %[[P]]
func.func @whole_subviews(%a: memref<5x6xf32>, %b: memref<?xf32, strided<[?], offset: ?>>, %n: index)
    -> (memref<5x6xf32>, memref<5x6xf32, strided<[6, 1]>>, memref<?xf32, strided<[?], offset: ?>>, memref<5x5xf32, strided<[6, 1], offset: 1>>) {
  %same = memref.subview %a[0, 0] [5, 6] [1, 1] : memref<5x6xf32> to memref<5x6xf32>
  %strided = memref.subview %a[0, 0] [5, 6] [1, 1] : memref<5x6xf32> to memref<5x6xf32, strided<[6, 1]>>
  %s1 = memref.subview %b[2] [%n] [1] : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
  %s2 = memref.subview %s1[0] [%n] [1] : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
  %part = memref.subview %a[0, 1] [5, 5] [1, 1] : memref<5x6xf32> to memref<5x5xf32, strided<[6, 1], offset: 1>>
  return %same, %strided, %s2, %part : memref<5x6xf32>, memref<5x6xf32, strided<[6, 1]>>, memref<?xf32, strided<[?], offset: ?>>, memref<5x5xf32, strided<[6, 1], offset: 1>>
}

// -----

// CHECK-LABEL: func.func @subview_constant_operands
// CHECK-SAME:    (%[[A:.*]]: memref<8x?x6xf32>, %[[I:.*]]: index)
// CHECK:         %[[S:.*]] = memref.subview %[[A]][1, %[[I]], 0] [2, 1, 3] [1, 1, 2] : memref<8x?x6xf32> to memref<2x3xf32, strided<[?, 2], offset: ?>>
// CHECK-NEXT:    %[[K:.*]] = memref.cast %[[S]] : memref<2x3xf32, strided<[?, 2], offset: ?>> to memref<?x3xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:    %[[N:.*]] = memref.subview %[[A]][0, 0, 0] [%{{.*}}, 1, 1] [1, 1, 1]
// CHECK-NEXT:    %[[Z:.*]] = memref.subview %[[A]][0, 0, 0] [1, 1, 1] [%{{.*}}, 1, 1]
// CHECK-NEXT:    %[[B:.*]] = memref.subview %[[A]][%{{.*}}, 0, 0] [2, 1, 1] [1, 1, 1]
// CHECK-NEXT:    return %[[K]], %[[N]], %[[Z]], %[[B]]
func.func @subview_constant_operands(%a: memref<8x?x6xf32>, %i: index)
    -> (memref<?x3xf32, strided<[?, ?], offset: ?>>, memref<?xf32, strided<[?]>>, memref<1xf32, strided<[?]>>, memref<2xf32, strided<[?], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cm1 = arith.constant -1 : index
  %c9 = arith.constant 9 : index
  %s = memref.subview %a[%c1, %i, %c0] [%c2, 1, 3] [%c1, %c1, %c2] : memref<8x?x6xf32> to memref<?x3xf32, strided<[?, ?], offset: ?>>
  %n = memref.subview %a[0, 0, 0] [%cm1, 1, 1] [1, 1, 1] : memref<8x?x6xf32> to memref<?xf32, strided<[?]>>
  %z = memref.subview %a[0, 0, 0] [1, 1, 1] [%c0, 1, 1] : memref<8x?x6xf32> to memref<1xf32, strided<[?]>>
  %b = memref.subview %a[%c9, 0, 0] [2, 1, 1] [1, 1, 1] : memref<8x?x6xf32> to memref<2xf32, strided<[?], offset: ?>>
  return %s, %n, %z, %b : memref<?x3xf32, strided<[?, ?], offset: ?>>, memref<?xf32, strided<[?]>>, memref<1xf32, strided<[?]>>, memref<2xf32, strided<[?], offset: ?>>
}

// -----

// CHECK-LABEL: func.func @cast_chains
// CHECK-SAME:    (%[[A:.*]]: memref<4x?xi32>, %[[U:.*]]: memref<*xi32>)
// CHECK-NEXT:    %[[K:.*]] = memref.cast %[[A]] : memref<4x?xi32> to memref<*xi32>
// CHECK-NEXT:    %[[R:.*]] = memref.cast %[[U]] : memref<*xi32> to memref<?x?xi32>
// CHECK-NEXT:    %[[S:.*]] = memref.cast %[[R]] : memref<?x?xi32> to memref<4x?xi32>
// CHECK-NEXT:    return %[[A]], %[[K]], %[[S]]
func.func @cast_chains(%a: memref<4x?xi32>, %u: memref<*xi32>) -> (memref<4x?xi32>, memref<*xi32>, memref<4x?xi32>) {
  %same = memref.cast %a : memref<4x?xi32> to memref<4x?xi32>
  %x = memref.cast %a : memref<4x?xi32> to memref<?x?xi32>
  %y = memref.cast %x : memref<?x?xi32> to memref<*xi32>
  %r = memref.cast %u : memref<*xi32> to memref<?x?xi32>
  %s = memref.cast %r : memref<?x?xi32> to memref<4x?xi32>
  return %same, %y, %s : memref<4x?xi32>, memref<*xi32>, memref<4x?xi32>
}

// -----

// Loads, stores, prefetches, deallocations and DMA ops use the source of a memref.cast of a ranked memref (MLIR's
// foldMemRefCast in their folds); the cast then has no user left. A cast from an unranked memref stays. The freed
// allocation is only freed, so it goes too.
// CHECK-LABEL: func.func @access_through_cast
// CHECK-SAME:    (%[[A:.*]]: memref<8x16xf32>, %[[U:.*]]: memref<*xf32>, %[[I:.*]]: index, %[[V:.*]]: f32, %[[T:.*]]: memref<1xi32>
// CHECK-NEXT:    %[[X:.*]] = memref.load %[[A]][%[[I]], %[[I]]] : memref<8x16xf32>
// CHECK-NEXT:    memref.store %[[V]], %[[A]][%[[I]], %[[I]]] : memref<8x16xf32>
// CHECK-NEXT:    memref.prefetch %[[A]][%[[I]], %[[I]]], read, locality<3>, data : memref<8x16xf32>
// CHECK-NEXT:    memref.dma_wait %[[T]][%[[I]]], %[[I]] : memref<1xi32>
// CHECK-NEXT:    %[[UC:.*]] = memref.cast %[[U]] : memref<*xf32> to memref<4x4xf32>
// CHECK-NEXT:    memref.load %[[UC]]
// CHECK-NOT:     memref.alloc
func.func @access_through_cast(%a: memref<8x16xf32>, %u: memref<*xf32>, %i: index, %v: f32, %t: memref<1xi32>) -> f32 {
  %c = memref.cast %a : memref<8x16xf32> to memref<?x?xf32>
  %x = memref.load %c[%i, %i] : memref<?x?xf32>
  memref.store %v, %c[%i, %i] : memref<?x?xf32>
  memref.prefetch %c[%i, %i], read, locality<3>, data : memref<?x?xf32>
  %tc = memref.cast %t : memref<1xi32> to memref<?xi32>
  memref.dma_wait %tc[%i], %i : memref<?xi32>
  %al = memref.alloc() : memref<4xf32>
  %ac = memref.cast %al : memref<4xf32> to memref<?xf32>
  memref.dealloc %ac : memref<?xf32>
  %ur = memref.cast %u : memref<*xf32> to memref<4x4xf32>
  %y = memref.load %ur[%i, %i] : memref<4x4xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}
