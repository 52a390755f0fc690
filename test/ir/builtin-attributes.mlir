// Builtin attributes: each one round-trips through tl-opt and prints as mlir-opt-22 prints it, in custom and
// generic form; tl-opt's output parses back to the same text.
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect %s | tl-opt --allow-unregistered-dialect - | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s

// Integers: i64 by default; booleans are i1 (true, false; 1 and -1 : i1 are true).
// CHECK:      "t.int"() {a = 1 : i64, b = -1 : i64, c = 0 : i32, d = 42 : index, e = -7 : index} : () -> ()
// CHECK-NEXT: "t.bool"() {a = true, b = false, c = false, d = true, e = true} : () -> ()
"t.int"() {a = 1, b = -1, c = 0 : i32, d = 42 : index, e = -7 : index} : () -> ()
"t.bool"() {a = true, b = false, c = 0 : i1, d = 1 : i1, e = -1 : i1} : () -> ()

// A signless literal may use the signed or the unsigned range; it prints signed. Signed and unsigned
// types keep their own range. Hexadecimal literals are bit patterns.
// CHECK-NEXT: "t.wrap"() {a = -1 : i8, b = -128 : i8, c = -1 : i8, d = -1 : i64, e = -9223372036854775808 : i64} : () -> ()
// CHECK-NEXT: "t.signed"() {a = 127 : si8, b = -128 : si8, c = -1 : si1, d = 127 : si8, e = -128 : si8} : () -> ()
// CHECK-NEXT: "t.unsigned"() {a = 255 : ui8, b = 0 : ui8, c = 1 : ui1, d = 18446744073709551615 : ui64} : () -> ()
// CHECK-NEXT: "t.wide"() {a = -1 : i128, b = 1 : i1024, c = 0 : i0, d = 0 : si0, e = 0 : ui0} : () -> ()
// CHECK-NEXT: "t.index"() {a = 9223372036854775807 : index, b = -9223372036854775808 : index, c = 12 : i32} : () -> ()
"t.wrap"() {a = 255 : i8, b = -128 : i8, c = 0xFF : i8, d = 18446744073709551615 : i64, e = -9223372036854775808 : i64} : () -> ()
"t.signed"() {a = 127 : si8, b = -128 : si8, c = -1 : si1, d = 0x7F : si8, e = -0x80 : si8} : () -> ()
"t.unsigned"() {a = 255 : ui8, b = 0 : ui8, c = 1 : ui1, d = 0xFFFFFFFFFFFFFFFF : ui64} : () -> ()
"t.wide"() {a = 340282366920938463463374607431768211455 : i128, b = 1 : i1024, c = 0 : i0, d = 0 : si0, e = 0 : ui0} : () -> ()
"t.index"() {a = 9223372036854775807 : index, b = -9223372036854775808 : index, c = 00012 : i32} : () -> ()

// Floats: f64 by default. As APFloat prints them: six digits in exponent form when that reads back exactly,
// else the shortest exact decimal form if it has a '.', else the bit pattern in hex (also for NaN and
// infinities); hexadecimal literals are bit patterns (-0.0, subnormals, NaN payloads).
// CHECK-NEXT: "t.float"() {a = 1.000000e+00 : f64, b = -0.000000e+00 : f64, c = 0.000000e+00 : f32, d = 1.000000e-01 : f32, e = 1.000000e-01 : f64, f = 1.000000e+10 : f64, g = 1.000000e-10 : f32, h = 0x419D6F3454000000 : f64} : () -> ()
// CHECK-NEXT: "t.float"() {a = 1.000000e+00 : f32, b = 1.000000e+05 : f32, c = 1.500000e+03 : f32, d = 4.940660e-324 : f64, e = 2.2250738585072014E-308 : f64, f = 1.000000e+16 : f64} : () -> ()
// CHECK-NEXT: "t.float_hex"() {a = 0x7FC00000 : f32, b = 0x7F800000 : f32, c = 0xFF800000 : f32, d = -0.000000e+00 : f32, e = 1.401300e-45 : f32, f = 0x7FF8000000000000 : f64, g = 0xFFF8000000000001 : f64, h = 0x7FC00001 : f32} : () -> ()
// CHECK-NEXT: "t.f16"() {a = 1.500000e+00 : f16, b = 9.997550e-02 : f16, c = 6.550400e+04 : f16, d = 5.960460e-08 : f16, e = 0x7E00 : f16, f = 0x7C00 : f16, g = 0xFC00 : f16, h = 5.960460e-08 : f16, i = -0.000000e+00 : f16} : () -> ()
// CHECK-NEXT: "t.bf16"() {a = 3.140630e+00 : bf16, b = 1.000980e-01 : bf16, c = 1.000000e+00 : bf16, d = 0x7F80 : bf16, e = 0x7FC1 : bf16, f = 3.339840e-01 : bf16} : () -> ()
// CHECK-NEXT: "t.tf32"() {a = 2.500000e+00 : tf32, b = 1.099610e+00 : tf32, c = 1.701410e+38 : tf32, d = 0x7FFFF : tf32} : () -> ()
// CHECK-NEXT: "t.overflow"() {a = 0x7F800000 : f32, b = 0x7FF0000000000000 : f64, c = 0x7C00 : f16} : () -> ()
"t.float"() {a = 1.0, b = -0.0, c = 0.0 : f32, d = 0.1 : f32, e = 0.1, f = 1.0e10 : f64, g = 1.0e-10 : f32, h = 123456789.0 : f64} : () -> ()
"t.float"() {a = 1. : f32, b = 1.e5 : f32, c = 1.5E+3 : f32, d = 4.9e-324 : f64, e = 2.2250738585072014e-308 : f64, f = 1.0e16 : f64} : () -> ()
"t.float_hex"() {a = 0x7FC00000 : f32, b = 0x7F800000 : f32, c = 0xFF800000 : f32, d = 0x80000000 : f32, e = 0x00000001 : f32, f = 0x7FF8000000000000 : f64, g = 0xFFF8000000000001 : f64, h = 0x7FC00001 : f32} : () -> ()
"t.f16"() {a = 1.5 : f16, b = 0.1 : f16, c = 65504.0 : f16, d = 6.0e-8 : f16, e = 0x7E00 : f16, f = 0x7C00 : f16, g = 0xFC00 : f16, h = 0x0001 : f16, i = 0x8000 : f16} : () -> ()
"t.bf16"() {a = 3.14159 : bf16, b = 0.1 : bf16, c = 0x3F80 : bf16, d = 0x7F80 : bf16, e = 0x7FC1 : bf16, f = 0.333333333 : bf16} : () -> ()
"t.tf32"() {a = 2.5 : tf32, b = 1.1 : tf32, c = 0x3F800 : tf32, d = 0x7FFFF : tf32} : () -> ()
"t.overflow"() {a = 1.0e39 : f32, b = 1.0e309 : f64, c = 65520.0 : f16} : () -> ()

// Strings: escapes for quotes, backslashes and non-printable bytes; UTF-8 kept; typed strings.
// CHECK-NEXT: "t.str"() {a = "", b = "hello", c = "quote\22d", d = "back\\slash", e = "tab\09here", f = "nl\0Ax"} : () -> ()
// CHECK-NEXT: "t.str"() {a = "\00\01\7F", b = "AB", c = "bell\07 del\7F", d = "\E2\82\AC and \F0\9F\98\80", e = "typed" : i32, f = "ctrl: \1F\1B"} : () -> ()
"t.str"() {a = "", b = "hello", c = "quote\"d", d = "back\\slash", e = "tab\there", f = "nl\nx"} : () -> ()
"t.str"() {a = "\00\01\7F", b = "\41\42", c = "bell\07 del\7f", d = "€ and 😀", e = "typed" : i32, f = "ctrl: \1F\1b"} : () -> ()

// Arrays (elements keep their types; integers and floats of the default types print without them).
// CHECK-NEXT: "t.array"() {a = [], b = [1, 2], c = {{\[\[}}1], ["x", 2.000000e+00 : f32]], d = [i32, unit, @sym], e = [1 : i32, 2.500000e+00]} : () -> ()
"t.array"() {a = [], b = [1, 2], c = [[1], ["x", 2.0 : f32]], d = [i32, unit, @sym], e = [1 : i32, 2.5]} : () -> ()

// Dictionaries: keys are sorted (by code point), quoted when not identifiers; a key alone is a unit attribute.
// CHECK-NEXT: "t.dict"() {"0num" = 4 : i64, B = 5 : i64, _u = 6 : i64, a = 2 : i64, a.b = 7 : i64, e = {}, flag, m = {b = 2 : i64, y = 1 : i64}, "quoted key" = 3 : i64, z = 1 : i64} : () -> ()
"t.dict"() {z = 1, a = 2, m = {y = 1, b = 2}, e = {}, "quoted key" = 3, "0num" = 4, flag, B = 5, _u = 6, a.b = 7} : () -> ()

// Type attributes and unit.
// CHECK-NEXT: "t.type"() {a = i32, b = memref<4xf32>, c = (i32) -> (), d = !t.x, e = none, f = tuple<>, g = index} : () -> ()
// CHECK-NEXT: "t.unit"() {a, b} : () -> ()
"t.type"() {a = i32, b = memref<4xf32>, c = (i32) -> (), d = !t.x, e = none, f = tuple<>, g = index} : () -> ()
"t.unit"() {a = unit, b} : () -> ()

// Symbol references: flat, nested, quoted when not identifiers.
// CHECK-NEXT: "t.sym"() {a = @s, b = @s::@t, c = @s::@t::@u, d = @"quoted sym", e = @"with space"::@"x y", f = @a.b, g = @"0x", h = @_x$1} : () -> ()
"t.sym"() {a = @s, b = @s::@t, c = @s::@t::@u, d = @"quoted sym", e = @"with space"::@"x y", f = @a.b, g = @"0x", h = @_x$1} : () -> ()

// The two colons of a nested reference are two tokens: space may come between them and around them.
// CHECK-NEXT: "t.sym"() {a = @s::@t, b = @s::@t::@u} : () -> ()
"t.sym"() {a = @s : : @t, b = @s ::@t:: @u} : () -> ()

// Dense arrays of integers, booleans and floats.
// CHECK-NEXT: "t.dense_array"() {a = array<i32>, b = array<i32: 1, 2, -3>, c = array<i1: true, false>, d = array<f32: 1.000000e+00, -2.500000e+00>, e = array<f64: 1.000000e-01>} : () -> ()
// CHECK-NEXT: "t.dense_array"() {a = array<i8: 127, -128>, b = array<i64: 9223372036854775807>, c = array<i16: 1>, d = array<f16: 1.500000e+00>, e = array<bf16: 2.000000e+00>, f = array<ui8: 255>, g = array<f32: 1.000000e+00>} : () -> ()
"t.dense_array"() {a = array<i32>, b = array<i32: 1, 2, -3>, c = array<i1: true, false>, d = array<f32: 1.0, -2.5>, e = array<f64: 0.1>} : () -> ()
"t.dense_array"() {a = array<i8: 127, -128>, b = array<i64: 9223372036854775807>, c = array<i16: 1>, d = array<f16: 1.5>, e = array<bf16: 2.0>, f = array<ui8: -1>, g = array<f32: 0x3F800000>} : () -> ()

// Dense elements: splats, nested lists, booleans, index elements, empty shapes, hexadecimal data.
// CHECK-NEXT: "t.dense"() {a = dense<1> : tensor<4xi32>, b = dense<[1, 2, 3]> : tensor<3xi32>, c = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>, d = dense<5> : tensor<i32>} : () -> ()
// CHECK-NEXT: "t.dense"() {a = dense<true> : tensor<2xi1>, b = dense<[true, false]> : vector<2xi1>, c = dense<-1> : tensor<2x3xi64>, d = dense<2.500000e+00> : vector<4xf16>, e = dense<[1, 2]> : tensor<2xindex>} : () -> ()
// CHECK-NEXT: "t.dense"() {a = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi8>, b = dense<1> : tensor<2xi32>, c = dense<0x7FC00000> : tensor<2xf32>, d = dense<[-1, 1]> : tensor<2xsi8>, e = dense<[1, 255]> : tensor<2xui8>} : () -> ()
// CHECK-NEXT: "t.dense_empty"() {a = dense<> : tensor<0xi32>, b = dense<> : tensor<0xf32>, c = dense<> : tensor<1x0xi32>, d = dense<> : tensor<2x0xf32>} : () -> ()
// CHECK-NEXT: "t.dense_hex"() {a = dense<[1, 2, 3, 4]> : tensor<4xi8>, b = dense<1.000000e+00> : tensor<f32>, c = dense<[1, 2]> : tensor<2xi32>, d = dense<1> : tensor<4xi8>, e = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>} : () -> ()
"t.dense"() {a = dense<1> : tensor<4xi32>, b = dense<[1, 2, 3]> : tensor<3xi32>, c = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>, d = dense<5> : tensor<i32>} : () -> ()
"t.dense"() {a = dense<true> : tensor<2xi1>, b = dense<[true, false]> : vector<2xi1>, c = dense<-1> : tensor<2x3xi64>, d = dense<2.5> : vector<4xf16>, e = dense<[1, 2]> : tensor<2xindex>} : () -> ()
"t.dense"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>, b = dense<[1, 1]> : tensor<2xi32>, c = dense<0x7FC00000> : tensor<2xf32>, d = dense<[-1, 1]> : tensor<2xsi8>, e = dense<[1, 255]> : tensor<2xui8>} : () -> ()
"t.dense_empty"() {a = dense<> : tensor<0xi32>, b = dense<[]> : tensor<0xf32>, c = dense<[[]]> : tensor<1x0xi32>, d = dense<> : tensor<2x0xf32>} : () -> ()
"t.dense_hex"() {a = dense<"0x01020304"> : tensor<4xi8>, b = dense<"0x0000803F"> : tensor<f32>, c = dense<"0x0100000002000000"> : tensor<2xi32>, d = dense<"0x01"> : tensor<4xi8>, e = dense<"0x0000803F0000004000004040"> : tensor<3xf32>} : () -> ()

// Strided layouts.
// CHECK-NEXT: "t.strided"() {a = strided<[1]>, b = strided<[?, 1], offset: ?>, c = strided<[], offset: 5>, d = strided<[4, 1]>, e = strided<[0, -2]>} : () -> ()
"t.strided"() {a = strided<[1]>, b = strided<[?, 1], offset: ?>, c = strided<[], offset: 5>, d = strided<[4, 1], offset: 0>, e = strided<[0, -2]>} : () -> ()

// Attributes of unregistered dialects: bare, pretty (body kept verbatim), opaque form.
// CHECK-NEXT: "t.opaque"() {a = #t.attr, b = #t.attr<1, "x">, c = #t<"opaque">, d = #t.nested<[1, {a = 2}]>, e = #t.arrow<(i32) -> ()>} : () -> ()
"t.opaque"() {a = #t.attr, b = #t.attr<1, "x">, c = #t<"opaque">, d = #t.nested<[1, {a = 2}]>, e = #t.arrow<(i32) -> ()>} : () -> ()
