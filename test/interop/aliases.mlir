// Attribute and type aliases written by hand (#name = ..., !name = ...), used in types, attributes,
// other aliases and function signatures; mlir-opt resolves them and prints the values in place, so tl-opt
// must too. Also a type mlir-opt itself gives an alias (!tuple: a tuple of more than 16 types). It is used
// where tl-opt sees it as mlir-opt does: block arguments, operand and result types, discardable attributes.
// (In the properties of func.func, which mlir-opt knows and tl-opt does not yet register, mlir-opt would
// print !tuple and tl-opt the tuple itself: aliases inside the properties of unregistered ops are not used.)
// Then aliases within aliases: a !tuple inside a !tuple, locations inside fused-location metadata, a location
// used both by an op (deferrable) and a block argument (not deferrable).
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

!f32vec = vector<4xf32>
!buffer = memref<?x!f32vec, 1>
!pair = tuple<!f32vec, i32>
!my_t = !my.type<"x">
!big = tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>
#one = 1 : i32
#list = [#one, 2, "three"]
#dict = {key = #list, other = #one}
#strided = strided<[?, 1], offset: ?>
#space = "shared"
#dense = dense<[1.0, 2.0]> : tensor<2xf32>
#alias_of_alias = #dict

func.func @uses(%a: !f32vec, %b: !buffer, %c: !pair, %d: memref<4x4xf32, #strided>, %e: memref<4xi8, #space>) -> !f32vec attributes {info = #alias_of_alias} {
  %0 = arith.addf %a, %a : !f32vec
  "test.op"() {x = #one, y = #list, z = #dense, t = !my_t} : () -> ()
  return %0 : !f32vec
}

"my.big_tuple"() ({
^bb0(%t: !big, %n: tuple<!big, i32>):
  %0 = "my.op"(%t) {type = (!big) -> i1, list = [!big]} : (!big) -> !big
}) : () -> ()

"t.a"() {l = [loc("x.c":1:1), loc(fused<{inner = loc("y.c":2:2)}>["z.c":3:3, "x.c":1:1])]} : () -> () loc(fused<{inner = loc("y.c":2:2)}>["z.c":3:3, "x.c":1:1])
"t.b"() <{p = loc("p.c":1:1)}> {q = loc("p.c":1:1)} : () -> () loc("n"(callsite("a" at fused["b":1:1, "c"])))
%0 = "t.c"() : () -> tuple<tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>, i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16>
"t.d"() ({
^bb0(%a: tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17> loc("arg":1:1)):
  "t.e"() : () -> () loc("arg":1:1)
}) {t = tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i18>, u = [tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i18>]} : () -> () loc(unknown)
