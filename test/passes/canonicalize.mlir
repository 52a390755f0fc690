// The canonicalizer: folding, constants uniqued and hoisted, dead ops erased, op definitions' patterns,
// unreachable blocks removed; its options. The ops are those of the test dialect (test/lib/test-dialect.mjs).
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs --allow-unregistered-dialect --canonicalize --split-input-file %s | FileCheck %s

// Constants fold, and the folded constant is materialized by the dialect; x * 1 folds to x; the addition of a
// constant moves the constant last (commutative ops).
// CHECK-LABEL: sym_name = "fold"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32):
// CHECK-NEXT:    %[[C5:.*]] = "test.constant"() <{value = 5 : i32}> : () -> i32
// CHECK-NEXT:    %[[A:.*]] = "test.addi"(%[[Y]], %[[C5]]) : (i32, i32) -> i32
// CHECK-NEXT:    "test.return"(%[[X]], %[[A]]) : (i32, i32) -> ()
"test.func"() <{sym_name = "fold"}> ({
^bb0(%x: i32, %y: i32):
  %c1 = "test.constant"() <{value = 1 : i32}> : () -> i32
  %c2 = "test.constant"() <{value = 2 : i32}> : () -> i32
  %c3 = "test.constant"() <{value = 3 : i32}> : () -> i32
  %s = "test.addi"(%c2, %c3) : (i32, i32) -> i32
  %m = "test.muli"(%x, %c1) : (i32, i32) -> i32
  %a = "test.addi"(%s, %y) : (i32, i32) -> i32
  "test.return"(%m, %a) : (i32, i32) -> ()
}) : () -> ()

// -----

// Equal constants are merged and hoisted to the entry of the isolated region, out of nested regions.
// CHECK-LABEL: sym_name = "hoist"
// CHECK-NEXT:  ^bb0(%[[C:.*]]: i1):
// CHECK-NEXT:    %[[C7:.*]] = "test.constant"() <{value = 7 : i32}> : () -> i32
// CHECK-NEXT:    "test.if"(%[[C]]) ({
// CHECK-NEXT:      "test.use"(%[[C7]]) : (i32) -> ()
// CHECK-NEXT:      "test.yield"() : () -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:      "test.use"(%[[C7]]) : (i32) -> ()
// CHECK-NEXT:      "test.yield"() : () -> ()
// CHECK-NEXT:    }) : (i1) -> ()
"test.func"() <{sym_name = "hoist"}> ({
^bb0(%c: i1):
  "test.if"(%c) ({
    %a = "test.constant"() <{value = 7 : i32}> : () -> i32
    "test.use"(%a) : (i32) -> ()
    "test.yield"() : () -> ()
  }, {
    %b = "test.constant"() <{value = 7 : i32}> : () -> i32
    "test.use"(%b) : (i32) -> ()
    "test.yield"() : () -> ()
  }) : (i1) -> ()
  "test.return"() : () -> ()
}) : () -> ()

// -----

// Unused ops without memory effects (even one that may trap), reads and allocations are erased, transitively;
// writes, frees and unknown ops stay.
// CHECK-LABEL: sym_name = "dead"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32):
// CHECK-NEXT:    "test.store"(%[[X]], %[[Y]]) : (i32, i32) -> ()
// CHECK-NEXT:    "test.free"(%[[X]]) : (i32) -> ()
// CHECK-NEXT:    %{{.*}} = "test.unknown"(%[[X]]) : (i32) -> i32
// CHECK-NEXT:    "test.return"() : () -> ()
"test.func"() <{sym_name = "dead"}> ({
^bb0(%x: i32, %y: i32):
  %a = "test.addi"(%x, %y) : (i32, i32) -> i32
  %b = "test.muli"(%a, %a) : (i32, i32) -> i32
  %l = "test.load"(%x) : (i32) -> i32
  %m = "test.alloc"() : () -> i32
  "test.store"(%x, %y) : (i32, i32) -> ()
  "test.free"(%x) : (i32) -> ()
  %u = "test.unknown"(%x) : (i32) -> i32
  %d = "test.divi"(%x, %y) : (i32, i32) -> i32
  "test.return"() : () -> ()
}) : () -> ()

// -----

// The canonicalization patterns of op definitions: neg(neg(x)) -> x.
// CHECK-LABEL: sym_name = "pattern"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT:    "test.return"(%[[X]]) : (i32) -> ()
"test.func"() <{sym_name = "pattern"}> ({
^bb0(%x: i32):
  %a = "test.neg"(%x) : (i32) -> i32
  %b = "test.neg"(%a) : (i32) -> i32
  "test.return"(%b) : (i32) -> ()
}) : () -> ()

// -----

// Blocks that cannot be reached are erased.
// CHECK-LABEL: sym_name = "unreachable"
// CHECK-NEXT:    "test.br"()[^bb1] : () -> ()
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    "test.return"() : () -> ()
// CHECK-NEXT:  }) : () -> ()
"test.func"() <{sym_name = "unreachable"}> ({
  "test.br"()[^bb2] : () -> ()
^bb1:
  "test.br"()[^bb2] : () -> ()
^bb2:
  "test.return"() : () -> ()
}) : () -> ()
