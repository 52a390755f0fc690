// Operations with several results: `%name:N =` binds N results, `%name#i` uses result i; several groups can
// be bound at once (`%a, %b:2 = `). The printer names all results of an op with one `%N:count`.
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect %s | tl-opt --allow-unregistered-dialect - | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s

// CHECK:      %0 = "t.def"() : () -> i32
// CHECK-NEXT: %1:2 = "t.multi"() : () -> (i32, f32)
// CHECK-NEXT: "t.use"(%1#1, %1#0, %0) : (f32, i32, i32) -> ()
// CHECK-NEXT: %2:4 = "t.groups"() : () -> (i1, i8, i16, i32)
// CHECK-NEXT: "t.use"(%2#2, %2#3, %2#0, %2#1) : (i16, i32, i1, i8) -> ()
// CHECK-NEXT: %3 = "t.one"() : () -> index
// CHECK-NEXT: "t.use"(%3, %3) : (index, index) -> ()
// CHECK-NEXT: "t.none"() : () -> ()
%a = "t.def"() : () -> i32
%m:2 = "t.multi"() : () -> (i32, f32)
"t.use"(%m#1, %m#0, %a) : (f32, i32, i32) -> ()
%p, %q:2, %r = "t.groups"() : () -> (i1, i8, i16, i32)
"t.use"(%q#1, %r, %p, %q#0) : (i16, i32, i1, i8) -> ()
// `%x:1` and `%x#0` are the same as `%x`.
%one:1 = "t.one"() : () -> index
"t.use"(%one#0, %one) : (index, index) -> ()
"t.none"() : () -> ()
