// Canonicalization of scf.execute_region and scf.if results, and the inlining of a multi-block scf.execute_region
// (MLIR 22's patterns):
// - an scf.execute_region directly in a function or in another scf.execute_region, without `no_inline`, is
//   replaced by its blocks: a cf.br enters them, each scf.yield becomes a cf.br to the rest of the block, whose
//   arguments are the results (MultiBlockExecuteInliner);
// - inside any other op (an scf.if), or with `no_inline`, it stays;
// - results that every scf.yield gives the same values for as an earlier result are that result, and unused
//   results are dropped (for scf.execute_region and scf.if).
// mlir-opt 22 gives the same modules (the compare RUN line).
// RUN: tl-opt %s --canonicalize --allow-unregistered-dialect | FileCheck %s
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize --allow-unregistered-dialect

// CHECK-LABEL: func.func @multi_block
// CHECK-NEXT:    "test.foo"() : () -> ()
// CHECK-NEXT:    cf.cond_br %{{.+}}, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[X:.+]] = "test.val1"() : () -> i64
// CHECK-NEXT:    cf.br ^bb3(%[[X]] : i64)
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[Y:.+]] = "test.val2"() : () -> i64
// CHECK-NEXT:    cf.br ^bb3(%[[Y]] : i64)
// CHECK:       ^bb3(%[[Z:.+]]: i64):
// CHECK-NEXT:    "test.bar"(%[[Z]]) : (i64) -> ()
// CHECK-NEXT:    return %[[Z]] : i64
func.func @multi_block(%c: i1) -> i64 {
  "test.foo"() : () -> ()
  %v = scf.execute_region -> i64 {
    cf.cond_br %c, ^bb2, ^bb3
  ^bb2:
    %x = "test.val1"() : () -> i64
    cf.br ^bb4(%x : i64)
  ^bb3:
    %y = "test.val2"() : () -> i64
    scf.yield %y : i64
  ^bb4(%z : i64):
    scf.yield %z : i64
  }
  "test.bar"(%v) : (i64) -> ()
  return %v : i64
}

// A result yielded from outside stays a block argument once inlined (the inlining comes first).
// CHECK-LABEL: func.func @outside_value
// CHECK:       ^bb3(%{{.+}}: i64, %{{.+}}: i64):
func.func @outside_value(%c: i1, %o: i64) -> (i64, i64) {
  %v:2 = scf.execute_region -> (i64, i64) {
    cf.cond_br %c, ^bb2, ^bb3
  ^bb2:
    %x = "test.val1"() : () -> i64
    scf.yield %x, %o : i64, i64
  ^bb3:
    %y = "test.val2"() : () -> i64
    scf.yield %y, %o : i64, i64
  }
  return %v#0, %v#1 : i64, i64
}

// Nested: the inner one is inlined into the outer one, then the outer one into the function.
// CHECK-LABEL: func.func @nested
// CHECK-NEXT:    "test.a"() : () -> ()
// CHECK-NEXT:    cf.cond_br
// CHECK-NOT:     scf.execute_region
// CHECK:         "test.c"() : () -> ()
// CHECK-NEXT:    return
func.func @nested(%c: i1) {
  scf.execute_region {
    "test.a"() : () -> ()
    scf.execute_region {
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      "test.b"() : () -> ()
      scf.yield
    ^bb2:
      scf.yield
    }
    "test.c"() : () -> ()
    cf.br ^bb9
  ^bb9:
    scf.yield
  }
  return
}

// In an scf.if (one block only), or with no_inline, it stays.
// CHECK-LABEL: func.func @stays
// CHECK:         scf.if
// CHECK-NEXT:      scf.execute_region -> i64 {
// CHECK:         scf.execute_region -> i64 no_inline {
func.func @stays(%c: i1, %d: i1) -> (i64, i64) {
  %v = scf.if %d -> i64 {
    %w = scf.execute_region -> i64 {
      cf.cond_br %c, ^bb2, ^bb3
    ^bb2:
      %x = "test.val1"() : () -> i64
      scf.yield %x : i64
    ^bb3:
      %y = "test.val2"() : () -> i64
      scf.yield %y : i64
    }
    scf.yield %w : i64
  } else {
    %u = "test.val3"() : () -> i64
    scf.yield %u : i64
  }
  %n = scf.execute_region -> i64 no_inline {
    cf.cond_br %c, ^bb2, ^bb3
  ^bb2:
    %x = "test.val1"() : () -> i64
    scf.yield %x : i64
  ^bb3:
    %y = "test.val2"() : () -> i64
    scf.yield %y : i64
  }
  return %v, %n : i64, i64
}

// Results every scf.yield gives the same values for are one result; results nothing uses go.
// CHECK-LABEL: func.func @duplicated
// CHECK:         %[[R:.+]] = scf.execute_region -> i32 no_inline {
// CHECK:           scf.yield %{{.+}} : i32
// CHECK:           scf.yield %{{.+}} : i32
// CHECK:         return %[[R]], %arg1, %[[R]] : i32, i32, i32
func.func @duplicated(%a: i32, %b: i32, %c: i1) -> (i32, i32, i32) {
  %v:3 = scf.execute_region -> (i32, i32, i32) no_inline {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = arith.addi %a, %b : i32
    scf.yield %x, %b, %x : i32, i32, i32
  ^bb2:
    %y = arith.muli %a, %b : i32
    scf.yield %y, %b, %y : i32, i32, i32
  }
  return %v#0, %v#1, %v#2 : i32, i32, i32
}

// The same values in one block but not in the other: two results.
// CHECK-LABEL: func.func @not_duplicated
// CHECK:         scf.execute_region -> (i32, i32) no_inline
func.func @not_duplicated(%a: i32, %b: i32, %c: i1) -> (i32, i32) {
  %v:2 = scf.execute_region -> (i32, i32) no_inline {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = arith.addi %a, %b : i32
    scf.yield %x, %x : i32, i32
  ^bb2:
    %y = arith.muli %a, %b : i32
    scf.yield %a, %y : i32, i32
  }
  return %v#0, %v#1 : i32, i32
}

// CHECK-LABEL: func.func @unused
// CHECK:         scf.execute_region no_inline {
// CHECK-NEXT:      "test.op"() : () -> ()
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
func.func @unused(%a: i32, %b: i32) {
  %v:2 = scf.execute_region -> (i32, i32) no_inline {
    %x = arith.addi %a, %b : i32
    "test.op"() : () -> ()
    scf.yield %x, %x : i32, i32
  }
  return
}

// CHECK-LABEL: func.func @if_duplicated
// CHECK:         %[[R:.+]] = scf.if %{{.+}} -> (i32) {
// CHECK:         return %[[R]], %[[R]] : i32, i32
func.func @if_duplicated(%a: i32, %b: i32, %d: i1) -> (i32, i32) {
  %r:2 = scf.if %d -> (i32, i32) {
    %x = arith.addi %a, %b : i32
    scf.yield %x, %x : i32, i32
  } else {
    scf.yield %a, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
