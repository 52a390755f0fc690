// Common sub-expression elimination: equivalent ops that dominate replace later ones; effects are respected.
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs --allow-unregistered-dialect --cse --split-input-file %s | FileCheck %s

// Same name, operands, attributes and result types: one op is kept; test.addi is commutative, so swapped
// operands are the same op too (as MLIR's OperationEquivalence sorts them). Different attributes: not.
// CHECK-LABEL: sym_name = "simple"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32):
// CHECK-NEXT:    %[[A:.*]] = "test.addi"(%[[X]], %[[Y]]) : (i32, i32) -> i32
// CHECK-NEXT:    %[[C:.*]] = "test.addi"(%[[X]], %[[Y]]) {note} : (i32, i32) -> i32
// CHECK-NEXT:    "test.return"(%[[A]], %[[A]], %[[A]], %[[C]]) : (i32, i32, i32, i32) -> ()
"test.func"() <{sym_name = "simple"}> ({
^bb0(%x: i32, %y: i32):
  %a = "test.addi"(%x, %y) : (i32, i32) -> i32
  %b = "test.addi"(%x, %y) : (i32, i32) -> i32
  %c = "test.addi"(%y, %x) : (i32, i32) -> i32
  %d = "test.addi"(%x, %y) {note} : (i32, i32) -> i32
  "test.return"(%a, %b, %c, %d) : (i32, i32, i32, i32) -> ()
}) : () -> ()

// -----

// A non-commutative op with swapped operands is a different op.
// CHECK-LABEL: sym_name = "swapped"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32):
// CHECK-NEXT:    %[[A:.*]] = "test.subi"(%[[X]], %[[Y]]) : (i32, i32) -> i32
// CHECK-NEXT:    %[[B:.*]] = "test.subi"(%[[Y]], %[[X]]) : (i32, i32) -> i32
// CHECK-NEXT:    "test.return"(%[[A]], %[[B]]) : (i32, i32) -> ()
"test.func"() <{sym_name = "swapped"}> ({
^bb0(%x: i32, %y: i32):
  %a = "test.subi"(%x, %y) : (i32, i32) -> i32
  %b = "test.subi"(%y, %x) : (i32, i32) -> i32
  "test.return"(%a, %b) : (i32, i32) -> ()
}) : () -> ()

// -----

// An op in a nested region is replaced by one outside; not the other way round, and not across siblings.
// CHECK-LABEL: sym_name = "regions"
// CHECK:         %[[A:.*]] = "test.neg"(%arg0) : (i32) -> i32
// CHECK-NEXT:    "test.if"(%arg1) ({
// CHECK-NEXT:      %[[B:.*]] = "test.muli"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT:      "test.use"(%[[A]], %[[B]]) : (i32, i32) -> ()
// CHECK:         }, {
// CHECK-NEXT:      %[[C:.*]] = "test.muli"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT:      "test.use"(%[[C]]) : (i32) -> ()
// CHECK:         %[[D:.*]] = "test.muli"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT:    "test.return"(%[[A]], %[[D]]) : (i32, i32) -> ()
"test.func"() <{sym_name = "regions"}> ({
^bb0(%x: i32, %c: i1):
  %a = "test.neg"(%x) : (i32) -> i32
  "test.if"(%c) ({
    %b = "test.muli"(%x, %x) : (i32, i32) -> i32
    %a2 = "test.neg"(%x) : (i32) -> i32
    "test.use"(%a2, %b) : (i32, i32) -> ()
    "test.yield"() : () -> ()
  }, {
    %b2 = "test.muli"(%x, %x) : (i32, i32) -> i32
    "test.use"(%b2) : (i32) -> ()
    "test.yield"() : () -> ()
  }) : (i1) -> ()
  %d = "test.muli"(%x, %x) : (i32, i32) -> i32
  "test.return"(%a, %d) : (i32, i32) -> ()
}) : () -> ()

// -----

// Across blocks, along dominance: ^bb1 and ^bb2 see ^bb0's op; ^bb3 (their join) does not see theirs.
// CHECK-LABEL: sym_name = "blocks"
// CHECK:         %[[A:.*]] = "test.neg"(%arg0) : (i32) -> i32
// CHECK-NEXT:    "test.use"(%[[A]]) : (i32) -> ()
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[B:.*]] = "test.muli"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT:    "test.use"(%[[A]], %[[B]]) : (i32, i32) -> ()
// CHECK:       ^bb2:
// CHECK-NEXT:    "test.use"(%[[A]]) : (i32) -> ()
// CHECK:       ^bb3:
// CHECK-NEXT:    %[[C:.*]] = "test.muli"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT:    "test.return"(%[[A]], %[[C]]) : (i32, i32) -> ()
"test.func"() <{sym_name = "blocks"}> ({
^bb0(%x: i32, %c: i1):
  %a = "test.neg"(%x) : (i32) -> i32
  "test.use"(%a) : (i32) -> ()
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %b = "test.muli"(%x, %x) : (i32, i32) -> i32
  %a1 = "test.neg"(%x) : (i32) -> i32
  "test.use"(%a1, %b) : (i32, i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb2:
  %a2 = "test.neg"(%x) : (i32) -> i32
  "test.use"(%a2) : (i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb3:
  %a3 = "test.neg"(%x) : (i32) -> i32
  %b3 = "test.muli"(%x, %x) : (i32, i32) -> i32
  "test.return"(%a3, %b3) : (i32, i32) -> ()
}) : () -> ()

// -----

// Reads merge when nothing may write in between (same block); writes and unknown ops are never merged.
// CHECK-LABEL: sym_name = "effects"
// CHECK-NEXT:  ^bb0(%[[P:.*]]: i32):
// CHECK-NEXT:    %[[L1:.*]] = "test.load"(%[[P]]) : (i32) -> i32
// CHECK-NEXT:    %[[L3:.*]] = "test.alloc"() : () -> i32
// CHECK-NEXT:    "test.store"(%[[P]], %[[L1]]) : (i32, i32) -> ()
// CHECK-NEXT:    "test.store"(%[[P]], %[[L1]]) : (i32, i32) -> ()
// CHECK-NEXT:    %[[L4:.*]] = "test.load"(%[[P]]) : (i32) -> i32
// CHECK-NEXT:    %[[U1:.*]] = "test.unknown"(%[[P]]) : (i32) -> i32
// CHECK-NEXT:    %[[U2:.*]] = "test.unknown"(%[[P]]) : (i32) -> i32
// CHECK-NEXT:    "test.return"(%[[L1]], %[[L1]], %[[L4]], %[[L3]], %[[U1]], %[[U2]]) : (i32, i32, i32, i32, i32, i32) -> ()
"test.func"() <{sym_name = "effects"}> ({
^bb0(%p: i32):
  %l1 = "test.load"(%p) : (i32) -> i32
  %a = "test.alloc"() : () -> i32
  %l2 = "test.load"(%p) : (i32) -> i32
  "test.store"(%p, %l1) : (i32, i32) -> ()
  "test.store"(%p, %l2) : (i32, i32) -> ()
  %l3 = "test.load"(%p) : (i32) -> i32
  %u1 = "test.unknown"(%p) : (i32) -> i32
  %u2 = "test.unknown"(%p) : (i32) -> i32
  "test.return"(%l1, %l2, %l3, %a, %u1, %u2) : (i32, i32, i32, i32, i32, i32) -> ()
}) : () -> ()

// -----

// Ops with regions merge when their regions are equivalent (not when they differ); an isolated region starts
// afresh; unused pure ops are erased on the way.
// CHECK-LABEL: sym_name = "region-ops"
// CHECK:         %[[R:.*]] = "test.if"(%arg1) ({
// CHECK:         %[[S:.*]] = "test.if"(%arg1) ({
// CHECK:         "test.isolated"() ({
// CHECK-NEXT:      %[[Y:.*]] = "test.source"() : () -> i32
// CHECK-NEXT:      %[[N:.*]] = "test.neg"(%[[Y]]) : (i32) -> i32
// CHECK:         "test.return"(%[[R]], %[[R]], %[[S]], %{{.*}}) : (i32, i32, i32, i32) -> ()
"test.func"() <{sym_name = "region-ops"}> ({
^bb0(%x: i32, %c: i1):
  %r1 = "test.if"(%c) ({
    %n = "test.neg"(%x) : (i32) -> i32
    "test.yield"(%n) : (i32) -> ()
  }, {
    "test.yield"(%x) : (i32) -> ()
  }) : (i1) -> i32
  %r2 = "test.if"(%c) ({
    %n = "test.neg"(%x) : (i32) -> i32
    "test.yield"(%n) : (i32) -> ()
  }, {
    "test.yield"(%x) : (i32) -> ()
  }) : (i1) -> i32
  %r3 = "test.if"(%c) ({
    %n = "test.neg"(%x) : (i32) -> i32
    "test.yield"(%x) : (i32) -> ()
  }, {
    "test.yield"(%x) : (i32) -> ()
  }) : (i1) -> i32
  %n0 = "test.neg"(%x) : (i32) -> i32
  "test.isolated"() ({
    %y = "test.source"() : () -> i32
    %n = "test.neg"(%y) : (i32) -> i32
    "test.use"(%n) : (i32) -> ()
  }) : () -> ()
  %dead = "test.addi"(%x, %x) : (i32, i32) -> i32
  "test.return"(%r1, %r2, %r3, %n0) : (i32, i32, i32, i32) -> ()
}) : () -> ()
