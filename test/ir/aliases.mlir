// Type and attribute aliases defined at the top of a file (`!name = type`, `#name = attribute`) may be used
// wherever a type or attribute can appear, including inside other aliases; the printer writes what they
// stand for (builtin types and attributes get no aliases back, as in mlir-opt).
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s

!ty = i32
!vec = vector<4x!ty>
!fn = (!ty) -> !vec
!dialect = !t.type<"x">
#int = 42 : i64
#arr = [#int, "x", #int]
#dict = {b = #arr, a = !ty}
#dialect_attr = #t.attr<1>
#sym = @a::@b

// CHECK:      %0:2 = "t.op"() {a = 42 : i64, b = [42, "x", 42], c = vector<4xi32>, d = {a = i32, b = [42, "x", 42]}} : () -> (i32, vector<4xi32>)
// CHECK-NEXT: %1 = "t.op2"() {f = (i32) -> vector<4xi32>, g = #t.attr<1>, s = @a::@b} : () -> tensor<2x!t.type<"x">>
"t.op"() {a = #int, b = #arr, c = !vec, d = #dict} : () -> (!ty, !vec)
"t.op2"() {f = !fn, g = #dialect_attr, s = #sym} : () -> tensor<2x!dialect>
