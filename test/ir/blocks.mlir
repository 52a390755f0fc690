// Blocks: labels, arguments, successors (with the operands of the branch in its operand list), forward
// references to blocks and to values defined in a later block that dominates the use, predecessor comments,
// and renumbering of blocks (^bbN) and values (%argN for entry block arguments, %N otherwise).
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect %s | tl-opt --allow-unregistered-dialect - | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s

// CHECK:      "t.func"() ({
// CHECK-NEXT: ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT:   "t.br"(%arg0)[^bb2] : (i32) -> ()
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb2
// CHECK-NEXT:   "t.use"(%0, %2) : (i32, i64) -> ()
// CHECK-NEXT:   "t.br"()[^bb3] : () -> ()
// CHECK-NEXT: ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   %2 = "t.def"() : () -> i64
// CHECK-NEXT:   "t.cond_br"(%1, %1)[^bb1, ^bb3, ^bb2] : (i32, i32) -> ()
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:   "t.return"() : () -> ()
// CHECK-NEXT: ^bb4:  // pred: ^bb4
// CHECK-NEXT:   "t.br"()[^bb4] : () -> ()
// CHECK-NEXT: ^bb5:  // no predecessors
// CHECK-NEXT:   "t.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
"t.func"() ({
^entry(%arg: i32, %f: f32):
  "t.br"(%arg)[^loop] : (i32) -> ()
^use_before_def(%x: i32):
  // %later is defined in ^loop, the only predecessor of this block: it dominates the use.
  "t.use"(%x, %later) : (i32, i64) -> ()
  "t.br"()[^exit] : () -> ()
^loop(%y: i32):
  %later = "t.def"() : () -> i64
  "t.cond_br"(%y, %y)[^use_before_def, ^exit, ^loop] : (i32, i32) -> ()
^exit:
  "t.return"() : () -> ()
^self_loop:
  "t.br"()[^self_loop] : () -> ()
^dead:
  "t.return"() : () -> ()
}) : () -> ()

// An entry block without a label; a block label that is a number.
// CHECK:      "t.func"() ({
// CHECK-NEXT:   "t.br"()[^bb1] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "t.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
"t.func"() ({
  "t.br"()[^42] : () -> ()
^42:
  "t.return"() : () -> ()
}) : () -> ()

// Block names are local to their region: sibling regions may reuse them.
// CHECK:      "t.two"() ({
// CHECK-NEXT:   "t.br"()[^bb1] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "t.return"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT:   "t.br"()[^bb1] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   "t.return"() : () -> ()
// CHECK-NEXT: }) : () -> ()
"t.two"() ({
  "t.br"()[^next] : () -> ()
^next:
  "t.return"() : () -> ()
}, {
  "t.br"()[^next] : () -> ()
^next:
  "t.return"() : () -> ()
}) : () -> ()
