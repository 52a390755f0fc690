// Affine maps and integer sets as builtin attributes, and affine maps as memref layouts. mlir-opt 22 and tl-opt
// print the same text: the expressions simplified to MLIR's canonical form (constants folded and moved right,
// symbols right of dimensions, `- x` for `+ x * -1`, multiples folded in floordiv and mod), the maps and sets
// named `#map`, `#map1`, `#set` at the top, identity layouts dropped. Both ways, in the custom and generic forms.
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: tl-opt --allow-unregistered-dialect %s | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %t.ref | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tlir
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir | diff %t.ref -
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %t.ref.generic -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref.generic | diff %t.ref.generic -
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK: #map = affine_map<(d0, d1)[s0, s1] -> (d0 * s1 + s0 + d1)>
#tile = affine_map<(row, col)[base, ld] -> (base + ld * row + col)>

// Named dimensions and symbols print as d<i> and s<i>.
// CHECK: "t.maps"() {
"t.maps"() {
  identity = affine_map<(i, j) -> (i, j)>,
  swap = affine_map<(i, j) -> (j, i)>,
  empty = affine_map<() -> ()>,
  constant = affine_map<() -> (7, -2)>,
  folded = affine_map<(x) -> (2 + 3, x * 1 + 0, (x * 4) * 2, x + 1 + 2, 3 + x)>,
  negative = affine_map<(x, y)[n] -> (x - y, x - y * 3, -x, x - 5, n - x, -(x + y))>,
  like_terms = affine_map<(x)[n] -> (x + x, x * 2 + x * 3, n * x + x)>,
  divisions = affine_map<(x, y) -> (x floordiv 2, (x * 6) floordiv 3, x ceildiv 4, (x * 8) ceildiv 4, x mod 3, (x * 12) mod 4, (x * 4 + y) mod 2, (x mod 8) mod 4)>,
  nested = affine_map<(x, y)[n] -> ((x + y) floordiv 4 + 1, (x floordiv 2) * 3, (x + n) * 2, x * (n + 1))>,
  constants_folded = affine_map<() -> (7 floordiv 2, -7 floordiv 2, 7 ceildiv 2, -7 mod 3)>,
  symbols_only = affine_map<()[a, b] -> (a * b, a + b, b floordiv a)>,
  alias = #tile
} : () -> ()

// CHECK: "t.sets"() {
"t.sets"() {
  bounds = affine_set<(i)[n] : (i >= 0, n - 1 >= i)>,
  pinned = affine_set<(i, j) : (i == j, i * 2 <= 8, j + 1 >= 1)>,
  nothing_to_check = affine_set<(i) : (0 == 0)>
} : () -> ()

// Memref layouts given as maps: the identity is dropped; other maps are kept (with their symbols, an alloc's
// symbol operands).
func.func @layouts(%a: memref<8x8xf32, affine_map<(d0, d1) -> (d0, d1)>>,
                   %b: memref<?x?xf32, #tile>,
                   %c: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>, 3>,
                   %i: index) -> f32 {
  %0 = memref.alloc()[%i] : memref<2x4xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>>
  %1 = memref.alloc(%i) : memref<?x16xf32, affine_map<(d0, d1) -> (d0 * 16 + d1)>>
  %2 = memref.load %b[%i, %i] : memref<?x?xf32, #tile>
  memref.store %2, %0[%i, %i] : memref<2x4xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>>
  %3 = memref.load %a[%i, %i] : memref<8x8xf32>
  %4 = arith.addf %2, %3 : f32
  return %4 : f32
}
