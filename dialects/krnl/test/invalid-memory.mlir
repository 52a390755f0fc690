// Verifier errors of the memory ops of the krnl dialect: load, store, memset, memcpy, getref, dim, shape,
// vector_type_cast, global, the tile-buffer copies and matmul.
// RUN: tl-opt --split-input-file --verify-diagnostics %s

// ==== krnl.load, krnl.store ====

func.func @f(%m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'krnl.load' op incorrect number of indices for load, expected 2 but got 1}}
  %v = krnl.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %x: f32) {
  // expected-error@+1 {{'krnl.store' op incorrect number of indices for store, expected 1 but got 2}}
  krnl.store %x, %m[%i, %i] : memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'krnl.load' op failed to verify that result type matches element type of 'memref'}}
  %v = "krnl.load"(%m, %i) : (memref<4xf32>, index) -> f64
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %x: i32) {
  // expected-error@+1 {{'krnl.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "krnl.store"(%x, %m, %i) : (i32, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: i32) {
  // expected-error@+1 {{'krnl.load' op operand #1 must be variadic of index, but got 'i32'}}
  %v = "krnl.load"(%m, %i) : (memref<4xf32>, i32) -> f32
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'krnl.load' op operand #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  %v = "krnl.load"(%t, %i) : (tensor<4xf32>, index) -> f32
  return
}

// ==== krnl.memset, krnl.memcpy ====

// -----

func.func @f(%m: memref<4xf32>, %x: f16) {
  // expected-error@+1 {{'krnl.memset' op failed to verify that type of 'value' matches element type of 'dest'}}
  "krnl.memset"(%m, %x) : (memref<4xf32>, f16) -> ()
  return
}

// -----

func.func @f(%a: memref<4xf32>, %b: memref<4xi32>, %n: i64, %i: index) {
  // expected-error@+1 {{'krnl.memcpy' op expects 'dest' and 'src' to have the same element type, but got 'f32' and 'i32'}}
  "krnl.memcpy"(%a, %b, %n, %i, %i) : (memref<4xf32>, memref<4xi32>, i64, index, index) -> ()
  return
}

// -----

func.func @f(%a: memref<4xf32>, %n: i32, %i: index) {
  // expected-error@+1 {{'krnl.memcpy' op operand #2 must be 64-bit signless integer, but got 'i32'}}
  "krnl.memcpy"(%a, %a, %n, %i, %i) : (memref<4xf32>, memref<4xf32>, i32, index, index) -> ()
  return
}

// ==== krnl.getref, krnl.dim, krnl.shape ====

// -----

func.func @f(%pool: memref<1024xi8>, %off: i64) {
  // expected-error@+1 {{'krnl.getref' op expects 2 dynamic sizes (one per dynamic dimension of the result), but got 0}}
  %r = "krnl.getref"(%pool, %off) : (memref<1024xi8>, i64) -> memref<?x?xf32>
  return
}

// -----

func.func @f(%pool: memref<1024xi8>, %off: index) {
  // expected-error@+1 {{'krnl.getref' op operand #1 must be integer, but got 'index'}}
  %r = "krnl.getref"(%pool, %off) : (memref<1024xi8>, index) -> memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<4x?xf32>) {
  %c2 = arith.constant 2 : index
  // expected-error@+1 {{'krnl.dim' op index 2 is out of range for a memref of rank 2}}
  %d = "krnl.dim"(%m, %c2) : (memref<4x?xf32>, index) -> index
  return
}

// -----

func.func @f(%m: memref<4x?xf32>) {
  // expected-error@+1 {{'krnl.shape' op expects a 1-D memref of 2 integers or indices (one per dimension), but got 'memref<3xindex>'}}
  %s = "krnl.shape"(%m) : (memref<4x?xf32>) -> memref<3xindex>
  return
}

// -----

func.func @f(%m: memref<4x?xf32>) {
  // expected-error@+1 {{'krnl.shape' op expects a 1-D memref of 2 integers or indices (one per dimension), but got 'memref<2xf32>'}}
  %s = "krnl.shape"(%m) : (memref<4x?xf32>) -> memref<2xf32>
  return
}

// ==== krnl.vector_type_cast ====

// -----

func.func @f(%m: memref<64x16xf32>) {
  // expected-error@+1 {{'krnl.vector_type_cast' op operand type 'memref<64x16xf32>' and result type 'memref<64x4xvector<8xf32>>' are cast incompatible}}
  %v = krnl.vector_type_cast %m : memref<64x16xf32> to memref<64x4xvector<8xf32>>
  return
}

// -----

func.func @f(%m: memref<64x16xf32>) {
  // expected-error@+1 {{'krnl.vector_type_cast' op operand type 'memref<64x16xf32>' and result type 'memref<32x2xvector<8xf32>>' are cast incompatible}}
  %v = krnl.vector_type_cast %m : memref<64x16xf32> to memref<32x2xvector<8xf32>>
  return
}

// -----

func.func @f(%m: memref<64x16xf32>) {
  // expected-error@+1 {{'krnl.vector_type_cast' op operand type 'memref<64x16xf32>' and result type 'memref<64x2xvector<8xf64>>' are cast incompatible}}
  %v = krnl.vector_type_cast %m : memref<64x16xf32> to memref<64x2xvector<8xf64>>
  return
}

// -----

func.func @f(%m: memref<64x16xf32>) {
  // expected-error@+1 {{'krnl.vector_type_cast' op operand type 'memref<64x16xf32>' and result type 'memref<64x16xf32>' are cast incompatible}}
  %v = krnl.vector_type_cast %m : memref<64x16xf32> to memref<64x16xf32>
  return
}

// -----

func.func @f(%m: memref<64x?xf32>) {
  // expected-error@+1 {{'krnl.vector_type_cast' op operand type 'memref<64x?xf32>' and result type 'memref<64x2xvector<8xf32>>' are cast incompatible}}
  %v = krnl.vector_type_cast %m : memref<64x?xf32> to memref<64x2xvector<8xf32>>
  return
}

// -----

func.func @f(%m: memref<f32>) {
  // expected-error@+1 {{'krnl.vector_type_cast' op operand type 'memref<f32>' and result type 'memref<vector<8xf32>>' are cast incompatible}}
  %v = krnl.vector_type_cast %m : memref<f32> to memref<vector<8xf32>>
  return
}

// -----

func.func @f(%m: memref<16xf32, 1>) {
  // expected-error@+1 {{'krnl.vector_type_cast' op operand type 'memref<16xf32, 1>' and result type 'memref<2xvector<8xf32>>' are cast incompatible}}
  %v = krnl.vector_type_cast %m : memref<16xf32, 1> to memref<2xvector<8xf32>>
  return
}

// ==== krnl.global ====

// -----

// expected-error@+1 {{'krnl.global' op expects a statically shaped result, but got 'memref<?xf32>'}}
%g = "krnl.global"() {name = "c", shape = [3], value = dense<1.0> : tensor<3xf32>} : () -> memref<?xf32>

// -----

// expected-error@+1 {{'krnl.global' op 'shape' [4] does not match the result type 'memref<3xf32>'}}
%g = "krnl.global"() {name = "c", shape = [4], value = dense<1.0> : tensor<3xf32>} : () -> memref<3xf32>

// -----

// expected-error@+1 {{'krnl.global' op expects 'shape' to be an array of integers, but got "3"}}
%g = "krnl.global"() {name = "c", shape = "3", value = dense<1.0> : tensor<3xf32>} : () -> memref<3xf32>

// -----

// expected-error@+1 {{'krnl.global' op expects a 'value' or an 'offset' in a constant pool}}
%g = "krnl.global"() {name = "c", shape = [3]} : () -> memref<3xf32>

// -----

// expected-error@+1 {{'krnl.global' op expects 'value' of the shape and element type of the result 'memref<3xf32>', but got 'tensor<3xf64>'}}
%g = "krnl.global"() {name = "c", shape = [3], value = dense<1.0> : tensor<3xf64>} : () -> memref<3xf32>

// -----

// expected-error@+1 {{'krnl.global' op expects 'value' of the shape and element type of the result 'memref<3xf32>', but got 'tensor<1x3xf32>'}}
%g = "krnl.global"() {name = "c", shape = [3], value = dense<1.0> : tensor<1x3xf32>} : () -> memref<3xf32>

// -----

// expected-error@+1 {{'krnl.global' op expects 'value' to be a dense elements attribute, but got 1.000000e+00 : f32}}
%g = "krnl.global"() {name = "c", shape = [3], value = 1.0 : f32} : () -> memref<3xf32>

// -----

// expected-error@+1 {{'krnl.global' op expects 'alignment' to be a positive power of two, but got 12}}
%g = "krnl.global"() {name = "c", shape = [3], offset = 0 : i64, alignment = 12 : i64} : () -> memref<3xf32>

// -----

// expected-error@+1 {{'krnl.global' op expects a non-negative 'offset', but got -8}}
%g = "krnl.global"() {name = "c", shape = [3], offset = -8 : i64} : () -> memref<3xf32>

// -----

// expected-error@+1 {{'krnl.global' op requires attribute 'name'}}
%g = "krnl.global"() {shape = [3], value = dense<1.0> : tensor<3xf32>} : () -> memref<3xf32>

// ==== krnl.copy_to_tile_buffer, krnl.copy_from_tile_buffer ====

// -----

func.func @f(%b: memref<4x4xf32>, %m: memref<16x16xf32>, %i: index, %p: f64) {
  // expected-error@+1 {{'krnl.copy_to_tile_buffer' op failed to verify that type of 'padValue' matches element type of 'source'}}
  "krnl.copy_to_tile_buffer"(%b, %m, %i, %i, %p) : (memref<4x4xf32>, memref<16x16xf32>, index, index, f64) -> ()
  return
}

// -----

func.func @f(%b: memref<4x4xf64>, %m: memref<16x16xf32>, %i: index, %p: f32) {
  // expected-error@+1 {{'krnl.copy_to_tile_buffer' op failed to verify that type of 'padValue' matches element type of 'buffer'}}
  krnl.copy_to_tile_buffer %b, %m[%i, %i], %p : memref<4x4xf64>, memref<16x16xf32>
  return
}

// -----

func.func @f(%b: memref<4x?xf32>, %m: memref<16x16xf32>, %i: index, %p: f32) {
  // expected-error@+1 {{'krnl.copy_to_tile_buffer' op expects a buffer of static shape, but got 'memref<4x?xf32>'}}
  krnl.copy_to_tile_buffer %b, %m[%i, %i], %p : memref<4x?xf32>, memref<16x16xf32>
  return
}

// -----

func.func @f(%b: memref<4x4xf32>, %m: memref<16xf32>, %i: index, %p: f32) {
  // expected-error@+1 {{'krnl.copy_to_tile_buffer' op expects 'source' to have at least the rank of the buffer (2), but it has rank 1}}
  krnl.copy_to_tile_buffer %b, %m[%i], %p : memref<4x4xf32>, memref<16xf32>
  return
}

// -----

func.func @f(%b: memref<4x4xf32>, %m: memref<2x16x16xf32>, %i: index, %p: f32) {
  // expected-error@+1 {{'krnl.copy_to_tile_buffer' op expects 3 start indices (one per dimension of 'source'), but got 2}}
  krnl.copy_to_tile_buffer %b, %m[%i, %i], %p : memref<4x4xf32>, memref<2x16x16xf32>
  return
}

// -----

func.func @f(%b: memref<4x4xf32>, %m: memref<16x16xf32>, %i: index, %p: f32) {
  // expected-error@+1 {{'krnl.copy_to_tile_buffer' op expects 'tileSize' to have 2 entries (or none), but it has 1}}
  krnl.copy_to_tile_buffer %b, %m[%i, %i], %p {tileSize = [4]} : memref<4x4xf32>, memref<16x16xf32>
  return
}

// -----

func.func @f(%b: memref<4x4xf32>, %m: memref<16x16xf32>, %i: index, %p: f32) {
  // expected-error@+1 {{'krnl.copy_to_tile_buffer' op expects 'tileSize' entry #1 (5) to be at most the buffer size 4}}
  krnl.copy_to_tile_buffer %b, %m[%i, %i], %p {tileSize = [4, 5]} : memref<4x4xf32>, memref<16x16xf32>
  return
}

// -----

func.func @f(%b: memref<4x4xf32>, %m: memref<16x16xf32>, %i: index, %p: f32) {
  // expected-error@+1 {{'krnl.copy_to_tile_buffer' op expects positive 'padToNext' entries, but entry #0 is 0}}
  krnl.copy_to_tile_buffer %b, %m[%i, %i], %p {padToNext = [0, 4]} : memref<4x4xf32>, memref<16x16xf32>
  return
}

// -----

func.func @f(%b: memref<4x4xf32>, %m: memref<16x16xf32>, %i: index, %p: f32) {
  // expected-error@+1 {{'krnl.copy_to_tile_buffer' op expects 'padToNext' to have 2 entries (or none), but it has 3}}
  krnl.copy_to_tile_buffer %b, %m[%i, %i], %p {padToNext = [1, 1, 1]} : memref<4x4xf32>, memref<16x16xf32>
  return
}

// -----

func.func @f(%b: memref<4xf32>, %m: memref<16x16xf32>, %i: index, %p: f32) {
  // expected-error@+1 {{'krnl.copy_to_tile_buffer' op expects a buffer of rank 2 or more to transpose, but it has rank 1}}
  krnl.copy_to_tile_buffer %b, %m[%i, %i], %p {transpose = true} : memref<4xf32>, memref<16x16xf32>
  return
}

// -----

func.func @f(%b: memref<4x4xf32>, %m: memref<16x16xf32>, %i: index, %p: f32) {
  // expected-error@+1 {{'krnl.copy_to_tile_buffer' op attribute 'tileSize' failed to satisfy constraint: 64-bit integer array attribute}}
  krnl.copy_to_tile_buffer %b, %m[%i, %i], %p {tileSize = array<i64: 4, 4>} : memref<4x4xf32>, memref<16x16xf32>
  return
}

// -----

func.func @f(%b: memref<4x4xf32>, %m: memref<16x16xf64>, %i: index) {
  // expected-error@+1 {{'krnl.copy_from_tile_buffer' op expects the buffer and 'dest' to have the same element type, but got 'f32' and 'f64'}}
  krnl.copy_from_tile_buffer %b, %m[%i, %i] : memref<4x4xf32>, memref<16x16xf64>
  return
}

// -----

func.func @f(%b: memref<?x4xf32>, %m: memref<16x16xf32>, %i: index) {
  // expected-error@+1 {{'krnl.copy_from_tile_buffer' op expects a buffer of static shape, but got 'memref<?x4xf32>'}}
  krnl.copy_from_tile_buffer %b, %m[%i, %i] : memref<?x4xf32>, memref<16x16xf32>
  return
}

// -----

func.func @f(%b: memref<4x4xf32>, %m: memref<16x16xf32>, %i: index) {
  // expected-error@+1 {{'krnl.copy_from_tile_buffer' op expects 2 start indices (one per dimension of 'dest'), but got 3}}
  krnl.copy_from_tile_buffer %b, %m[%i, %i, %i] : memref<4x4xf32>, memref<16x16xf32>
  return
}

// -----

func.func @f(%b: memref<4x4xf32>, %m: memref<16x16xf32>, %i: index) {
  // expected-error@+1 {{'krnl.copy_from_tile_buffer' op expects 'tileSize' entry #0 (8) to be at most the buffer size 4}}
  krnl.copy_from_tile_buffer %b, %m[%i, %i] {tileSize = [8, 4]} : memref<4x4xf32>, memref<16x16xf32>
  return
}

// ==== krnl.matmul ====

// -----

func.func @f(%a: memref<10xf32>, %b: memref<10x8xf32>, %c: memref<10x8xf32>, %i: index) {
  %l:3 = krnl.define_loops 3
  // expected-error@+1 {{'krnl.matmul' op expects 'A' to have rank 2 or more, but it has rank 1}}
  krnl.matmul %a[%i], %b[%i, %i], %c[%i, %i], (%l#0, %l#1, %l#2), (%i, %i, %i), (%i, %i, %i) : memref<10xf32>, memref<10x8xf32>, memref<10x8xf32>, (!krnl.loop, !krnl.loop, !krnl.loop)
  return
}

// -----

func.func @f(%a: memref<10x10xf32>, %b: memref<10x8xf32>, %c: memref<2x10x8xf32>, %i: index) {
  %l:3 = krnl.define_loops 3
  // expected-error@+1 {{'krnl.matmul' op expects 3 'cGlobalIndexMemStart' indices (one per dimension of 'C'), but got 2}}
  krnl.matmul %a[%i, %i], %b[%i, %i], %c[%i, %i], (%l#0, %l#1, %l#2), (%i, %i, %i), (%i, %i, %i) : memref<10x10xf32>, memref<10x8xf32>, memref<2x10x8xf32>, (!krnl.loop, !krnl.loop, !krnl.loop)
  return
}

// -----

func.func @f(%a: memref<10x10xf32>, %b: memref<10x8xf32>, %c: memref<10x8xf32>, %i: index) {
  %l:3 = krnl.define_loops 3
  // expected-error@+1 {{'krnl.matmul' op expects 3 loops (i, j, k), but got 2}}
  krnl.matmul %a[%i, %i], %b[%i, %i], %c[%i, %i], (%l#0, %l#1), (%i, %i, %i), (%i, %i, %i) : memref<10x10xf32>, memref<10x8xf32>, memref<10x8xf32>, (!krnl.loop, !krnl.loop)
  return
}

// -----

func.func @f(%a: memref<10x10xf32>, %b: memref<10x8xf16>, %c: memref<10x8xf32>, %i: index) {
  %l:3 = krnl.define_loops 3
  // expected-error@+1 {{'krnl.matmul' op expects 'A', 'B' and 'C' to have the same element type, but 'B' has 'f16'}}
  krnl.matmul %a[%i, %i], %b[%i, %i], %c[%i, %i], (%l#0, %l#1, %l#2), (%i, %i, %i), (%i, %i, %i) : memref<10x10xf32>, memref<10x8xf16>, memref<10x8xf32>, (!krnl.loop, !krnl.loop, !krnl.loop)
  return
}

// -----

func.func @f(%a: memref<10x10xf32>, %b: memref<10x8xf32>, %c: memref<10x8xf32>, %i: index) {
  %l:3 = krnl.define_loops 3
  // expected-error@+1 {{'krnl.matmul' op expects 'computeTileSize' to have 3 entries (or none), but it has 2}}
  krnl.matmul %a[%i, %i], %b[%i, %i], %c[%i, %i], (%l#0, %l#1, %l#2), (%i, %i, %i), (%i, %i, %i) {computeTileSize = [5, 4]} : memref<10x10xf32>, memref<10x8xf32>, memref<10x8xf32>, (!krnl.loop, !krnl.loop, !krnl.loop)
  return
}

// -----

func.func @f(%a: memref<10x10xf32>, %b: memref<10x8xf32>, %c: memref<10x8xf32>, %i: index) {
  %l:3 = krnl.define_loops 3
  // expected-error@+1 {{'krnl.matmul' op expects 'bTileSize' to have 2 entries (or none), but it has 3}}
  krnl.matmul %a[%i, %i], %b[%i, %i], %c[%i, %i], (%l#0, %l#1, %l#2), (%i, %i, %i), (%i, %i, %i) {bTileSize = [1, 2, 3]} : memref<10x10xf32>, memref<10x8xf32>, memref<10x8xf32>, (!krnl.loop, !krnl.loop, !krnl.loop)
  return
}

// -----

func.func @f(%a: memref<10x10xf32>, %b: memref<10x8xf32>, %c: memref<2x10x8xf32>, %i: index) {
  %l:3 = krnl.define_loops 3
  // expected-error@+1 {{'krnl.matmul' op expects 'cTileSize' entry #1 (9) to be at most the buffer size 8}}
  krnl.matmul %a[%i, %i], %b[%i, %i], %c[%i, %i, %i], (%l#0, %l#1, %l#2), (%i, %i, %i), (%i, %i, %i) {cTileSize = [10, 9]} : memref<10x10xf32>, memref<10x8xf32>, memref<2x10x8xf32>, (!krnl.loop, !krnl.loop, !krnl.loop)
  return
}

// -----

func.func @f(%a: memref<10x10xf32>, %b: memref<10x8xf32>, %c: memref<10x8xf32>, %i: index) {
  %l:3 = krnl.define_loops 3
  // expected-error@+1 {{'krnl.matmul' op expects positive 'computeTileSize' entries, but entry #2 is -1}}
  krnl.matmul %a[%i, %i], %b[%i, %i], %c[%i, %i], (%l#0, %l#1, %l#2), (%i, %i, %i), (%i, %i, %i) {computeTileSize = [5, 4, -1]} : memref<10x10xf32>, memref<10x8xf32>, memref<10x8xf32>, (!krnl.loop, !krnl.loop, !krnl.loop)
  return
}

// -----

func.func @f(%a: memref<10x10xf32>, %b: memref<10x8xf32>, %c: memref<10x8xf32>, %i: index) {
  %l:3 = krnl.define_loops 3
  // expected-error@+1 {{'krnl.matmul' op attribute 'simdize' failed to satisfy constraint: bool attribute}}
  krnl.matmul %a[%i, %i], %b[%i, %i], %c[%i, %i], (%l#0, %l#1, %l#2), (%i, %i, %i), (%i, %i, %i) {simdize = 1 : i32} : memref<10x10xf32>, memref<10x8xf32>, memref<10x8xf32>, (!krnl.loop, !krnl.loop, !krnl.loop)
  return
}
