// Loop-invariant code motion: ops of a loop body (LoopLike ops) without memory effects that may be speculated
// and use only values defined outside the loop move before it, inner loops first, chains of them too. Reads,
// ops that may trap and ops using loop values stay.
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs --allow-unregistered-dialect --loop-invariant-code-motion %s | FileCheck %s

// CHECK-LABEL: sym_name = "f"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %[[N:.*]]: index):
// CHECK-NEXT:    %[[A:.*]] = "test.addi"(%[[X]], %[[Y]]) : (i32, i32) -> i32
// CHECK-NEXT:    %[[B:.*]] = "test.muli"(%[[A]], %[[A]]) : (i32, i32) -> i32
// CHECK-NEXT:    %[[C:.*]] = "test.neg"(%[[B]]) : (i32) -> i32
// CHECK-NEXT:    "test.for"(%[[N]], %[[N]], %[[N]]) ({
// CHECK-NEXT:    ^bb0(%[[I:.*]]: index):
// CHECK-NEXT:      %[[D:.*]] = "test.divi"(%[[X]], %[[Y]]) : (i32, i32) -> i32
// CHECK-NEXT:      %[[L:.*]] = "test.load"(%[[X]]) : (i32) -> i32
// CHECK-NEXT:      %[[V:.*]] = "test.addi"(%[[L]], %[[X]]) : (i32, i32) -> i32
// CHECK-NEXT:      %[[W:.*]] = "test.neg"(%[[I]]) : (index) -> index
// CHECK-NEXT:      "test.for"(%[[N]], %[[N]], %[[N]]) ({
// CHECK-NEXT:      ^bb0(%[[J:.*]]: index):
// CHECK-NEXT:        "test.use"(%[[V]], %[[C]], %[[D]], %[[W]], %[[J]]) : (i32, i32, i32, index, index) -> ()
"test.func"() <{sym_name = "f"}> ({
^bb0(%x: i32, %y: i32, %n: index):
  "test.for"(%n, %n, %n) ({
  ^bb0(%i: index):
    %a = "test.addi"(%x, %y) : (i32, i32) -> i32
    %d = "test.divi"(%x, %y) : (i32, i32) -> i32
    %l = "test.load"(%x) : (i32) -> i32
    %v = "test.addi"(%l, %x) : (i32, i32) -> i32
    "test.for"(%n, %n, %n) ({
    ^bb0(%j: index):
      %b = "test.muli"(%a, %a) : (i32, i32) -> i32
      %c = "test.neg"(%b) : (i32) -> i32
      %w = "test.neg"(%i) : (index) -> index
      "test.use"(%v, %c, %d, %w, %j) : (i32, i32, i32, index, index) -> ()
      "test.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "test.yield"() : () -> ()
  }) : (index, index, index) -> ()
  "test.return"() : () -> ()
}) : () -> ()
