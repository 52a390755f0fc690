// convert-scf-to-cf: structured control flow lowered to blocks and branches, as MLIR 22's pass of the same name.
// mlir-opt 22 gives the same text for every case, with and without locations (the diff lines).
// RUN: tl-opt %s --convert-scf-to-cf --split-input-file | FileCheck %s
// RUN: tl-opt %s --convert-scf-to-cf --split-input-file -o %t.tl
// RUN: mlir-opt %s --convert-scf-to-cf --split-input-file -o %t.ref
// RUN: diff %t.ref %t.tl
// RUN: tl-opt %s --convert-scf-to-cf --split-input-file --mlir-print-debuginfo -o %t.tl.loc
// RUN: mlir-opt %s --convert-scf-to-cf --split-input-file --mlir-print-debuginfo -o %t.ref.loc
// RUN: diff %t.ref.loc %t.tl.loc

// CHECK-LABEL: func.func @for_loop(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[ST:.*]]: index, %[[X:.*]]: f32, %[[M:.*]]: memref<?xf32>) -> f32 {
// CHECK-NEXT:    cf.br ^bb1(%[[LB]], %[[X]] : index, f32)
// CHECK-NEXT:  ^bb1(%[[IV:.*]]: index, %[[ACC:.*]]: f32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:    %[[C:.*]] = arith.cmpi slt, %[[IV]], %[[UB]] : index
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:  // pred: ^bb1
// CHECK-NEXT:    %[[V:.*]] = memref.load %[[M]][%[[IV]]] : memref<?xf32>
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[ACC]], %[[V]] : f32
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[IV]], %[[ST]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[NEXT]], %[[S]] : index, f32)
// CHECK-NEXT:  ^bb3:  // pred: ^bb1
// CHECK-NEXT:    return %[[ACC]] : f32
func.func @for_loop(%lb: index, %ub: index, %st: index, %x: f32, %m: memref<?xf32>) -> f32 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %x) -> (f32) {
    %v = memref.load %m[%i] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  return %r : f32
}

// -----

// An unsigned loop compares with ult.
// CHECK-LABEL: func.func @unsigned_loop(
// CHECK:         arith.cmpi ult, %{{.*}}, %{{.*}} : i32
func.func @unsigned_loop(%lb: i32, %ub: i32, %st: i32, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  scf.for unsigned %i = %lb to %ub step %st : i32 {
    memref.store %i, %m[%c0] : memref<?xi32>
  }
  return
}

// -----

// scf.if with results continues in a block taking them, which branches to the ops after it; without results and
// without else, the false edge goes straight to the ops after it.
// CHECK-LABEL: func.func @conditionals(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: f32, %[[M:.*]]: memref<?xf32>, %[[I:.*]]: index) -> f32 {
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb3(%[[X]] : f32)
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb3(%[[Y]] : f32)
// CHECK-NEXT:  ^bb3(%[[R:.*]]: f32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    cf.br ^bb4
// CHECK-NEXT:  ^bb4:  // pred: ^bb3
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb5, ^bb6
// CHECK-NEXT:  ^bb5:  // pred: ^bb4
// CHECK-NEXT:    memref.store %[[R]], %[[M]][%[[I]]] : memref<?xf32>
// CHECK-NEXT:    cf.br ^bb6
// CHECK-NEXT:  ^bb6:  // 2 preds: ^bb4, ^bb5
// CHECK-NEXT:    return %[[R]] : f32
func.func @conditionals(%c: i1, %x: f32, %y: f32, %m: memref<?xf32>, %i: index) -> f32 {
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %y : f32
  }
  scf.if %c {
    memref.store %r, %m[%i] : memref<?xf32>
  }
  return %r : f32
}

// -----

// scf.while: the condition branches to the "after" region with the forwarded values; the results are those values.
// CHECK-LABEL: func.func @while_loop(
// CHECK:         cf.br ^bb1(%{{.*}}, %{{.*}} : i32, i32)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: i32, %[[A:.*]]: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:    %[[MORE:.*]] = arith.cmpi slt, %[[I]], %{{.*}} : i32
// CHECK-NEXT:    cf.cond_br %[[MORE]], ^bb2(%[[I]], %[[A]] : i32, i32), ^bb3
// CHECK-NEXT:  ^bb2(%{{.*}}: i32, %{{.*}}: i32):  // pred: ^bb1
// CHECK:         cf.br ^bb1(%{{.*}}, %{{.*}} : i32, i32)
// CHECK-NEXT:  ^bb3:  // pred: ^bb1
// CHECK-NEXT:    return %[[A]] : i32
func.func @while_loop(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %c0, %a = %c0) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i, %a : i32, i32
  } do {
  ^bb0(%j: i32, %s: i32):
    %nx = arith.addi %j, %c1 : i32
    %sum = arith.addi %s, %j : i32
    scf.yield %nx, %sum : i32, i32
  }
  return %r#1 : i32
}

// -----

// A while loop whose "after" region only forwards is a do-while: one block that branches back to itself.
// CHECK-LABEL: func.func @do_while(
// CHECK:         cf.br ^bb1(%{{.*}} : i32)
// CHECK-NEXT:  ^bb1(%[[X:.*]]: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    %[[N:.*]] = arith.addi %[[X]], %{{.*}} : i32
// CHECK-NEXT:    %[[MORE:.*]] = arith.cmpi slt, %[[N]], %{{.*}} : i32
// CHECK-NEXT:    cf.cond_br %[[MORE]], ^bb1(%[[N]] : i32), ^bb2
// CHECK-NEXT:  ^bb2:  // pred: ^bb1
// CHECK-NEXT:    return %[[N]] : i32
func.func @do_while(%x0: i32, %n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = scf.while (%x = %x0) : (i32) -> (i32) {
    %next = arith.addi %x, %c1 : i32
    %more = arith.cmpi slt, %next, %n : i32
    scf.condition(%more) %next : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// scf.execute_region of several blocks: a branch to its entry; each yield a branch to the block after it.
// CHECK-LABEL: func.func @execute_region(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32) -> i32 {
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:  // pred: ^bb1
// CHECK-NEXT:    cf.br ^bb4(%[[X]] : i32)
// CHECK-NEXT:  ^bb3:  // pred: ^bb1
// CHECK-NEXT:    cf.br ^bb4(%[[Y]] : i32)
// CHECK-NEXT:  ^bb4(%[[R:.*]]: i32):  // 2 preds: ^bb2, ^bb3
// CHECK-NEXT:    return %[[R]] : i32
func.func @execute_region(%c: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^a, ^b
  ^a:
    scf.yield %x : i32
  ^b:
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// scf.parallel: a nest of loops, the outermost first, carrying the reductions; the innermost body ends with the
// reductions' regions.
// CHECK-LABEL: func.func @parallel(
// CHECK:         cf.br ^bb1(%{{.*}}, %{{.*}}, %{{.*}} : index, f32, f32)
// CHECK:         cf.br ^bb3(%{{.*}}, %{{.*}}, %{{.*}} : index, f32, f32)
// CHECK:         memref.load
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    arith.maximumf
// CHECK-NEXT:    arith.addi
// CHECK-NEXT:    cf.br ^bb3
func.func @parallel(%lb: index, %ub: index, %st: index, %m: memref<?x?xf32>, %x: f32) -> (f32, f32) {
  %r:2 = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) init (%x, %x) -> (f32, f32) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    scf.reduce(%v, %v : f32, f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: f32, %b: f32):
      %s = arith.maximumf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r#0, %r#1 : f32, f32
}

// -----

// scf.forall: an scf.parallel of its bounds, static ones as constants (lower bounds, upper bounds, steps); the
// mapping is dropped.
// CHECK-LABEL: func.func @forall(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C0B:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[C1B:.*]] = arith.constant 1 : index
// CHECK-NEXT:    cf.br ^bb1(%[[C0]] : index)
func.func @forall(%n: index, %m: memref<?x?xf32>) {
  scf.forall (%i, %j) in (%n, 4) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  scf.forall (%i) = (1) to (%n) step (2) {
    %v = memref.load %m[%i, %i] : memref<?x?xf32>
  }
  return
}

// -----

// Nested: a loop holding a conditional and a while loop, inside a conditional, in a kernel of a gpu.module.
// CHECK-LABEL: gpu.func @nested(
// CHECK-NOT:     scf.
// CHECK:         gpu.return
gpu.module @kernels {
  gpu.func @nested(%c: i1, %n: index, %m: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    scf.if %c {
      %t = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %one) -> (f32) {
        %odd = arith.remui %i, %c1 : index
        %z = arith.cmpi eq, %odd, %c0 : index
        %u = scf.if %z -> (f32) {
          %w = scf.while (%k = %c0) : (index) -> index {
            %lt = arith.cmpi ult, %k, %i : index
            scf.condition(%lt) %k : index
          } do {
          ^bb0(%k2: index):
            %k3 = arith.addi %k2, %c1 : index
            scf.yield %k3 : index
          }
          %v = memref.load %m[%w] : memref<?xf32>
          scf.yield %v : f32
        } else {
          scf.yield %acc : f32
        }
        %s = arith.addf %acc, %u : f32
        scf.yield %s : f32
      }
      memref.store %t, %m[%c0] : memref<?xf32>
    } else {
      scf.parallel (%i) = (%c0) to (%n) step (%c1) {
        memref.store %one, %m[%i] : memref<?xf32>
        scf.reduce
      }
    }
    gpu.return
  }
}
