// RUN: not tl-opt %s --split-input-file 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: tl-opt %s --split-input-file --verify-diagnostics

// The verifiers of the tl types and ops (MLIR syntax): the tensor language's rules hold for ops that do not come from
// the front end (written in MLIR syntax, or made by passes). Messages are MLIR's style.

// == types ==

// CHECK: ops-invalid.mlir:[[@LINE+2]]:26: error: strided layout has 2 strides, but the memref has order 1
// expected-error@+1 {{strided layout has 2 strides, but the memref has order 1}}
tl.func @f(%a: !tl.memref<f32x4,strided<1,2>>) {
}

// -----

// CHECK: ops-invalid.mlir:[[@LINE+2]]:26: error: stride 2 (3) must be at least stride 1 times mode size 1 (1*4)
// expected-error@+1 {{stride 2 (3) must be at least stride 1 times mode size 1 (1*4)}}
tl.func @f(%a: !tl.memref<f32x4x4,strided<1,3>>) {
}

// -----

// CHECK: ops-invalid.mlir:[[@LINE+2]]:25: error: the offset must be non-negative or ?, got -2
// expected-error@+1 {{the offset must be non-negative or ?, got -2}}
tl.func @f(%a: !tl.group<memref<f32x4>, offset: -2>) {
}

// -----

// CHECK: ops-invalid.mlir:[[@LINE+2]]:27: error: expected a scalar type, got 'f16'
// expected-error@+1 {{expected a scalar type, got 'f16'}}
tl.func @f(%a: !tl.memref<f16x4>) {
}

// -----

// Static sizes, strides and offsets are exact numbers up to 2^53-1, as in the tensor language.
// CHECK: ops-invalid.mlir:[[@LINE+2]]:27: error: 9007199254740992 is too large for a static size, stride or offset (at most 2^53-1)
// expected-error@+1 {{9007199254740992 is too large for a static size, stride or offset (at most 2^53-1)}}
tl.func @f(%a: !tl.memref<f32x9007199254740992>) {
}

// -----

// CHECK: ops-invalid.mlir:[[@LINE+2]]:41: error: 9007199254740993 is too large for a static size, stride or offset (at most 2^53-1)
// expected-error@+1 {{9007199254740993 is too large}}
tl.func @f(%a: !tl.memref<f32x?,strided<9007199254740993>>) {
}

// -----

// CHECK: ops-invalid.mlir:[[@LINE+2]]:49: error: 9007199254740993 is too large for a static size, stride or offset (at most 2^53-1)
// expected-error@+1 {{9007199254740993 is too large}}
tl.func @f(%a: !tl.group<memref<f32x?>, offset: 9007199254740993>) {
}

// -----

// == tl.func: arguments, no results, a body, work-group and subgroup sizes ==

// CHECK: ops-invalid.mlir:[[@LINE+2]]:1: error: 'tl.func' op a kernel returns nothing, but the function type has 1 result
// expected-error@+1 {{'tl.func' op a kernel returns nothing, but the function type has 1 result}}
tl.func @f(%a: !tl.memref<f32x4>) -> i32 {
}

// -----

// CHECK: ops-invalid.mlir:[[@LINE+2]]:1: error: 'tl.func' op argument #0 must be a scalar, a memref or a group, got '!tl.void'
// expected-error@+1 {{'tl.func' op argument #0 must be a scalar, a memref or a group, got '!tl.void'}}
tl.func @f(%a: !tl.void) {
}

// -----

// CHECK: ops-invalid.mlir:[[@LINE+2]]:1: error: 'tl.func' op region #0 ('body') failed to verify constraint: region with 1 blocks
// expected-error@+1 {{'tl.func' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
tl.func @f()

// -----

// CHECK: ops-invalid.mlir:[[@LINE+2]]:1: error: 'tl.func' op work_group_size (64x32 = 2048) exceeds the maximum work-group size (1024)
// expected-error@+1 {{'tl.func' op work_group_size (64x32 = 2048) exceeds the maximum work-group size (1024)}}
tl.func @f() attributes {work_group_size = array<i32: 64, 32>} {
}

// -----

// CHECK: ops-invalid.mlir:[[@LINE+2]]:1: error: 'tl.func' op the first mode of work_group_size (24) must be a multiple of the subgroup size (16)
// expected-error@+1 {{'tl.func' op the first mode of work_group_size (24) must be a multiple of the subgroup size (16)}}
tl.func @f() attributes {work_group_size = array<i32: 24, 2>, subgroup_size = 16 : i32} {
}

// -----

// CHECK: ops-invalid.mlir:[[@LINE+2]]:1: error: 'tl.func' op the first mode of work_group_size (6) must be a multiple of a subgroup size of WebGPU devices (4, 8, 16, 32, 64, 128)
// expected-error@+1 {{'tl.func' op the first mode of work_group_size (6) must be a multiple of a subgroup size of WebGPU devices (4, 8, 16, 32, 64, 128)}}
tl.func @f() attributes {work_group_size = array<i32: 6, 1>} {
}

// -----

// CHECK: ops-invalid.mlir:[[@LINE+2]]:1: error: 'tl.func' op subgroup_size must be a subgroup size of WebGPU devices (4, 8, 16, 32, 64, 128), got 12
// expected-error@+1 {{'tl.func' op subgroup_size must be a subgroup size of WebGPU devices (4, 8, 16, 32, 64, 128), got 12}}
tl.func @f() attributes {subgroup_size = 12 : i32} {
}

// -----

// CHECK: ops-invalid.mlir:[[@LINE+2]]:1: error: 'tl.func' op work_group_size must be positive, got (0,1)
// expected-error@+1 {{'tl.func' op work_group_size must be positive, got (0,1)}}
tl.func @f() attributes {work_group_size = array<i32: 0, 1>} {
}

// -----

// == scalar ops ==

tl.func @f() {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.constant' op value type must match the result type
  // expected-error@+1 {{'tl.constant' op value type must match the result type}}
  %0 = "tl.constant"() <{value = 1 : i32}> : () -> f32
}

// -----

tl.func @f(%a: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.arith' op failed to verify that all of {lhs, rhs, result} have same type
  // expected-error@+1 {{'tl.arith' op failed to verify that all of {lhs, rhs, result} have same type}}
  %0 = "tl.arith"(%a, %a) <{kind = 0 : i32}> : (f32, f32) -> i32
}

// -----

tl.func @f(%a: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.arith' op shl needs an integer type, got 'f32'
  // expected-error@+1 {{'tl.arith' op shl needs an integer type, got 'f32'}}
  %0 = tl.arith shl %a, %a : f32
}

// -----

tl.func @f(%a: f64) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.arith' op xor needs an integer type, got 'f64'
  // expected-error@+1 {{'tl.arith' op xor needs an integer type, got 'f64'}}
  %0 = tl.arith xor %a, %a : f64
}

// -----

tl.func @f(%a: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.arith_unary' op not needs an integer type, got 'f32'
  // expected-error@+1 {{'tl.arith_unary' op not needs an integer type, got 'f32'}}
  %0 = tl.arith_unary not %a : f32
}

// -----

tl.func @f(%a: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.cmp' op result #0 must be 1-bit signless integer, but got 'i32'
  // expected-error@+1 {{'tl.cmp' op result #0 must be 1-bit signless integer, but got 'i32'}}
  %0 = "tl.cmp"(%a, %a) <{cond = 0 : i32}> : (f32, f32) -> i32
}

// -----

tl.func @f(%a: !tl.memref<f32>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.cast' op operand #0 must be tensor-language scalar (i1, i8, i16, i32, i64, index, f32 or f64), but got '!tl.memref<f32>'
  // expected-error@+1 {{'tl.cast' op operand #0 must be tensor-language scalar (i1, i8, i16, i32, i64, index, f32 or f64), but got '!tl.memref<f32>'}}
  %0 = tl.cast %a : !tl.memref<f32> -> f32
}

// -----

// CHECK: ops-invalid.mlir:[[@LINE+2]]:1: error: 'tl.func' op argument #0 must be a scalar, a memref or a group, got 'f16'
// expected-error@+1 {{'tl.func' op argument #0 must be a scalar, a memref or a group, got 'f16'}}
tl.func @f(%a: f16) {
  %0 = "tl.arith"(%a, %a) <{kind = 0 : i32}> : (f16, f16) -> f16
}

// -----

// == memory ops ==

tl.func @f() {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.alloca' op needs a static shape (the size must be known at compile time), got '!tl.memref<f32x?>'
  // expected-error@+1 {{'tl.alloca' op needs a static shape (the size must be known at compile time), got '!tl.memref<f32x?>'}}
  %0 = tl.alloca : !tl.memref<f32x?>
}

// -----

tl.func @f(%a: !tl.memref<f32x8x8>, %i: index) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.load' op expected 2 indices for '!tl.memref<f32x8x8>', got 1
  // expected-error@+1 {{'tl.load' op expected 2 indices for '!tl.memref<f32x8x8>', got 1}}
  %0 = tl.load %a[%i] : !tl.memref<f32x8x8> -> f32
}

// -----

tl.func @f(%a: !tl.memref<f32x8x8>, %i: index) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.load' op result type 'f64' does not match the loaded type 'f32'
  // expected-error@+1 {{'tl.load' op result type 'f64' does not match the loaded type 'f32'}}
  %0 = tl.load %a[%i, %i] : !tl.memref<f32x8x8> -> f64
}

// -----

tl.func @f(%a: f32, %i: index) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.load' op operand #0 must be tl.memref or tl.group, but got 'f32'
  // expected-error@+1 {{'tl.load' op operand #0 must be tl.memref or tl.group, but got 'f32'}}
  %0 = tl.load %a[%i] : f32 -> f32
}

// -----

tl.func @f(%a: !tl.group<memref<f32x8>>, %i: index) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.load' op expected exactly one index for a group, got 2
  // expected-error@+1 {{'tl.load' op expected exactly one index for a group, got 2}}
  %0 = tl.load %a[%i, %i] : !tl.group<memref<f32x8>> -> !tl.memref<f32x8>
}

// -----

tl.func @f(%a: !tl.group<memref<f32x8>>, %i: index) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.load' op result type '!tl.memref<f32x4>' does not match the loaded type '!tl.memref<f32x8>'
  // expected-error@+1 {{'tl.load' op result type '!tl.memref<f32x4>' does not match the loaded type '!tl.memref<f32x8>'}}
  %0 = tl.load %a[%i] : !tl.group<memref<f32x8>> -> !tl.memref<f32x4>
}

// -----

tl.func @f(%a: !tl.memref<f32x8>, %i: i32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.load' op operand #1 must be variadic of index, but got 'i32'
  // expected-error@+1 {{'tl.load' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "tl.load"(%a, %i) : (!tl.memref<f32x8>, i32) -> f32
}

// -----

tl.func @f(%a: !tl.memref<f32x8>, %x: f64, %i: index) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.store' op value type 'f64' does not match the element type 'f32'
  // expected-error@+1 {{'tl.store' op value type 'f64' does not match the element type 'f32'}}
  tl.store %x, %a[%i] : f64, !tl.memref<f32x8>
}

// -----

tl.func @f(%a: !tl.memref<f32x8>, %x: f32, %i: index) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.store' op expected 1 index for '!tl.memref<f32x8>', got 2
  // expected-error@+1 {{'tl.store' op expected 1 index for '!tl.memref<f32x8>', got 2}}
  tl.store %x, %a[%i, %i] : f32, !tl.memref<f32x8>
}

// -----

tl.func @f(%a: !tl.memref<f32x8>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.size' op mode 1 is out of range for a memref of order 1
  // expected-error@+1 {{'tl.size' op mode 1 is out of range for a memref of order 1}}
  %0 = tl.size %a[1] : !tl.memref<f32x8>
}

// -----

tl.func @f(%a: !tl.memref<f32x8>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.lifetime_stop' op operand must be the result of a tl.alloca
  // expected-error@+1 {{'tl.lifetime_stop' op operand must be the result of a tl.alloca}}
  tl.lifetime_stop %a : !tl.memref<f32x8>
}

// -----

// == view ops: the result type is the one the spec's rules give ==

tl.func @f(%a: !tl.memref<f32x16>) {
  // The spec's example [5:?] of a 16-mode: 11 elements (see shape-rules.ts), not 13.
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.subview' op result type '!tl.memref<f32x13>' does not match the type of the view, '!tl.memref<f32x11>'
  // expected-error@+1 {{'tl.subview' op result type '!tl.memref<f32x13>' does not match the type of the view, '!tl.memref<f32x11>'}}
  %0 = tl.subview %a[5:?] : !tl.memref<f32x16> -> !tl.memref<f32x13>
}

// -----

tl.func @f(%a: !tl.memref<f32x16x32>, %i: index) {
  // The strides are kept: 1,16 is not the packed layout of a ?x32 memref.
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.subview' op result type '!tl.memref<f32x?x32>' does not match the type of the view, '!tl.memref<f32x?x32,strided<1,16>>'
  // expected-error@+1 {{'tl.subview' op result type '!tl.memref<f32x?x32>' does not match the type of the view, '!tl.memref<f32x?x32,strided<1,16>>'}}
  %0 = tl.subview %a[%i:?, 0:?] : !tl.memref<f32x16x32> -> !tl.memref<f32x?x32>
}

// -----

tl.func @f(%a: !tl.memref<f32x16>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.subview' op slice 12:8 is out of bounds for mode 0 of size 16
  // expected-error@+1 {{'tl.subview' op slice 12:8 is out of bounds for mode 0 of size 16}}
  %0 = tl.subview %a[12:8] : !tl.memref<f32x16> -> !tl.memref<f32x8>
}

// -----

tl.func @f(%a: !tl.memref<f32x16x4>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.subview' op expected 2 indices or slices for a memref of order 2, got 1
  // expected-error@+1 {{'tl.subview' op expected 2 indices or slices for a memref of order 2, got 1}}
  %0 = tl.subview %a[0:4] : !tl.memref<f32x16x4> -> !tl.memref<f32x4>
}

// -----

tl.func @f(%a: !tl.memref<f32x16>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.subview' op expected 'static_offsets' and 'static_sizes' of one length (2 vs 1)
  // expected-error@+1 {{'tl.subview' op expected 'static_offsets' and 'static_sizes' of one length (2 vs 1)}}
  %0 = "tl.subview"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_offsets = array<i64: 5, 1>, static_sizes = array<i64: -1>}> : (!tl.memref<f32x16>) -> !tl.memref<f32x11>
}

// -----

tl.func @f(%a: !tl.memref<f32x16>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.subview' op expected as many 'offsets' operands as value entries (-2) in 'static_offsets' (0 vs 1)
  // expected-error@+1 {{'tl.subview' op expected as many 'offsets' operands as value entries (-2) in 'static_offsets' (0 vs 1)}}
  %0 = "tl.subview"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_offsets = array<i64: -2>, static_sizes = array<i64: -1>}> : (!tl.memref<f32x16>) -> !tl.memref<f32x?>
}

// -----

tl.func @f(%a: !tl.memref<f32x16>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.subview' op slice size must be positive, got -5 (mode 0)
  // expected-error@+1 {{'tl.subview' op slice size must be positive, got -5 (mode 0)}}
  %0 = "tl.subview"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: -5>}> : (!tl.memref<f32x16>) -> !tl.memref<f32x?>
}

// -----

tl.func @f(%a: !tl.memref<f32x?>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:22: error: 9007199254740993 is too large for a static size, stride or offset (at most 2^53-1)
  // expected-error@+1 {{9007199254740993 is too large}}
  %0 = tl.subview %a[9007199254740993:?] : !tl.memref<f32x?> -> !tl.memref<f32x?>
}

// -----

tl.func @f(%a: !tl.memref<f32x16>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.expand' op at most one entry of the expand shape may be dynamic (?)
  // expected-error@+1 {{'tl.expand' op at most one entry of the expand shape may be dynamic (?)}}
  %0 = tl.expand %a[0 -> ?, ?] : !tl.memref<f32x16> -> !tl.memref<f32x?x?>
}

// -----

tl.func @f(%a: !tl.memref<f32x16>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.expand' op result type '!tl.memref<f32x4x4x1>' does not match the type of the view, '!tl.memref<f32x4x4>'
  // expected-error@+1 {{'tl.expand' op result type '!tl.memref<f32x4x4x1>' does not match the type of the view, '!tl.memref<f32x4x4>'}}
  %0 = tl.expand %a[0 -> 4, 4] : !tl.memref<f32x16> -> !tl.memref<f32x4x4x1>
}

// -----

tl.func @f(%a: !tl.memref<f32x16>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.expand' op the known entries of the expand shape (product 3) must evenly divide the mode size (16)
  // expected-error@+1 {{'tl.expand' op the known entries of the expand shape (product 3) must evenly divide the mode size (16)}}
  %0 = tl.expand %a[0 -> 3, ?] : !tl.memref<f32x16> -> !tl.memref<f32x3x5>
}

// -----

tl.func @f(%a: !tl.memref<f32x16>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.expand' op mode 1 is out of range for a memref of order 1
  // expected-error@+1 {{'tl.expand' op mode 1 is out of range for a memref of order 1}}
  %0 = tl.expand %a[1 -> 4, 4] : !tl.memref<f32x16> -> !tl.memref<f32x4x4>
}

// -----

tl.func @f(%a: !tl.memref<f32x16>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.expand' op the expand shape needs at least two entries, got 1
  // expected-error@+1 {{'tl.expand' op the expand shape needs at least two entries, got 1}}
  %0 = tl.expand %a[0 -> 16] : !tl.memref<f32x16> -> !tl.memref<f32x16>
}

// -----

tl.func @f(%a: !tl.memref<f32x8x8>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.fuse' op result type '!tl.memref<f32x8x8>' does not match the type of the view, '!tl.memref<f32x64>'
  // expected-error@+1 {{'tl.fuse' op result type '!tl.memref<f32x8x8>' does not match the type of the view, '!tl.memref<f32x64>'}}
  %0 = tl.fuse %a[0, 1] : !tl.memref<f32x8x8> -> !tl.memref<f32x8x8>
}

// -----

tl.func @f(%a: !tl.memref<f32x8x16,strided<1,10>>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.fuse' op modes 0 to 1 cannot be fused: stride 1 (10) is not stride 0 times size 0 (1*8)
  // expected-error@+1 {{'tl.fuse' op modes 0 to 1 cannot be fused: stride 1 (10) is not stride 0 times size 0 (1*8)}}
  %0 = tl.fuse %a[0, 1] : !tl.memref<f32x8x16,strided<1,10>> -> !tl.memref<f32x128>
}

// -----

tl.func @f(%a: !tl.memref<f32x8x8>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.fuse' op [1,1] is not a range of two or more modes of a memref of order 2 (need 0 <= from < to < 2)
  // expected-error@+1 {{'tl.fuse' op [1,1] is not a range of two or more modes of a memref of order 2 (need 0 <= from < to < 2)}}
  %0 = tl.fuse %a[1, 1] : !tl.memref<f32x8x8> -> !tl.memref<f32x8x8>
}

// -----

// == collectives: shapes (with transposes), element types, spmd regions ==

tl.func @f(%A: !tl.memref<f32x16x8>, %B: !tl.memref<f32x8x4>, %C: !tl.memref<f32x16x4>, %x: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.gemm' op incompatible shapes: op1(A) is 8x16, op2(B) is 8x4, C is 16x4 (need MxK, KxN, MxN)
  // expected-error@+1 {{'tl.gemm' op incompatible shapes: op1(A) is 8x16, op2(B) is 8x4, C is 16x4 (need MxK, KxN, MxN)}}
  tl.gemm t n %x, %A, %B, %x, %C : f32, !tl.memref<f32x16x8>, !tl.memref<f32x8x4>, f32, !tl.memref<f32x16x4>
}

// -----

tl.func @f(%A: !tl.memref<f32x16x8>, %b: !tl.memref<f32x8>, %c: !tl.memref<f32x16>, %x: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.gemv' op incompatible shapes: op1(A) is 8x16, b is 8, c is 16 (need MxK, K, M)
  // expected-error@+1 {{'tl.gemv' op incompatible shapes: op1(A) is 8x16, b is 8, c is 16 (need MxK, K, M)}}
  tl.gemv t %x, %A, %b, %x, %c : f32, !tl.memref<f32x16x8>, !tl.memref<f32x8>, f32, !tl.memref<f32x16>
}

// -----

tl.func @f(%a: !tl.memref<f32x16>, %b: !tl.memref<f32x4>, %C: !tl.memref<f32x4x16>, %x: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.ger' op incompatible shapes: a is 16, b is 4, C is 4x16 (need M, N, MxN)
  // expected-error@+1 {{'tl.ger' op incompatible shapes: a is 16, b is 4, C is 4x16 (need M, N, MxN)}}
  tl.ger %x, %a, %b, %x, %C : f32, !tl.memref<f32x16>, !tl.memref<f32x4>, f32, !tl.memref<f32x4x16>
}

// -----

tl.func @f(%a: !tl.memref<f32x4x4>, %x: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.hadamard_product' op a must have order 1, got '!tl.memref<f32x4x4>'
  // expected-error@+1 {{'tl.hadamard_product' op a must have order 1, got '!tl.memref<f32x4x4>'}}
  tl.hadamard_product %x, %a, %a, %x, %a : f32, !tl.memref<f32x4x4>, !tl.memref<f32x4x4>, f32, !tl.memref<f32x4x4>
}

// -----

tl.func @f(%a: !tl.memref<f32x4>, %x: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.sum' op B must be a scalar memref (order 0) when A is a vector, got '!tl.memref<f32x4>'
  // expected-error@+1 {{'tl.sum' op B must be a scalar memref (order 0) when A is a vector, got '!tl.memref<f32x4>'}}
  tl.sum n %x, %a, %x, %a : f32, !tl.memref<f32x4>, f32, !tl.memref<f32x4>
}

// -----

tl.func @f(%A: !tl.memref<f32x16x8>, %x: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.axpby' op the shapes of op(A) (8x16) and B (16x8) must be identical
  // expected-error@+1 {{'tl.axpby' op the shapes of op(A) (8x16) and B (16x8) must be identical}}
  tl.axpby t %x, %A, %x, %A : f32, !tl.memref<f32x16x8>, f32, !tl.memref<f32x16x8>
}

// -----

tl.func @f(%a: !tl.memref<f32x4>, %x: f64) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.hadamard_product' op alpha ('f64') does not promote to the product type of a and b ('f32')
  // expected-error@+1 {{'tl.hadamard_product' op alpha ('f64') does not promote to the product type of a and b ('f32')}}
  tl.hadamard_product %x, %a, %a, %x, %a : f64, !tl.memref<f32x4>, !tl.memref<f32x4>, f64, !tl.memref<f32x4>
}

// -----

tl.func @f(%A: !tl.memref<f64x4x4>, %C: !tl.memref<f32x4x4>, %x: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.gemm' op the product type of A and B ('f64') does not promote to the element type of C ('f32')
  // expected-error@+1 {{'tl.gemm' op the product type of A and B ('f64') does not promote to the element type of C ('f32')}}
  tl.gemm n n %x, %A, %A, %x, %C : f32, !tl.memref<f64x4x4>, !tl.memref<f64x4x4>, f32, !tl.memref<f32x4x4>
}

// -----

tl.func @f(%a: !tl.memref<f32x4>, %x: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.axpby' op operand #2 must be tensor-language scalar (i1, i8, i16, i32, i64, index, f32 or f64), but got '!tl.memref<f32x4>'
  // expected-error@+1 {{'tl.axpby' op operand #2 must be tensor-language scalar (i1, i8, i16, i32, i64, index, f32 or f64), but got '!tl.memref<f32x4>'}}
  tl.axpby n %x, %a, %a, %a : f32, !tl.memref<f32x4>, !tl.memref<f32x4>, !tl.memref<f32x4>
}

// -----

tl.func @f(%a: !tl.memref<f32x4>, %x: f32, %n: index) {
  tl.foreach %i = %n to %n : index {
    tl.for %j = %n to %n : index {
      // CHECK: ops-invalid.mlir:[[@LINE+2]]:7: error: 'tl.axpby' op is a collective instruction, which is not allowed in an spmd region (inside foreach)
      // expected-error@+1 {{'tl.axpby' op is a collective instruction, which is not allowed in an spmd region (inside foreach)}}
      tl.axpby t atomic %x, %a, %x, %a : f32, !tl.memref<f32x4>, f32, !tl.memref<f32x4>
    }
  }
}

// -----

tl.func @f(%n: index) {
  tl.foreach %i = %n to %n : index {
    // CHECK: ops-invalid.mlir:[[@LINE+2]]:10: error: 'tl.alloca' op is a collective instruction, which is not allowed in an spmd region (inside foreach)
    // expected-error@+1 {{'tl.alloca' op is a collective instruction, which is not allowed in an spmd region (inside foreach)}}
    %0 = tl.alloca : !tl.memref<f32x4>
  }
}

// -----

tl.func @f(%n: index) {
  tl.foreach %i = %n to %n : index {
    %c = tl.cmp lt %i, %n : index
    tl.if %c {
      // CHECK: ops-invalid.mlir:[[@LINE+2]]:7: error: 'tl.barrier' op is a collective instruction, which is not allowed in an spmd region (inside foreach)
      // expected-error@+1 {{'tl.barrier' op is a collective instruction, which is not allowed in an spmd region (inside foreach)}}
      tl.barrier
    }
  }
}

// -----

// == control flow ==

tl.func @f(%c: i1) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.yield' op expects parent op to be one of 'tl.if, tl.for'
  // expected-error@+1 {{'tl.yield' op expects parent op to be one of 'tl.if, tl.for'}}
  tl.yield
}

// -----

tl.func @f(%n: index) {
  tl.foreach %i = %n to %n : index {
    // CHECK: ops-invalid.mlir:[[@LINE+2]]:5: error: 'tl.yield' op expects parent op to be one of 'tl.if, tl.for'
    // expected-error@+1 {{'tl.yield' op expects parent op to be one of 'tl.if, tl.for'}}
    tl.yield
  }
}

// -----

tl.func @f(%c: i1, %x: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.if' op needs an else region, since it returns values
  // expected-error@+1 {{'tl.if' op needs an else region, since it returns values}}
  %0 = tl.if %c -> (f32) {
    tl.yield %x : f32
  }
}

// -----

tl.func @f(%c: i1, %x: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.if' op the else region must end with a yield of 1 value
  // expected-error@+1 {{'tl.if' op the else region must end with a yield of 1 value}}
  %0 = tl.if %c -> (f32) {
    tl.yield %x : f32
  } else {
    tl.barrier
  }
}

// -----

tl.func @f(%c: i1, %x: f32) {
  %0 = tl.if %c -> (i32) {
    // CHECK: ops-invalid.mlir:[[@LINE+2]]:5: error: 'tl.yield' op yield types ('f32') do not match the if's result types ('i32')
    // expected-error@+1 {{'tl.yield' op yield types ('f32') do not match the if's result types ('i32')}}
    tl.yield %x : f32
  } else {
    // Not reported: the verifier stops at the first error of a function, as MLIR's does.
    tl.yield %x : f32
  }
}

// -----

tl.func @f(%c: i1, %x: f32) {
  tl.if %c {
    // CHECK: ops-invalid.mlir:[[@LINE+2]]:5: error: 'tl.yield' op yield types ('f32') do not match the if's result types ()
    // expected-error@+1 {{'tl.yield' op yield types ('f32') do not match the if's result types ()}}
    tl.yield %x : f32
  }
}

// -----

tl.func @f(%c: i1) {
  tl.if %c {
    // CHECK: ops-invalid.mlir:[[@LINE+2]]:5: error: 'tl.yield' op must be the last operation in the parent block
    // expected-error@+1 {{'tl.yield' op must be the last operation in the parent block}}
    tl.yield
    tl.barrier
  }
}

// -----

tl.func @f(%c: i1, %x: !tl.memref<f32>) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:8: error: 'tl.if' op result #0 must be variadic of tensor-language scalar (i1, i8, i16, i32, i64, index, f32 or f64), but got '!tl.memref<f32>'
  // expected-error@+1 {{'tl.if' op result #0 must be variadic of tensor-language scalar (i1, i8, i16, i32, i64, index, f32 or f64), but got '!tl.memref<f32>'}}
  %0 = tl.if %c -> (!tl.memref<f32>) {
    tl.yield %x : !tl.memref<f32>
  } else {
    tl.yield %x : !tl.memref<f32>
  }
}

// -----

tl.func @f(%x: i32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.if' op operand #0 must be 1-bit signless integer, but got 'i32'
  // expected-error@+1 {{'tl.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "tl.if"(%x) ({
  }, {
  }) : (i32) -> ()
}

// -----

tl.func @f(%n: index, %x: f32) {
  tl.for %i = %n to %n {
    // CHECK: ops-invalid.mlir:[[@LINE+2]]:5: error: 'tl.yield' op yield types ('f32') do not match the for's result types ()
    // expected-error@+1 {{'tl.yield' op yield types ('f32') do not match the for's result types ()}}
    tl.yield %x : f32
  }
}

// -----

tl.func @f(%x: f32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.for' op loop variable must have an integer type (i8, i16, i32, i64 or index), got 'f32'
  // expected-error@+1 {{'tl.for' op loop variable must have an integer type (i8, i16, i32, i64 or index), got 'f32'}}
  tl.for %i = %x to %x : f32 {
  }
}

// -----

tl.func @f(%x: i1) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.foreach' op loop variable must have an integer type (i8, i16, i32, i64 or index), got 'i1'
  // expected-error@+1 {{'tl.foreach' op loop variable must have an integer type (i8, i16, i32, i64 or index), got 'i1'}}
  tl.foreach %i = %x to %x : i1 {
  }
}

// -----

tl.func @f(%x: index) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.for' op expects its body to take one argument, the loop variable, of type 'index'
  // expected-error@+1 {{'tl.for' op expects its body to take one argument, the loop variable, of type 'index'}}
  "tl.for"(%x, %x) ({
  ^bb0(%i: i32):
  }) : (index, index) -> ()
}

// -----

tl.func @f(%x: index, %y: i32) {
  // CHECK: ops-invalid.mlir:[[@LINE+2]]:3: error: 'tl.for' op failed to verify that all of {from, to, step} have same type
  // expected-error@+1 {{'tl.for' op failed to verify that all of {from, to, step} have same type}}
  "tl.for"(%x, %y) ({
  ^bb0(%i: index):
  }) : (index, i32) -> ()
}

// -----

tl.func @f(%n: index, %c: i1) {
  tl.foreach %i = %n to %n : index {
    tl.if %c {
      // CHECK: ops-invalid.mlir:[[@LINE+2]]:7: error: 'tl.foreach' op spmd regions must not be nested (foreach inside foreach)
      // expected-error@+1 {{'tl.foreach' op spmd regions must not be nested (foreach inside foreach)}}
      tl.foreach %j = %n to %n : index {
      }
    }
  }
}
