// Builtin types: each one round-trips through tl-opt and prints as mlir-opt-22 prints it, in custom and
// generic form; tl-opt's output parses back to the same text.
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s | tl-opt --allow-unregistered-dialect - | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s

// Signless integers of any width up to 2^24 - 1, i0 included.
// CHECK:      %0:8 = "t.signless"() : () -> (i1, i2, i7, i8, i16, i32, i64, i128)
// CHECK-NEXT: %1:3 = "t.wide"() : () -> (i0, i1024, i16777215)
"t.signless"() : () -> (i1, i2, i7, i8, i16, i32, i64, i128)
"t.wide"() : () -> (i0, i1024, i16777215)

// Signed and unsigned integers.
// CHECK-NEXT: %2:7 = "t.signed"() : () -> (si1, si8, si16, si32, si64, si0, si128)
// CHECK-NEXT: %3:7 = "t.unsigned"() : () -> (ui1, ui8, ui16, ui32, ui64, ui0, ui128)
"t.signed"() : () -> (si1, si8, si16, si32, si64, si0, si128)
"t.unsigned"() : () -> (ui1, ui8, ui16, ui32, ui64, ui0, ui128)

// CHECK-NEXT: %4 = "t.index"() : () -> index
"t.index"() : () -> index

// Floats.
// CHECK-NEXT: %5:5 = "t.floats"() : () -> (f16, bf16, f32, f64, tf32)
"t.floats"() : () -> (f16, bf16, f32, f64, tf32)

// CHECK-NEXT: %6 = "t.none"() : () -> none
"t.none"() : () -> none

// Function types: no results, one result (no parentheses), several, function-typed inputs and results.
// CHECK-NEXT: %7 = "t.fn"() : () -> (() -> ())
// CHECK-NEXT: %8 = "t.fn"() : () -> ((i32) -> i32)
// CHECK-NEXT: %9 = "t.fn"() : () -> ((i32, f32) -> (i64, f64))
// CHECK-NEXT: %10 = "t.fn"() : () -> (() -> (() -> ()))
// CHECK-NEXT: %11 = "t.fn"() : () -> (((i32) -> i1) -> ((i1) -> i32))
// CHECK-NEXT: %12 = "t.fn"() : () -> ((() -> i1, index) -> ((i32) -> (), none))
// CHECK-NEXT: "t.fn_attr"() {f = (i32) -> (), g = () -> (i32, i32), h = (tuple<>) -> ((i32) -> ())} : () -> ()
"t.fn"() : () -> (() -> ())
"t.fn"() : () -> ((i32) -> i32)
"t.fn"() : () -> ((i32, f32) -> (i64, f64))
"t.fn"() : () -> (() -> (() -> ()))
"t.fn"() : () -> (((i32) -> i1) -> ((i1) -> i32))
"t.fn"() : () -> ((() -> i1, index) -> ((i32) -> (), none))
"t.fn_attr"() {f = (i32) -> (), g = () -> (i32, i32), h = (tuple<>) -> ((i32) -> ())} : () -> ()

// Ranked memrefs: static, dynamic (?), zero and 0-d shapes.
// CHECK-NEXT: %13:6 = "t.memref"() : () -> (memref<f32>, memref<4xf32>, memref<4x?x8xi32>, memref<?x?xindex>, memref<0xf32>, memref<2x0x3xi8>)
// CHECK-NEXT: %14:4 = "t.memref_elements"() : () -> (memref<2xcomplex<f32>>, memref<2xvector<4xf16>>, memref<2xmemref<4xi8>>, memref<2xi1>)
"t.memref"() : () -> (memref<f32>, memref<4xf32>, memref<4x?x8xi32>, memref<?x?xindex>, memref<0xf32>, memref<2x0x3xi8>)
"t.memref_elements"() : () -> (memref<2xcomplex<f32>>, memref<2xvector<4xf16>>, memref<2xmemref<4xi8>>, memref<2xi1>)

// Strided layouts with static and dynamic strides and offsets; offset 0 is not printed, a zero stride is valid.
// CHECK-NEXT: %15:3 = "t.strided"() : () -> (memref<4x4xf32, strided<[4, 1]>>, memref<4x4xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[2], offset: 8>>)
// CHECK-NEXT: %16:4 = "t.strided"() : () -> (memref<?x?xf32, strided<[?, ?]>>, memref<f32, strided<[], offset: 3>>, memref<4xf32, strided<[0]>>, memref<4xf32, strided<[1], offset: -1>>)
"t.strided"() : () -> (memref<4x4xf32, strided<[4, 1]>>, memref<4x4xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[2], offset: 8>>)
"t.strided"() : () -> (memref<?x?xf32, strided<[?, ?], offset: 0>>, memref<f32, strided<[], offset: 3>>, memref<4xf32, strided<[0]>>, memref<4xf32, strided<[1], offset: -1>>)

// Memory spaces: integers (0 is the default and is dropped), strings, dictionaries, after a layout.
// CHECK-NEXT: %17:5 = "t.memory_space"() : () -> (memref<4xf32, 1>, memref<4xf32>, memref<4xf32, 1 : i32>, memref<4xf32>, memref<4xf32, "shared">)
// CHECK-NEXT: %18:2 = "t.memory_space"() : () -> (memref<4xf32, {gpu = 1 : i64}>, memref<4xf32, strided<[1], offset: 2>, 3>)
"t.memory_space"() : () -> (memref<4xf32, 1>, memref<4xf32, 0>, memref<4xf32, 1 : i32>, memref<4xf32, 0 : i32>, memref<4xf32, "shared">)
"t.memory_space"() : () -> (memref<4xf32, {gpu = 1 : i64}>, memref<4xf32, strided<[1], offset: 2>, 3>)

// Unranked memrefs, with and without a memory space.
// CHECK-NEXT: %19:3 = "t.unranked_memref"() : () -> (memref<*xf32>, memref<*xi8, 2>, memref<*xf32>)
"t.unranked_memref"() : () -> (memref<*xf32>, memref<*xi8, 2>, memref<*xf32, 0>)

// Vectors: fixed, scalable dimensions ([4]), 0-d.
// CHECK-NEXT: %20:5 = "t.vector"() : () -> (vector<4xf32>, vector<2x3xi8>, vector<f32>, vector<4xindex>, vector<1xi1>)
// CHECK-NEXT: %21:4 = "t.scalable"() : () -> (vector<[4]xf32>, vector<2x[4]xi32>, vector<[2]x[2]xf16>, vector<[1]x3xbf16>)
"t.vector"() : () -> (vector<4xf32>, vector<2x3xi8>, vector<f32>, vector<4xindex>, vector<1xi1>)
"t.scalable"() : () -> (vector<[4]xf32>, vector<2x[4]xi32>, vector<[2]x[2]xf16>, vector<[1]x3xbf16>)

// Tensors: ranked (with dynamic sizes and an encoding), unranked, of complex and dialect types.
// CHECK-NEXT: %22:5 = "t.tensor"() : () -> (tensor<f32>, tensor<4xf32>, tensor<?x4xi32>, tensor<0x?xindex>, tensor<*xf64>)
// CHECK-NEXT: %23:5 = "t.tensor"() : () -> (tensor<4xf32, "enc">, tensor<4xf32, 1 : i64>, tensor<2x2xcomplex<f32>>, tensor<4x!t.elem>, tensor<2xvector<4xf32>>)
"t.tensor"() : () -> (tensor<f32>, tensor<4xf32>, tensor<?x4xi32>, tensor<0x?xindex>, tensor<*xf64>)
"t.tensor"() : () -> (tensor<4xf32, "enc">, tensor<4xf32, 1>, tensor<2x2xcomplex<f32>>, tensor<4x!t.elem>, tensor<2xvector<4xf32>>)

// Tuples, empty and nested.
// CHECK-NEXT: %24:4 = "t.tuple"() : () -> (tuple<>, tuple<i32>, tuple<i32, f32>, tuple<tuple<i1>, memref<2xf32>, tuple<>>)
"t.tuple"() : () -> (tuple<>, tuple<i32>, tuple<i32, f32>, tuple<tuple<i1>, memref<2xf32>, tuple<>>)

// Complex numbers of floats and integers.
// CHECK-NEXT: %25:5 = "t.complex"() : () -> (complex<f32>, complex<f64>, complex<i32>, complex<bf16>, complex<si8>)
"t.complex"() : () -> (complex<f32>, complex<f64>, complex<i32>, complex<bf16>, complex<si8>)

// Types of unregistered dialects: bare, pretty form with a balanced body kept verbatim, opaque form.
// CHECK-NEXT: %26:3 = "t.dialect"() : () -> (!t.simple, !t.param<42>, !t.nested<"s", <1, [2, 3]>, (i32) -> ()>)
// CHECK-NEXT: %27:4 = "t.dialect"() : () -> (!t<"opaque body">, !t.sym<@x>, !t.arrow<() -> ()>, !t.with_string<"a>b">)
"t.dialect"() : () -> (!t.simple, !t.param<42>, !t.nested<"s", <1, [2, 3]>, (i32) -> ()>)
"t.dialect"() : () -> (!t<"opaque body">, !t.sym<@x>, !t.arrow<() -> ()>, !t.with_string<"a>b">)
