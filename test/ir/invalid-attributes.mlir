// Invalid builtin attributes: messages and locations as mlir-opt 22 reports them.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mlir-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:15: error: integer constant out of range for attribute
// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 256 : i8} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 3]]:16: error: integer constant out of range for attribute
// A negative zero has no sign bit: it does not fit a signed or signless type.
// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = -0 : i8} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:15: error: integer constant out of range for attribute
// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 128 : si8} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:15: error: integer constant out of range for attribute
// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 9223372036854775808 : index} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:16: error: negative integer literal not valid for unsigned integer type
// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"t.op"() {a = -1 : ui8} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:15: error: integer literal not valid for specified type
// expected-error@+1 {{integer literal not valid for specified type}}
"t.op"() {a = 1 : tensor<i32>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:24: error: floating point value not valid for specified type
// expected-error@+1 {{floating point value not valid for specified type}}
"t.op"() {a = 1.5 : i32} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 3]]:15: error: unexpected decimal integer literal for a floating point value
// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:15: note: add a trailing dot to make the literal a float
// expected-error@+1 {{unexpected decimal integer literal for a floating point value}}
"t.op"() {a = 5 : f32} : () -> () // expected-note {{add a trailing dot to make the literal a float}}

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:16: error: hexadecimal float literal should not have a leading minus
// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"t.op"() {a = -0x3F800000 : f32} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:15: error: hexadecimal float constant out of range for type
// expected-error@+1 {{hexadecimal float constant out of range for type}}
"t.op"() {a = 0x1FFFF : f16} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:16: error: expected constant integer or floating point value
// expected-error@+1 {{expected constant integer or floating point value}}
"t.op"() {a = - x} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:14: error: expected attribute value
// expected-error@+1 {{expected attribute value}}
"t.op"() {a = } : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 3]]:19: error: expected '}' in attribute dictionary
// `true` and `false` take no type.
// expected-error@+1 {{expected '}' in attribute dictionary}}
"t.op"() {a = true : i1} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:11: error: expected attribute name
// expected-error@+1 {{expected attribute name}}
"t.op"() {= 1} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:20: error: expected attribute name
// expected-error@+1 {{expected attribute name}}
module attributes {

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:30: error: expected '>' to close an array attribute
// expected-error@+1 {{expected '>' to close an array attribute}}
"t.op"() {a = array<i32: 1, 2} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:26: error: expected integer literal
// expected-error@+1 {{expected integer literal}}
"t.op"() {a = array<i32: 1.5>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:26: error: expected floating point literal
// expected-error@+1 {{expected floating point literal}}
"t.op"() {a = array<f32: x>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 3]]:26: error: unexpected decimal integer literal for a floating point value
// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:26: note: add a trailing dot to make the literal a float
// expected-error@+1 {{unexpected decimal integer literal for a floating point value}}
"t.op"() {a = array<f32: 1>} : () -> () // expected-note {{add a trailing dot to make the literal a float}}

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:28: error: integer constant out of range
// expected-error@+1 {{integer constant out of range}}
"t.op"() {a = array<i8: 300>} : () -> ()

// -----

// Dense arrays store whole bytes: an element type of another width (but i1) is refused, at the type.
// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:21: error: element type bitwidth must be a multiple of 8
// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
"t.op"() {a = array<i3: 1, 2>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:21: error: element type bitwidth must be a multiple of 8
// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
"t.op"() {a = array<tf32: 1.0>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:21: error: element type bitwidth must be a multiple of 8
// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
"t.op"() {a = array<f4E2M1FN>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:26: error: expected i1 type for 'true' or 'false' values
// expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
"t.op"() {a = array<i32: true>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:15: error: inferred shape of elements literal ([3]) does not match type ([2])
// expected-error@+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
"t.op"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:15: error: parsed zero elements, but type ('tensor<2xi32>') expected at least 1
// expected-error@+1 {{parsed zero elements, but type ('tensor<2xi32>') expected at least 1}}
"t.op"() {a = dense<> : tensor<2xi32>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:15: error: elements literal type must have static shape
// expected-error@+1 {{elements literal type must have static shape}}
"t.op"() {a = dense<1> : tensor<?xi32>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:21: error: expected integer elements, but parsed floating-point
// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"t.op"() {a = dense<1.5> : tensor<2xi32>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:21: error: expected i1 type for 'true' or 'false' values
// expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
"t.op"() {a = dense<true> : tensor<2xi32>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:21: error: expected floating point literal
// expected-error@+1 {{expected floating point literal}}
"t.op"() {a = dense<true> : tensor<2xf32>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 3]]:27: error: unexpected decimal integer literal for a floating point value
// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:27: note: add a trailing dot to make the literal a float
// expected-error@+1 {{unexpected decimal integer literal for a floating point value}}
"t.op"() {a = dense<[1.5, 2]> : tensor<2xf32>} : () -> () // expected-note {{add a trailing dot to make the literal a float}}

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:21: error: integer constant out of range for type
// expected-error@+1 {{integer constant out of range for type}}
"t.op"() {a = dense<300> : tensor<2xi8>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:22: error: expected unsigned integer elements, but parsed negative value
// expected-error@+1 {{expected unsigned integer elements, but parsed negative value}}
"t.op"() {a = dense<-1> : tensor<2xui8>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:22: error: hexadecimal float literal should not have a leading minus
// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"t.op"() {a = dense<-0x1> : tensor<f32>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:21: error: expected string containing hex digits starting with `0x`
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"t.op"() {a = dense<"nothex"> : tensor<3xi8>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:15: error: elements hex data size is invalid for provided type: 'tensor<3xi8>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<3xi8>'}}
"t.op"() {a = dense<"0x0102"> : tensor<3xi8>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:21: error: expected element literal of primitive type
// expected-error@+1 {{expected element literal of primitive type}}
"t.op"() {a = dense<x> : tensor<3xi8>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:27: error: expected 'offset' after comma
// expected-error@+1 {{expected 'offset' after comma}}
"t.op"() {a = strided<[1], foo: 1>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:25: error: undefined symbol alias id 'undefined'
// expected-error@+1 {{undefined symbol alias id 'undefined'}}
"t.op"() {a = #undefined} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:1: error: attribute names with a '.' are reserved for dialect-defined names
// expected-error@+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#t.alias = 1

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 3]]:1: error: redefinition of attribute alias id 'a'
#a = 1
// expected-error@+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// -----

// A redefinition is reported at the name, before what follows it is looked at.
// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 3]]:1: error: redefinition of attribute alias id 'a'
#a = 1
// expected-error@+1 {{redefinition of attribute alias id 'a'}}
#a, 5

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:20: error: expected ',' or ']'
// expected-error@+1 {{expected ',' or ']'}}
"t.op"() {a = [1, 2} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:18: error: duplicate key 'a' in dictionary attribute
// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"t.op"() {a = 1, a = 2} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:11: error: expected valid attribute name
// expected-error@+1 {{expected valid attribute name}}
"t.op"() {"" = 1} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:19: error: expected nested symbol reference identifier
// expected-error@+1 {{expected nested symbol reference identifier}}
"t.op"() {a = @a::b} : () -> ()

// -----

// The colons need not touch: `: :` is a nested reference's, and an identifier must follow.
// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:21: error: expected nested symbol reference identifier
// expected-error@+1 {{expected nested symbol reference identifier}}
"t.op"() {a = @a: : b} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:21: error: expected integer or float type, got: 'tensor<i8>'
// expected-error@+1 {{expected integer or float type, got: 'tensor<i8>'}}
"t.op"() {a = array<tensor<i8>: 1>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:27: error: expected a 64-bit signed integer or '?'
// expected-error@+1 {{expected a 64-bit signed integer or '?'}}
"t.op"() {a = strided<[1, x]>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:36: error: expected a 64-bit signed integer or '?'
// expected-error@+1 {{expected a 64-bit signed integer or '?'}}
"t.op"() {a = strided<[1], offset: 99999999999999999999>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:28: error: expected ':'
// expected-error@+1 {{expected ':'}}
"t.op"() {a = dense<[1, 2]>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:37: error: expected ':' after 'offset'
// expected-error@+1 {{expected ':' after 'offset'}}
"t.op"() {a = strided<[4, 1], offset 0>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:30: error: expected ','
// expected-error@+1 {{expected ','}}
"t.op"() {a = strided<[16, ?]offset: ?>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:26: error: expected ',' between complex elements
// expected-error@+1 {{expected ',' between complex elements}}
"t.op"() {a = dense<[(1.0 2.0)]> : tensor<1xcomplex<f32>>} : () -> ()

// -----

// The parts of a complex element are numbers, not lists.
// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:28: error: expected element literal of primitive type
// expected-error@+1 {{expected element literal of primitive type}}
"t.op"() {a = dense<[(1.0, [2.0])]> : tensor<1xcomplex<f32>>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:29: error: expected integer or floating point literal
// expected-error@+1 {{expected integer or floating point literal}}
"t.op"() {a = dense<[true, -false]> : tensor<2xi1>} : () -> ()

// -----

// An element whose shape differs from the first is reported as soon as it is read, where the parser then is
// (before the syntax error that follows it here).
// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:33: error: tensor literal is invalid; ranks are not consistent between elements
// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"t.op"() {a = dense<[[1, 2], [3], [}> : tensor<2x2xi32>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:20: error: expected '<' after 'dense'
// expected-error@+1 {{expected '<' after 'dense'}}
"t.op"() {a = dense 5 : tensor<f32>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:27: error: expected '>'
// expected-error@+1 {{expected '>'}}
"t.op"() {a = dense<[1, 2]: tensor<2xi32>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:20: error: expected '<' after 'array'
// expected-error@+1 {{expected '<' after 'array'}}
"t.op"() {a = array 5} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:24: error: expected ':' after dense array type
// expected-error@+1 {{expected ':' after dense array type}}
"t.op"() {a = array<i32 5>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:22: error: expected '<' after 'strided'
// expected-error@+1 {{expected '<' after 'strided'}}
"t.op"() {a = strided 5} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:18: error: expected '(' in inline location
// expected-error@+1 {{expected '(' in inline location}}
"t.op"() {a = loc 5} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:26: error: expected ')' in inline location
// expected-error@+1 {{expected ')' in inline location}}
"t.op"() {a = loc(unknown} : () -> ()

// -----

// The type of a dense literal must be shaped, with a static shape: reported at the literal.
// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:15: error: elements literal must be a shaped type
// expected-error@+1 {{elements literal must be a shaped type}}
"t.op"() {a = dense<2> : i32} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:15: error: elements literal type must have static shape
// expected-error@+1 {{elements literal type must have static shape}}
"t.op"() {a = dense<2> : tensor<*xi32>} : () -> ()

// -----

// A loaded dialect's `#dialect<mnemonic ...>` form starts with a keyword.
// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:19: error: expected valid keyword
// expected-error@+1 {{expected valid keyword}}
"t.a"() {f = #gpu<-> up>} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:21: error: expected valid keyword
// expected-error@+1 {{expected valid keyword}}
"t.a"() {f = #arith<"fastmath">} : () -> ()

// -----

// CHECK: {{.*}}invalid-attributes.mlir:[[# @LINE + 2]]:11: error: expected valid keyword
// expected-error@+1 {{expected valid keyword}}
!t = !gpu<-x>
