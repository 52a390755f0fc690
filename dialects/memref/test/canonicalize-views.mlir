// Canonicalizing memref views through casts and metadata, as MLIR 22 does: a subview reads through a memref.cast
// that only forgets static facts (a cast back to its old type follows); extract_strided_metadata's results are
// constants where the source type knows them; a reinterpret_cast that rebuilds the memref whose metadata was
// extracted is that memref (or a cast of it), and otherwise reads it directly; constant reinterpret_cast operands
// move into the static lists; a collapse_shape that undoes an expand_shape group by group is a cast. Each case has
// a near miss that must stay. mlir-opt 22 gives the same module (the second RUN line).
// RUN: tl-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize

// CHECK-LABEL: func.func @subview_through_cast
// CHECK-SAME: (%[[A:.*]]: memref<8x6xf32>, %[[I:.*]]: index)
// CHECK: %[[S:.*]] = memref.subview %[[A]][%[[I]], 2] [2, 3] [1, 1] : memref<8x6xf32> to memref<2x3xf32, strided<[6, 1], offset: ?>>
// CHECK: %[[C:.*]] = memref.cast %[[S]] : memref<2x3xf32, strided<[6, 1], offset: ?>> to memref<2x3xf32, strided<[?, 1], offset: ?>>
// CHECK: return %[[C]]
func.func @subview_through_cast(%a: memref<8x6xf32>, %i: index) -> memref<2x3xf32, strided<[?, 1], offset: ?>> {
  %c = memref.cast %a : memref<8x6xf32> to memref<?x?xf32>
  %s = memref.subview %c[%i, 2] [2, 3] [1, 1] : memref<?x?xf32> to memref<2x3xf32, strided<[?, 1], offset: ?>>
  return %s : memref<2x3xf32, strided<[?, 1], offset: ?>>
}

// -----

// The cast makes the type more static (it asserts a size): the subview keeps reading the cast.
// CHECK-LABEL: func.func @subview_through_refining_cast
// CHECK: %[[C:.*]] = memref.cast
// CHECK: memref.subview %[[C]]
func.func @subview_through_refining_cast(%a: memref<?x6xf32>, %i: index) -> memref<2x3xf32, strided<[6, 1], offset: ?>> {
  %c = memref.cast %a : memref<?x6xf32> to memref<8x6xf32>
  %s = memref.subview %c[%i, 2] [2, 3] [1, 1] : memref<8x6xf32> to memref<2x3xf32, strided<[6, 1], offset: ?>>
  return %s : memref<2x3xf32, strided<[6, 1], offset: ?>>
}

// -----

// The sizes and strides of a static memref are constants; the offset of a dynamic-offset layout is not.
// CHECK-LABEL: func.func @metadata_constants
// CHECK-SAME: (%[[A:.*]]: memref<4x5xi8, strided<[5, 1], offset: ?>>)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK: %{{.*}}, %[[OFF:.*]], %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[A]]
// CHECK: return %[[OFF]], %[[C4]], %[[C5]]
func.func @metadata_constants(%a: memref<4x5xi8, strided<[5, 1], offset: ?>>) -> (index, index, index) {
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<4x5xi8, strided<[5, 1], offset: ?>> -> memref<i8>, index, index, index, index, index
  return %off, %sizes#0, %strides#0 : index, index, index
}

// -----

// Rebuilding the same memref with a less static type: a cast of the original.
// CHECK-LABEL: func.func @rebuild_same_memref
// CHECK-SAME: (%[[A:.*]]: memref<3x?xf32>)
// CHECK-NEXT: %[[C:.*]] = memref.cast %[[A]] : memref<3x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: return %[[C]]
func.func @rebuild_same_memref(%a: memref<3x?xf32>) -> memref<?x?xf32, strided<[?, 1], offset: ?>> {
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<3x?xf32> -> memref<f32>, index, index, index, index, index
  %r = memref.reinterpret_cast %base to offset: [%off], sizes: [%sizes#0, %sizes#1], strides: [%strides#0, 1] : memref<f32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  return %r : memref<?x?xf32, strided<[?, 1], offset: ?>>
}

// -----

// A different view of the same buffer (transposed strides): it reads the memref itself, with static lists.
// CHECK-LABEL: func.func @other_view_of_buffer
// CHECK-SAME: (%[[A:.*]]: memref<2x3xf32>)
// CHECK: %[[R:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [3, 2], strides: [1, 3] : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
// CHECK: memref.cast %[[R]] : memref<3x2xf32, strided<[1, 3]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
func.func @other_view_of_buffer(%a: memref<2x3xf32>) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %a : memref<2x3xf32> -> memref<f32>, index, index, index, index, index
  %r = memref.reinterpret_cast %base to offset: [%off], sizes: [%sizes#1, %sizes#0], strides: [%strides#1, %strides#0] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %r : memref<?x?xf32, strided<[?, ?], offset: ?>>
}

// -----

// An expand undone group by group, the types differing only in how the layout is spelled: a cast.
// CHECK-LABEL: func.func @collapse_undoes_expand
// CHECK-SAME: (%[[A:.*]]: memref<?xf32, strided<[1]>>, %{{.*}}: index)
// CHECK-NEXT: %[[C:.*]] = memref.cast %[[A]] : memref<?xf32, strided<[1]>> to memref<?xf32>
// CHECK-NEXT: return %[[C]]
func.func @collapse_undoes_expand(%a: memref<?xf32, strided<[1]>>, %n: index) -> memref<?xf32> {
  %e = memref.expand_shape %a [[0, 1]] output_shape [%n, 4] : memref<?xf32, strided<[1]>> into memref<?x4xf32>
  %c = memref.collapse_shape %e [[0, 1]] : memref<?x4xf32> into memref<?xf32>
  return %c : memref<?xf32>
}

// -----

// Different groups (the expand splits the second dimension, the collapse merges the first two): both stay.
// CHECK-LABEL: func.func @collapse_other_groups
// CHECK: memref.expand_shape
// CHECK: memref.collapse_shape
func.func @collapse_other_groups(%a: memref<4x6xf32>) -> memref<12x2xf32> {
  %e = memref.expand_shape %a [[0], [1, 2]] output_shape [4, 3, 2] : memref<4x6xf32> into memref<4x3x2xf32>
  %c = memref.collapse_shape %e [[0, 1], [2]] : memref<4x3x2xf32> into memref<12x2xf32>
  return %c : memref<12x2xf32>
}
