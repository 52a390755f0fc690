// memref dialect interop with mlir-opt 22, both ways: what tl-opt prints (custom or generic) mlir-opt reads to the
// same module, and tl-opt reads what mlir-opt prints; with and without locations. Programs as a frontend or a
// lowering would write them, with arith and scf ops around the memref ops.
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// tl-opt reads mlir-opt's custom and generic forms and prints them as mlir-opt does:
// RUN: tl-opt --allow-unregistered-dialect %t.ref | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %t.ref.generic | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref | diff %t.ref.generic -
// mlir-opt reads tl-opt's custom and generic forms to the same module:
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tlir
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.tlir.generic
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir | diff %t.ref -
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir.generic | diff %t.ref -
// The same with locations, in both forms:
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.ref.loc | diff %t.ref.loc -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.tlir.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.tlir.loc | diff %t.ref.loc -
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.ref.gloc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.ref.gloc | diff %t.ref.gloc -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.tlir.gloc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.tlir.gloc | diff %t.ref.gloc -

#tile = strided<[?, 1], offset: ?>

// Lookup tables: a constant global with an initial value, a mutable one, an external one.
memref.global "private" constant @sine_table : memref<4xf32> = dense<[0.000000e+00, 0.707106769, 1.000000e+00, 0.707106769]> {alignment = 16 : i64}
memref.global @counters : memref<2x8xi32> = dense<0>
memref.global "private" @scratch : memref<64xi8, 3> = uninitialized
memref.global @external_table : memref<16xf64>

func.func @lookup(%i: index) -> f32 {
  %t = memref.get_global @sine_table : memref<4xf32>
  %c3 = arith.constant 3 : index
  %j = arith.andi %i, %c3 : index
  %v = memref.load %t[%j] : memref<4xf32>
  return %v : f32
}

// A histogram: atomic increments of counters chosen by the input, and an atomic running maximum.
func.func @histogram(%in: memref<?xi32>, %max: memref<f32>, %vals: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i32
  %one = arith.constant 1 : i32
  %counts = memref.get_global @counters : memref<2x8xi32>
  %n = memref.dim %in, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %in[%i] : memref<?xi32>
    %b = arith.andi %x, %c7 : i32
    %bi = arith.index_cast %b : i32 to index
    %old = memref.atomic_rmw addi %one, %counts[%c0, %bi] : (i32, memref<2x8xi32>) -> i32
    %v = memref.load %vals[%i] : memref<?xf32>
    %m = memref.atomic_rmw maximumf %v, %max[] : (f32, memref<f32>) -> f32
    %g = memref.generic_atomic_rmw %counts[%c1, %bi] : memref<2x8xi32> {
    ^bb0(%cur: i32):
      %sum = arith.addi %cur, %x : i32
      memref.atomic_yield %sum : i32
    }
  }
  return
}

// A 2-D buffer seen as tiles through subviews with dynamic offsets and sizes; a column of a tile, rank-reduced.
func.func @tiles(%m: memref<?x?xf32>, %i: index, %j: index, %ti: index, %tj: index) -> f32 {
  %c0 = arith.constant 0 : index
  %t = memref.subview %m[%i, %j] [%ti, %tj] [1, 1] : memref<?x?xf32> to memref<?x?xf32, #tile>
  %col = memref.subview %t[0, %j] [%ti, 1] [1, 1] : memref<?x?xf32, #tile> to memref<?xf32, strided<[?], offset: ?>>
  %s = memref.subview %m[0, 0] [4, 4] [2, 2] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 2]>>
  %v = memref.load %col[%c0] : memref<?xf32, strided<[?], offset: ?>>
  %w = memref.load %s[%c0, %c0] {nontemporal = true} : memref<4x4xf32, strided<[?, 2]>>
  %r = arith.addf %v, %w : f32
  return %r : f32
}

// A flat buffer reshaped to rows of 16 (the row count computed with arith), and back.
func.func @reshape(%flat: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = memref.dim %flat, %c0 : memref<?xf32>
  %rows = arith.divui %n, %c16 : index
  %m = memref.expand_shape %flat [[0, 1]] output_shape [%rows, 16] : memref<?xf32> into memref<?x16xf32>
  %r = memref.expand_shape %m [[0], [1, 2]] output_shape [%rows, 4, 4] : memref<?x16xf32> into memref<?x4x4xf32>
  %c = memref.collapse_shape %r [[0, 1, 2]] : memref<?x4x4xf32> into memref<?xf32>
  return %c : memref<?xf32>
}

// What a lowering writes: the buffer's strided metadata and a reinterpret_cast that applies an offset to it.
func.func @shift(%m: memref<?x?xf32, #tile>, %d: index) -> memref<?x?xf32, #tile> {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x?xf32, #tile> -> memref<f32>, index, index, index, index, index
  %o = arith.addi %offset, %d : index
  %r = memref.reinterpret_cast %base to offset: [%o], sizes: [%sizes#0, %sizes#1], strides: [%strides#0, 1] : memref<f32> to memref<?x?xf32, #tile>
  return %r : memref<?x?xf32, #tile>
}

// Scratch memory: an aligned heap buffer, stack buffers in an alloca_scope per iteration, a byte buffer viewed as
// floats, a buffer in another memory space.
func.func @buffers(%n: index, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.000000e+00 : f32
  %heap = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %r = memref.alloca_scope -> (f32) {
      %tmp = memref.alloca(%k) : memref<?xf32>
      memref.store %acc, %tmp[%c0] : memref<?xf32>
      %v = memref.load %tmp[%c0] : memref<?xf32>
      memref.alloca_scope.return %v : f32
    }
    memref.store %r, %heap[%i] : memref<?xf32>
    scf.yield %r : f32
  }
  %bytes = memref.alloc() : memref<2048xi8>
  %f = memref.view %bytes[%c0][%n] : memref<2048xi8> to memref<?x4xf32>
  %shared = memref.alloca() : memref<8x8xf16, 3>
  %gpu = memref.alloc()[%k] : memref<16xf32, strided<[1], offset: ?>, 1>
  memref.assume_alignment %heap, 64 : memref<?xf32>
  memref.dealloc %gpu : memref<16xf32, strided<[1], offset: ?>, 1>
  memref.dealloc %bytes : memref<2048xi8>
  memref.dealloc %heap : memref<?xf32>
  return %sum : f32
}

// Unranked memrefs across a call boundary: cast away the shape, ask for rank and sizes, cast back, copy.
func.func private @consume(memref<*xf32>)
func.func @unranked(%m: memref<4x?xf32>, %out: memref<4x8xf32>) -> index {
  %c1 = arith.constant 1 : index
  %u = memref.cast %m : memref<4x?xf32> to memref<*xf32>
  call @consume(%u) : (memref<*xf32>) -> ()
  %rank = memref.rank %u : memref<*xf32>
  %d = memref.dim %u, %c1 : memref<*xf32>
  %back = memref.cast %u : memref<*xf32> to memref<4x8xf32>
  memref.copy %back, %out : memref<4x8xf32> to memref<4x8xf32>
  %sum = arith.addi %rank, %d : index
  return %sum : index
}
