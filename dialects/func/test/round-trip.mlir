// func dialect: custom and generic forms round-trip, and print exactly as mlir-opt 22 prints them.
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tlir
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: diff %t.ref %t.tlir
// RUN: tl-opt --allow-unregistered-dialect %t.tlir | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.tlir.generic
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// RUN: diff %t.ref.generic %t.tlir.generic
// RUN: tl-opt --allow-unregistered-dialect %t.tlir.generic | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.tlir.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: diff %t.ref.loc %t.tlir.loc

// CHECK-LABEL: func.func private @decl(i32, f32) -> i32
func.func private @decl(i32, f32) -> i32
// CHECK: func.func private @no_args()
func.func private @no_args()
// CHECK: func.func nested @nested(i8)
func.func nested @nested(i8)
// CHECK: func.func private @multi(index) -> (i1, i64)
func.func private @multi(index) -> (i1, i64)
// CHECK: func.func private @attrs(i32 {t.a}, !t.ptr {t.b = 1 : i64}) -> (i32 {t.c})
func.func private @attrs(i32 {t.a}, !t.ptr {t.b = 1}) -> (i32 {t.c})
// CHECK: func.func private @fn_result() -> ((i32) -> ())
func.func private @fn_result() -> ((i32) -> ())
// CHECK: func.func private @with_fn_attrs() attributes {no_inline, t.level = 3 : i32}
func.func private @with_fn_attrs() attributes {t.level = 3 : i32, no_inline}

// CHECK-LABEL: func.func @empty() {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @empty() {
  return
}

// CHECK-LABEL: func.func public @explicit_public
func.func public @explicit_public() {
  return
}

// CHECK-LABEL: func.func @identity(%arg0: i32) -> i32
// CHECK-NEXT:    return %arg0 : i32
func.func @identity(%x: i32) -> i32 {
  return %x : i32
}

// CHECK-LABEL: func.func @arg_attrs(%arg0: i32 {t.name = "a", t.nonneg}, %arg1: f32) -> (i32 {t.result = 0 : i32}, f32)
func.func @arg_attrs(%a: i32 {t.nonneg, t.name = "a"}, %b: f32) -> (i32 {t.result = 0 : i32}, f32) {
  return %a, %b : i32, f32
}

// CHECK-LABEL: func.func @calls(
// CHECK:         call @no_args() : () -> ()
// CHECK:         %0 = call @decl(%arg0, %arg1) : (i32, f32) -> i32
// CHECK:         %1:2 = call @multi(%arg2) : (index) -> (i1, i64)
// CHECK:         %2 = call @decl(%0, %arg1) {t.hint} : (i32, f32) -> i32
// CHECK:         %3 = call @decl(%2, %arg1) {arg_attrs = [{t.x}, {}], no_inline, res_attrs = [{}]} : (i32, f32) -> i32
// CHECK:         return %3, %1#0 : i32, i1
func.func @calls(%x: i32, %y: f32, %i: index) -> (i32, i1) {
  func.call @no_args() : () -> ()
  %r = func.call @decl(%x, %y) : (i32, f32) -> i32
  %m:2 = call @multi(%i) : (index) -> (i1, i64)
  %t = func.call @decl(%r, %y) {t.hint} : (i32, f32) -> i32
  %n = call @decl(%t, %y) {no_inline, arg_attrs = [{t.x}, {}], res_attrs = [{}]} : (i32, f32) -> i32
  return %n, %m#0 : i32, i1
}

// Constants are named %f (then %f_0, ...) in custom form.
// CHECK-LABEL: func.func @indirect(
// CHECK-NEXT:    %f = constant @decl : (i32, f32) -> i32
// CHECK-NEXT:    %f_0 = constant @no_args : () -> ()
// CHECK-NEXT:    %0 = call_indirect %f(%arg0, %arg1) : (i32, f32) -> i32
// CHECK-NEXT:    call_indirect %f_0() : () -> ()
// CHECK-NEXT:    %f_1 = constant {t.attr} @decl : (i32, f32) -> i32
func.func @indirect(%x: i32, %y: f32) -> i32 {
  %f = func.constant @decl : (i32, f32) -> i32
  %g = constant @no_args : () -> ()
  %r = func.call_indirect %f(%x, %y) : (i32, f32) -> i32
  call_indirect %g() : () -> ()
  %h = constant {t.attr} @decl : (i32, f32) -> i32
  return %r : i32
}

// CHECK-LABEL: func.func @function_types(%arg0: (i32) -> (), %arg1: () -> (i1, (f32) -> f32)) -> ((i32) -> ())
func.func @function_types(%a: (i32) -> (), %b: () -> (i1, (f32) -> f32)) -> ((i32) -> ()) {
  return %a : (i32) -> ()
}

// CHECK-LABEL: func.func @blocks(%arg0: i1) -> i32 {
// CHECK:       ^bb1:  // pred: ^bb0
func.func @blocks(%c: i1) -> i32 {
  "t.br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %a = "t.a"() : () -> i32
  return %a : i32
^bb2:
  %b = "t.b"() : () -> i32
  return {t.note} %b : i32
}

// CHECK-LABEL: module @inner attributes {t.inner}
// CHECK:         func.func @in_module() -> i64
module @inner attributes {t.inner} {
  func.func @in_module() -> i64 {
    %r = call @helper() : () -> i64
    return %r : i64
  }
  func.func private @helper() -> i64
}

// Function bodies see an isolated name scope: %x and %0 are fresh in each function.
// CHECK-LABEL: func.func @uses_names
func.func @uses_names(%x: i32) {
  %0 = "t.a"(%x) : (i32) -> i32
  return
}
