// The memref ops that move, reshape or annotate buffers without loading from them (reshape by a shape buffer,
// realloc, prefetch, DMA start and wait, distinct_objects, memory_space_cast, extract_aligned_pointer_as_index),
// both ways with mlir-opt 22: what tl-opt prints (custom or generic) mlir-opt reads to the same module, and
// tl-opt reads what mlir-opt prints; with and without locations.
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

// A staging buffer copied to a faster memory by DMA, its completion awaited, then viewed with a new shape.
func.func @stage(%host: memref<512xf32>, %n: index, %sizes: memref<2xi64>) -> memref<?x?xf32, 1> {
  %c0 = arith.constant 0 : index
  %fast = memref.alloc() : memref<512xf32, 1>
  %tag = memref.alloc() : memref<2xi32, 2>
  memref.dma_start %host[%c0], %fast[%c0], %n, %tag[%c0] : memref<512xf32>, memref<512xf32, 1>, memref<2xi32, 2>
  memref.dma_wait %tag[%c0], %n : memref<2xi32, 2>
  %c128 = arith.constant 128 : index
  %c16 = arith.constant 16 : index
  memref.dma_start %host[%c0], %fast[%c0], %n, %tag[%c0], %c128, %c16 : memref<512xf32>, memref<512xf32, 1>, memref<2xi32, 2>
  memref.dma_wait %tag[%c0], %n : memref<2xi32, 2>
  %grid = memref.reshape %fast(%sizes) : (memref<512xf32, 1>, memref<2xi64>) -> memref<?x?xf32, 1>
  return %grid : memref<?x?xf32, 1>
}

// Prefetch hints before a loop of loads; a buffer grown by realloc.
func.func @grow(%buf: memref<?xf32>, %i: index, %j: index, %more: index) -> memref<?xf32> {
  memref.prefetch %buf[%i], read, locality<3>, data : memref<?xf32>
  memref.prefetch %buf[%j], write, locality<0>, instr : memref<?xf32>
  %bigger = memref.realloc %buf(%more) {alignment = 64} : memref<?xf32> to memref<?xf32>
  %fixed = memref.realloc %bigger : memref<?xf32> to memref<64xf32>
  %back = memref.cast %fixed : memref<64xf32> to memref<?xf32>
  return %back : memref<?xf32>
}

// Unranked reshapes, memory spaces, aliasing promises and raw pointers.
func.func @annotate(%u: memref<*xf16>, %shape: memref<?xindex>, %a: memref<8xf32, 3>, %b: memref<4xi8>) -> index {
  %any = memref.reshape %u(%shape) : (memref<*xf16>, memref<?xindex>) -> memref<*xf16>
  %generic = memref.memory_space_cast %a : memref<8xf32, 3> to memref<8xf32>
  %x, %y = memref.distinct_objects %generic, %b : memref<8xf32>, memref<4xi8>
  %p = memref.extract_aligned_pointer_as_index %x : memref<8xf32> -> index
  %q = memref.extract_aligned_pointer_as_index %any : memref<*xf16> -> index
  %sum = arith.addi %p, %q : index
  "t.keep"(%y) : (memref<4xi8>) -> ()
  return %sum : index
}
