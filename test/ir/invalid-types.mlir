// Invalid builtin types: messages and locations as mlir-opt 22 reports them.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:18: error: integer bitwidth is limited to 16777215 bits
// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"t.op"() : () -> i16777216

// -----

// A width past 32 bits is no width: a different message.
// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:23: error: invalid integer width
// expected-error@+1 {{invalid integer width}}
"t.op"() : () -> (i8, i4294967296)

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:18: error: integer bitwidth is limited to 16777215 bits
// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"t.op"() : () -> ui4294967295

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:17: error: expected non-function type
// expected-error@+1 {{expected non-function type}}
"t.op"() : () -> f8

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 3]]:17: error: expected non-function type
// A missing type at the end of a line is reported right after the last token.
// expected-error@+1 {{expected non-function type}}
"t.op"() : () ->

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:17: error: expected '->' in function type
// expected-error@+1 {{expected '->' in function type}}
"t.op"() : (i32) i32

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:16: error: expected ')'
// expected-error@+1 {{expected ')'}}
"t.op"() : (i32 -> ()

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:24: error: expected '<' in memref type
// expected-error@+1 {{expected '<' in memref type}}
"t.op"() : () -> memref 4xf32>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:26: error: expected 'x' in dimension list
// expected-error@+1 {{expected 'x' in dimension list}}
"t.op"() : () -> memref<4 4xf32>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:25: error: invalid dimension
// expected-error@+1 {{invalid dimension}}
"t.op"() : () -> memref<99999999999999999999xf32>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:30: error: expected ',' or '>' in memref type
// expected-error@+1 {{expected ',' or '>' in memref type}}
"t.op"() : () -> memref<4xf32

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:27: error: invalid memref element type
// expected-error@+1 {{invalid memref element type}}
"t.op"() : () -> memref<4xnone>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:27: error: invalid memref element type
// expected-error@+1 {{invalid memref element type}}
"t.op"() : () -> memref<4xtensor<4xf32>>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 3]]:27: error: invalid memref element type
// Types of unregistered dialects cannot be memref elements (they could not say how to be stored).
// expected-error@+1 {{invalid memref element type}}
"t.op"() : () -> memref<4x!t.elem>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:18: error: unsupported memory space Attribute
// expected-error@+1 {{unsupported memory space Attribute}}
"t.op"() : () -> memref<4xf32, [1]>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:18: error: unsupported memory space Attribute
// expected-error@+1 {{unsupported memory space Attribute}}
"t.op"() : () -> memref<*xf32, unit>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:36: error: multiple memory spaces specified in memref type
// expected-error@+1 {{multiple memory spaces specified in memref type}}
"t.op"() : () -> memref<4xf32, 1, 2>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:47: error: expected memory space to be last in memref type
// expected-error@+1 {{expected memory space to be last in memref type}}
"t.op"() : () -> memref<4xf32, 1, strided<[1]>>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:44: error: cannot have affine map for unranked memref type
// expected-error@+1 {{cannot have affine map for unranked memref type}}
"t.op"() : () -> memref<*xf32, strided<[1]>>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:18: error: expected the number of strides to match the rank
// expected-error@+1 {{expected the number of strides to match the rank}}
"t.op"() : () -> memref<4x4xf32, strided<[1]>>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:27: error: invalid tensor element type
// expected-error@+1 {{invalid tensor element type}}
"t.op"() : () -> tensor<4xmemref<4xf32>>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:27: error: invalid tensor element type
// expected-error@+1 {{invalid tensor element type}}
"t.op"() : () -> tensor<4x(i32) -> ()>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:33: error: expected '>' in tensor type
// expected-error@+1 {{expected '>' in tensor type}}
"t.op"() : () -> tensor<4xf32, 1, 2>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 3]]:35: error: cannot apply encoding to unranked tensor
// Reported at the token after the type (here `loc`), as MLIR does.
// expected-error@+1 {{cannot apply encoding to unranked tensor}}
"t.op"() : () -> tensor<*xf32, 1> loc(unknown)

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:18: error: vector types must have positive constant sizes but got 2, 0
// expected-error@+1 {{vector types must have positive constant sizes but got 2, 0}}
"t.op"() : () -> vector<2x0xf32>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 3]]:25: error: expected non-function type
// A dynamic size ends the shape of a vector: `?` is then not a type.
// expected-error@+1 {{expected non-function type}}
"t.op"() : () -> vector<?xf32>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:18: error: failed to verify 'elementType': VectorElementTypeInterface instance
// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"t.op"() : () -> vector<4xtensor<f32>>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:26: error: invalid dimension
// expected-error@+1 {{invalid dimension}}
"t.op"() : () -> vector<[?]xf32>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:27: error: missing ']' closing scalable dimension
// expected-error@+1 {{missing ']' closing scalable dimension}}
"t.op"() : () -> vector<[4xf32>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:30: error: expected '>' in vector type
// expected-error@+1 {{expected '>' in vector type}}
"t.op"() : () -> vector<4xf32

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:27: error: expected '>' in tuple type
// expected-error@+1 {{expected '>' in tuple type}}
"t.op"() : () -> tuple<i32

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:26: error: invalid element type for complex
// expected-error@+1 {{invalid element type for complex}}
"t.op"() : () -> complex<index>

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:29: error: expected '>' in complex type
// expected-error@+1 {{expected '>' in complex type}}
"t.op"() : () -> complex<f32

// -----

// An element type is checked once its tensor or complex type is closed: the missing '>' comes first (here after
// a function type, which parseType reads whole).
// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:38: error: expected '>' in tensor type
// expected-error@+1 {{expected '>' in tensor type}}
"t.op"() : () -> tensor<4x(i32) -> ()

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:31: error: expected '>' in complex type
// expected-error@+1 {{expected '>' in complex type}}
"t.op"() : () -> complex<index

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:28: error: undefined symbol alias id 'undefined'
// expected-error@+1 {{undefined symbol alias id 'undefined'}}
"t.op"() : () -> !undefined

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:1: error: type names with a '.' are reserved for dialect-defined names
// expected-error@+1 {{type names with a '.' are reserved for dialect-defined names}}
!t.alias = i32

// -----

// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 3]]:1: error: redefinition of type alias id 'a'
!a = i32
// expected-error@+1 {{redefinition of type alias id 'a'}}
!a = i64

// -----

// A redefinition is reported at the name, before what follows it is looked at.
// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 3]]:1: error: redefinition of type alias id 'a'
!a = i32
// expected-error@+1 {{redefinition of type alias id 'a'}}
!a i64

// -----

// A tensor's encoding is optional after the comma: what is not an attribute is where the '>' should be.
// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:32: error: expected '>' in tensor type
// expected-error@+1 {{expected '>' in tensor type}}
"t.op"() : () -> (tensor<4xf32, x1>)

// -----

// After the element type's comma, the layout or memory space may not be left out.
// CHECK: {{.*}}invalid-types.mlir:[[# @LINE + 2]]:31: error: expected list element
// expected-error@+1 {{expected list element}}
"t.op"() : () -> memref<4xf32, >
