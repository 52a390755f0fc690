// Builtin attributes as discardable attributes and properties: integers and floats with types, booleans,
// strings with escapes and non-ASCII bytes, unit, arrays (nested, empty, with elided i64/f64 types), dictionaries
// (nested, quoted keys), flat and nested symbol references, type attributes, dense arrays of each element
// type, dense elements of ints/floats/strings, strided layouts, opaque dialect attributes, and a location
// used as an attribute value.
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref -o %t.tl
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t.tl -o %t.back
// RUN: diff %t.ref %t.back
// RUN: diff %t.ref %t.tl
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.ref.loc -o %t.tl.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.tl.loc -o %t.back.loc
// RUN: diff %t.ref.loc %t.back.loc
// RUN: diff %t.ref.loc %t.tl.loc

"test.scalars"() {
  i = 42, i8 = -3 : i8, ui = 7 : ui32, si = -7 : si16, idx = 3 : index, big = 12345678901234567890 : i128,
  b1 = true, b0 = false, f = 2.5, f32 = 2.5 : f32, h = 0.1 : f16, neg = -1.0e-10, nan = 0x7FF8000000000000,
  hexf = 0x3F800000 : f32, zero = 0.0 : bf16, u = unit, flag
} : () -> ()

"test.strings"() {
  plain = "hello", empty = "", esc = "quote \" backslash \\ newline \n tab \t",
  hex = "\00\01\7F\FF", utf8 = "héllo → ∀", typed = "abc" : i32, "quoted key" = 1 : i32,
  "weird-key.with$chars" = "x", _underscore = "y", "0digit" = "z"
} : () -> ()

"test.arrays"() {
  empty = [], ints = [1, 2, 3], typed = [1 : i32, 2 : i8], floats = [1.0, 2.5 : f32, -0.0],
  nested = [[1, [2]], [], "s", unit], mixed = [i32, @sym, {a = 1}, true]
} : () -> ()

"test.dicts"() {
  empty = {}, nested = {inner = {deep = 1 : i32}, list = [{x}]}, keys = {"a b" = 1, b = 2}
} : () -> ()

"test.symbols"() {
  flat = @func, quoted = @"with space", nested = @outer::@inner, deep = @a::@b::@c, qnested = @"x y"::@"z"
} : () -> ()

"test.types"() {
  t = i32, f = (i32) -> f32, v = vector<4xf32>, m = memref<?xf32, strided<[?], offset: ?>>,
  c = complex<f64>, n = none, tup = tuple<i1, index>, o = !my.opaque<"x">
} : () -> ()

"test.dense_arrays"() {
  b = array<i1: true, false>, i8 = array<i8: -1, 2>, i16 = array<i16: 300>, i32 = array<i32: 1, 2, 3>,
  i64 = array<i64: -9223372036854775808, 9223372036854775807>, f32 = array<f32: 1.0, -2.5, 0.1>,
  f64 = array<f64: 1.0e100, 0.1>, e = array<i32>, ef = array<f64>
} : () -> ()

"test.dense_elements"() {
  s = dense<1> : tensor<4xi32>, l = dense<[1, -2]> : tensor<2xi64>, f = dense<[[0.5], [1.5]]> : tensor<2x1xf32>,
  str = dense<"hello"> : tensor<2x!my.string>, strs = dense<["a", "bc"]> : tensor<2x!my.string>,
  b = dense<false> : vector<2xi1>, u = dense<[1, 255]> : tensor<2xui8>, si = dense<[-1, 1]> : tensor<2xsi8>,
  idx = dense<[1, 2]> : vector<2xindex>, scal = dense<3.0> : tensor<f32>
} : () -> ()

"test.layouts"() {
  s1 = strided<[1]>, s2 = strided<[?, 1], offset: ?>, s3 = strided<[4, 1], offset: 8>, s4 = strided<[]>
} : () -> ()

"test.opaque"() {
  simple = #my.attr, params = #my.attr<1, "two", [3]>, angle = #my<"free form \"text\"">,
  enum = #arith.overflow<nsw, nuw>, fm = #arith.fastmath<nnan, ninf>
} : () -> ()

"test.properties"() <{prop = 1 : i32, list = [1, 2], name = "n", d = {x = 1}}> {discardable = unit} : () -> ()

"test.locations_as_attrs"() {l = loc("attr.c":1:2), u = loc(unknown)} : () -> ()
