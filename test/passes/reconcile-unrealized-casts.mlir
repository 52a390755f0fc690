// reconcile-unrealized-casts: chains of casts back to the original types fold away, unused casts are
// erased, casts still needed stay (as mlir-opt 22 does).
// RUN: tl-opt --allow-unregistered-dialect --reconcile-unrealized-casts %s | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --reconcile-unrealized-casts %s | FileCheck %s

// CHECK-LABEL: "test.func"
// CHECK-NEXT:  ^bb0(%[[A:.*]]: i32):
// CHECK-NEXT:    %[[F:.*]] = builtin.unrealized_conversion_cast %[[A]] : i32 to f32
// CHECK-NEXT:    %[[I:.*]] = builtin.unrealized_conversion_cast %[[F]] : f32 to i16
// CHECK-NEXT:    "test.use"(%[[I]]) : (i16) -> ()
// CHECK-NEXT:    %[[P:.*]]:2 = builtin.unrealized_conversion_cast %[[A]] : i32 to i16, i16
// CHECK-NEXT:    "test.use"(%[[P]]#1) : (i16) -> ()
// CHECK-NEXT:    "test.return"(%[[A]], %[[A]]) : (i32, i32) -> ()
"test.func"() ({
^bb0(%a: i32):
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  %1 = builtin.unrealized_conversion_cast %0 : i64 to i32
  %2 = builtin.unrealized_conversion_cast %a : i32 to f32
  %3 = builtin.unrealized_conversion_cast %2 : f32 to i16
  %4 = builtin.unrealized_conversion_cast %a : i32 to f64
  "test.use"(%3) : (i16) -> ()
  %5 = builtin.unrealized_conversion_cast %a : i32 to f16
  %6 = builtin.unrealized_conversion_cast %5 : f16 to bf16
  %7 = builtin.unrealized_conversion_cast %6 : bf16 to i32
  %8:2 = builtin.unrealized_conversion_cast %a : i32 to i16, i16
  "test.use"(%8#1) : (i16) -> ()
  "test.return"(%1, %7) : (i32, i32) -> ()
}) : () -> ()
