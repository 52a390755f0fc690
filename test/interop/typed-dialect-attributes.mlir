// An attribute of an unregistered dialect may be followed by a type (`#foo.bar<"x"> : i32`): both tools keep the
// type with the attribute and print it back, in dictionaries and arrays, custom and generic forms.
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: tl-opt --allow-unregistered-dialect %s | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %t.ref | diff %t.ref -
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %t.ref.generic -
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK: "t.attrs"() {plain = #t.tag, scalar = #t.tag<"x"> : i32, shaped = #t<"opaque body"> : tensor<2xi8>, within = [#t.tag : i8, #t.tag, #t.tag : f16]}
"t.attrs"() {scalar = #t.tag<"x"> : i32, shaped = #t<"opaque body"> : tensor<2xi8>, plain = #t.tag, within = [#t.tag : i8, #t.tag, #t.tag : f16]} : () -> ()
// The same text with and without a type: two attributes.
// CHECK: "t.attrs"() {a = #t.tag<"x">, b = #t.tag<"x"> : i64}
"t.attrs"() {a = #t.tag<"x">, b = #t.tag<"x"> : i64} : () -> ()
