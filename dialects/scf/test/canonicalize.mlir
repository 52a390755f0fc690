// Canonicalizing scf ops: loops whose trip count is known from constants (none: the inits; one: the body),
// loop-carried values that need no carrying, scf.if on constants, unused results, branches that only choose a value
// (arith.select), nested and consecutive scf.if, and scf.parallel dimensions that run once. mlir-opt 22 gives the
// same module for every case here (the second RUN line); canonicalize-trip-count.mlir has the cases where tl-opt
// deliberately differs.
// RUN: tl-opt %s --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize --allow-unregistered-dialect

// CHECK-LABEL: func.func @for_same_bounds
// CHECK-SAME: (%[[LB:.*]]: index, %[[X:.*]]: f32)
// CHECK-NOT: scf.for
// CHECK: return %[[X]] : f32
func.func @for_same_bounds(%lb: index, %x: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %lb to %lb step %c1 iter_args(%acc = %x) -> (f32) {
    %y = arith.addf %acc, %acc : f32
    scf.yield %y : f32
  }
  return %r : f32
}

// -----

// Constant bounds with ub <= lb: no iteration, whatever the step.
// CHECK-LABEL: func.func @for_zero_trip
// CHECK-SAME: (%[[S:.*]]: index, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NOT: scf.for
// CHECK: return %[[X]], %[[Y]] : i32, i32
func.func @for_zero_trip(%s: index, %x: i32, %y: i32) -> (i32, i32) {
  %c8 = arith.constant 8 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %a = scf.for %i = %c8 to %c3 step %c1 iter_args(%acc = %x) -> (i32) {
    %n = "test.next"(%acc) : (i32) -> i32
    scf.yield %n : i32
  }
  %b = scf.for %i = %c8 to %c8 step %s iter_args(%acc = %y) -> (i32) {
    %n = "test.next"(%acc) : (i32) -> i32
    scf.yield %n : i32
  }
  return %a, %b : i32, i32
}

// -----

// Once: the body in the loop's place, the induction variable its lower bound, the iter_args the inits.
// CHECK-LABEL: func.func @for_single_iteration
// CHECK-SAME: (%[[X:.*]]: f32, %[[M:.*]]: memref<64xf32>)
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NOT: scf.for
// CHECK: %[[V:.*]] = memref.load %[[M]][%[[C8]]] : memref<64xf32>
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[V]] : f32
// CHECK: memref.store %[[S]], %[[M]][%[[C8]]] : memref<64xf32>
// CHECK: return %[[S]] : f32
func.func @for_single_iteration(%x: f32, %m: memref<64xf32>) -> f32 {
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c56 = arith.constant 56 : index
  %r = scf.for %i = %c8 to %c64 step %c56 iter_args(%acc = %x) -> (f32) {
    %v = memref.load %m[%i] : memref<64xf32>
    %s = arith.addf %acc, %v : f32
    memref.store %s, %m[%i] : memref<64xf32>
    scf.yield %s : f32
  }
  return %r : f32
}

// -----

// A step past the upper bound, and signless integer bounds, compared signed.
// CHECK-LABEL: func.func @for_single_iteration_i32
// CHECK-DAG: %[[CM5:.*]] = arith.constant -5 : i32
// CHECK-NOT: scf.for
// CHECK: "test.use"(%[[CM5]]) : (i32) -> ()
func.func @for_single_iteration_i32() {
  %lb = arith.constant -5 : i32
  %ub = arith.constant 3 : i32
  %step = arith.constant 100 : i32
  scf.for %i = %lb to %ub step %step : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  return
}

// -----

// Unsigned bounds: 3 to 9 by 8 runs once.
// CHECK-LABEL: func.func @for_single_iteration_unsigned
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i16
// CHECK-NOT: scf.for
// CHECK: "test.use"(%[[C3]]) : (i16) -> ()
func.func @for_single_iteration_unsigned() {
  %lb = arith.constant 3 : i16
  %ub = arith.constant 9 : i16
  %step = arith.constant 8 : i16
  scf.for unsigned %i = %lb to %ub step %step : i16 {
    "test.use"(%i) : (i16) -> ()
  }
  return
}

// -----

// Two iterations, or an unknown number: the loop stays.
// CHECK-LABEL: func.func @for_kept
// CHECK: scf.for
// CHECK: "test.use"
// CHECK: scf.for
// CHECK: "test.use"
// CHECK: scf.for
// CHECK: "test.use"
func.func @for_kept(%n: index, %s: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c2 step %c1 {
    "test.use"(%i) : (index) -> ()
  }
  scf.for %i = %c0 to %n step %c2 {
    "test.use"(%i) : (index) -> ()
  }
  scf.for %i = %c0 to %c2 step %s {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// The tile loops of a kernel whose extents match its tiles: the single-iteration loops go, then the clamps of the
// tile extents (min and max of constants) fold and the copy loop gets constant bounds.
// CHECK-LABEL: func.func @tile_loops
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-NOT: arith.minsi
// CHECK-NOT: arith.maxsi
// CHECK: scf.for %[[I:.*]] = %[[C0]] to %[[C64]] step %[[C1]] {
// CHECK-NEXT: %[[V:.*]] = memref.load %{{.*}}[%[[I]]] : memref<64xf32>
// CHECK-NEXT: memref.store %[[V]], %{{.*}}[%[[I]]] : memref<64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @tile_loops(%a: memref<64xf32>, %b: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %t = %c0 to %c64 step %c64 {
    %rest = arith.subi %c64, %t : index
    %min = arith.minsi %rest, %c64 : index
    %extent = arith.maxsi %min, %c0 : index
    scf.for %i = %c0 to %extent step %c1 {
      %j = arith.addi %t, %i : index
      %v = memref.load %a[%j] : memref<64xf32>
      memref.store %v, %b[%i] : memref<64xf32>
    }
  }
  return
}

// -----

// An empty body that runs at least once and yields values from outside: the loop is those values.
// CHECK-LABEL: func.func @for_empty_body
// CHECK-SAME: (%[[N:.*]]: index, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%{{.*}} = %[[X]]) -> (i32) {
// CHECK-NEXT: scf.yield %[[Y]] : i32
// CHECK: return %[[Y]], %[[R]] : i32, i32
func.func @for_empty_body(%n: index, %x: i32, %y: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %x) -> (i32) {
    scf.yield %y : i32
  }
  %b = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    scf.yield %y : i32
  }
  return %a, %b : i32, i32
}

// -----

// Loop-carried values that need no carrying: yielded unchanged, yielding their init, used nowhere, or the same as
// another. The loop keeps its attributes.
// CHECK-LABEL: func.func @for_iter_args
// CHECK-SAME: (%[[LB:.*]]: index, %[[UB:.*]]: index, %[[S:.*]]: index, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[S]] iter_args(%[[ACC:.*]] = %[[Y]]) -> (i32) {
// CHECK-NEXT: "test.use"(%[[X]], %[[X]]) : (i32, i32) -> ()
// CHECK-NEXT: %[[N:.*]] = "test.next"(%[[ACC]], %[[ACC]]) : (i32, i32) -> i32
// CHECK-NEXT: "test.make"() : () -> i32
// CHECK-NEXT: scf.yield %[[N]] : i32
// CHECK-NEXT: } {tag}
// CHECK: return %[[X]], %[[X]], %[[R]], %[[R]] : i32, i32, i32, i32
func.func @for_iter_args(%lb: index, %ub: index, %s: index, %x: i32, %y: i32) -> (i32, i32, i32, i32) {
  %r:5 = scf.for %i = %lb to %ub step %s iter_args(%same = %x, %init = %x, %a = %y, %b = %y, %unused = %y) -> (i32, i32, i32, i32, i32) {
    "test.use"(%same, %init) : (i32, i32) -> ()
    %n = "test.next"(%a, %b) : (i32, i32) -> i32
    %m = "test.make"() : () -> i32
    scf.yield %same, %x, %n, %n, %m : i32, i32, i32, i32, i32
  } {tag}
  return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
}

// -----

// Every loop-carried value folds: the loop keeps its body, `unsigned` and attributes.
// CHECK-LABEL: func.func @for_all_iter_args_fold
// CHECK-SAME: (%{{.*}}: i32, %{{.*}}: i32, %[[X:.*]]: f32)
// CHECK: scf.for unsigned %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT: "test.op"() : () -> ()
// CHECK-NEXT: } {tag = 1 : i64}
// CHECK: return %[[X]] : f32
func.func @for_all_iter_args_fold(%lb: i32, %ub: i32, %x: f32) -> f32 {
  %c1 = arith.constant 1 : i32
  %r = scf.for unsigned %i = %lb to %ub step %c1 iter_args(%acc = %x) -> (f32) : i32 {
    "test.op"() : () -> ()
    scf.yield %acc : f32
  } {tag = 1}
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @if_constant
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK-NOT: scf.if
// CHECK: %[[A:.*]] = "test.then"() : () -> i32
// CHECK-NEXT: "test.side"() : () -> ()
// CHECK-NEXT: %[[B:.*]] = "test.else"() : () -> i32
// CHECK-NEXT: return %[[A]], %[[B]] : i32, i32
func.func @if_constant(%x: i32) -> (i32, i32) {
  %true = arith.constant true
  %false = arith.constant false
  %a = scf.if %true -> (i32) {
    %v = "test.then"() : () -> i32
    scf.yield %v : i32
  } else {
    %v = "test.unreached"() : () -> i32
    scf.yield %v : i32
  }
  scf.if %false {
    "test.unreached"() : () -> ()
  }
  scf.if %true {
    "test.side"() : () -> ()
  }
  %b = scf.if %false -> (i32) {
    %v = "test.unreached"() : () -> i32
    scf.yield %v : i32
  } else {
    %v = "test.else"() : () -> i32
    scf.yield %v : i32
  }
  return %a, %b : i32, i32
}

// -----

// An scf.if that does nothing goes; an else that does nothing goes; unused results go.
// CHECK-LABEL: func.func @if_empty_and_unused
// CHECK-SAME: (%[[C:.*]]: i1)
// CHECK-NEXT: %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT: "test.side"() : () -> ()
// CHECK-NEXT: "test.unused"() : () -> i32
// CHECK-NEXT: %[[A:.*]] = "test.value"() : () -> i32
// CHECK-NEXT: scf.yield %[[A]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.unused"() : () -> i32
// CHECK-NEXT: %[[B:.*]] = "test.value"() : () -> i32
// CHECK-NEXT: scf.yield %[[B]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: "test.barrier"() : () -> ()
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: "test.side"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i32
func.func @if_empty_and_unused(%c: i1) -> i32 {
  scf.if %c {
  } else {
  }
  %r:2 = scf.if %c -> (i32, i32) {
    "test.side"() : () -> ()
    %u = "test.unused"() : () -> i32
    %a = "test.value"() : () -> i32
    scf.yield %u, %a : i32, i32
  } else {
    %u = "test.unused"() : () -> i32
    %b = "test.value"() : () -> i32
    scf.yield %u, %b : i32, i32
  }
  "test.barrier"() : () -> ()
  scf.if %c {
    "test.side"() : () -> ()
  } else {
  }
  return %r#1 : i32
}

// -----

// Values chosen from outside become arith.select; the condition itself and its negation are recognized.
// CHECK-LABEL: func.func @if_to_select
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[NOT:.*]] = arith.xori %[[C]], %[[TRUE]] : i1
// CHECK-DAG: %[[SEL:.*]] = arith.select %[[C]], %[[X]], %[[Y]] : i32
// CHECK: %[[IN:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT: %[[V:.*]] = "test.value"() : () -> i32
// CHECK-NEXT: scf.yield %[[V]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[X]] : i32
// CHECK: return %[[SEL]], %[[X]], %[[C]], %[[NOT]], %[[IN]] : i32, i32, i1, i1, i32
func.func @if_to_select(%c: i1, %x: i32, %y: i32) -> (i32, i32, i1, i1, i32) {
  %true = arith.constant true
  %false = arith.constant false
  %r:5 = scf.if %c -> (i32, i32, i1, i1, i32) {
    %v = "test.value"() : () -> i32
    scf.yield %x, %x, %true, %false, %v : i32, i32, i1, i1, i32
  } else {
    scf.yield %y, %x, %false, %true, %x : i32, i32, i1, i1, i32
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4 : i32, i32, i1, i1, i32
}

// -----

// Inside the branches, the condition is known.
// CHECK-LABEL: func.func @if_condition_propagation
// CHECK-SAME: (%[[C:.*]]: i1)
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: "test.use"(%[[TRUE]]) : (i1) -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.use"(%[[FALSE]]) : (i1) -> ()
func.func @if_condition_propagation(%c: i1) {
  scf.if %c {
    "test.use"(%c) : (i1) -> ()
  } else {
    "test.use"(%c) : (i1) -> ()
  }
  return
}

// -----

// A negated condition swaps the branches.
// CHECK-LABEL: func.func @if_negated_condition
// CHECK-SAME: (%[[A:.*]]: i1)
// CHECK-NEXT: scf.if %[[A]] {
// CHECK-NEXT: "test.else"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.then"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @if_negated_condition(%a: i1) {
  %true = arith.constant true
  %not = arith.xori %a, %true : i1
  scf.if %not {
    "test.then"() : () -> ()
  } else {
    "test.else"() : () -> ()
  }
  return
}

// -----

// Nested scf.if become one on the conjunction; consecutive scf.if on the same condition merge.
// CHECK-LABEL: func.func @if_combine
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1)
// CHECK-NEXT: %[[AND:.*]] = arith.andi %[[A]], %[[B]] : i1
// CHECK-NEXT: scf.if %[[AND]] {
// CHECK-NEXT: "test.inner"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: "test.barrier"() : () -> ()
// CHECK-NEXT: scf.if %[[B]] {
// CHECK-NEXT: "test.first"() : () -> ()
// CHECK-NEXT: "test.second"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @if_combine(%a: i1, %b: i1) {
  scf.if %a {
    scf.if %b {
      "test.inner"() : () -> ()
    }
  }
  "test.barrier"() : () -> ()
  scf.if %b {
    "test.first"() : () -> ()
  }
  scf.if %b {
    "test.second"() : () -> ()
  }
  return
}

// -----

// Consecutive scf.if on a condition and its negation, with results: one scf.if, the second one's branches swapped,
// its use of the first one's result replaced by the value yielded in the same branch.
// CHECK-LABEL: func.func @if_combine_negated
// CHECK-SAME: (%[[C:.*]]: i1)
// CHECK: %[[R:.*]]:2 = scf.if %[[C]] -> (i32, i32) {
// CHECK-NEXT: %[[A:.*]] = "test.a"() : () -> i32
// CHECK-NEXT: %[[D:.*]] = "test.d"(%[[A]]) : (i32) -> i32
// CHECK-NEXT: scf.yield %[[A]], %[[D]] : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[B:.*]] = "test.b"() : () -> i32
// CHECK-NEXT: %[[E:.*]] = "test.e"(%[[B]]) : (i32) -> i32
// CHECK-NEXT: scf.yield %[[B]], %[[E]] : i32, i32
// CHECK: return %[[R]]#0, %[[R]]#1 : i32, i32
func.func @if_combine_negated(%c: i1) -> (i32, i32) {
  %true = arith.constant true
  %not = arith.xori %c, %true : i1
  %x = scf.if %c -> (i32) {
    %a = "test.a"() : () -> i32
    scf.yield %a : i32
  } else {
    %b = "test.b"() : () -> i32
    scf.yield %b : i32
  }
  %y = scf.if %not -> (i32) {
    %e = "test.e"(%x) : (i32) -> i32
    scf.yield %e : i32
  } else {
    %d = "test.d"(%x) : (i32) -> i32
    scf.yield %d : i32
  }
  return %x, %y : i32, i32
}

// -----

// scf.parallel: a dimension that runs once goes (its induction variable becomes its lower bound); when none is
// left the body, with its reductions, takes the loop's place; a dimension that never runs leaves the inits.
// CHECK-LABEL: func.func @parallel_dims
// CHECK-SAME: (%[[M:.*]]: memref<?x?xf32>, %[[X:.*]]: f32, %[[N:.*]]: index)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: scf.parallel (%[[J:.*]]) = (%[[C0]]) to (%[[N]]) step (%[[C1]]) {
// CHECK-NEXT: memref.store %[[X]], %[[M]][%[[C2]], %[[J]]] : memref<?x?xf32>
// CHECK-NEXT: scf.reduce
// CHECK: %[[V:.*]] = memref.load %[[M]][%[[C2]], %[[C0]]] : memref<?x?xf32>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[V]] : f32
// CHECK-NOT: scf.parallel
// CHECK: return %[[S]], %[[X]] : f32, f32
func.func @parallel_dims(%m: memref<?x?xf32>, %x: f32, %n: index) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.parallel (%i, %j) = (%c2, %c0) to (%c3, %n) step (%c1, %c1) {
    memref.store %x, %m[%i, %j] : memref<?x?xf32>
    scf.reduce
  }
  %s = scf.parallel (%i, %j) = (%c2, %c0) to (%c3, %c1) step (%c2, %c3) init (%x) -> f32 {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      scf.reduce.return %t : f32
    }
  }
  %z = scf.parallel (%i, %j) = (%c0, %c3) to (%n, %c2) step (%c1, %c1) init (%x) -> f32 {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %t = arith.mulf %l, %r : f32
      scf.reduce.return %t : f32
    }
  }
  return %s, %z : f32, f32
}
