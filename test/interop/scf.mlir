// scf: for with and without iter_args (index and integer bounds), if with and without else and results,
// while with before/after regions, parallel with reduce, forall, index_switch, execute_region, nesting.
// The multi-block execute_region branches with an unregistered op (cf is not a tlir dialect yet).
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// tl-opt reads mlir-opt's custom and generic forms and prints them as mlir-opt does:
// RUN: tl-opt --allow-unregistered-dialect %t.ref | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %t.ref.generic | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref | diff %t.ref.generic -
// mlir-opt reads tl-opt's custom and generic forms to the same module:
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tlir
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.tlir.generic
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir | diff %t.ref -
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir.generic | diff %t.ref -
// The same with locations, in both forms:
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.ref.loc | diff %t.ref.loc -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.tlir.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.tlir.loc | diff %t.ref.loc -
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.ref.gloc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.ref.gloc | diff %t.ref.gloc -

func.func @for_loops(%lb: index, %ub: index, %step: index, %m: memref<?xf32>) -> f32 {
  scf.for %i = %lb to %ub step %step {
    %v = memref.load %m[%i] : memref<?xf32>
    memref.store %v, %m[%i] : memref<?xf32>
  }
  %init = arith.constant 0.0 : f32
  %sum = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> (f32) {
    %v = memref.load %m[%i] : memref<?xf32>
    %next = arith.addf %acc, %v : f32
    scf.yield %next : f32
  }
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %j = %c0 to %c10 step %c1 iter_args(%a = %c0, %b = %sum) -> (i32, f32) : i32 {
    %a2 = arith.addi %a, %j : i32
    scf.yield %a2, %b : i32, f32
  }
  scf.for unsigned %k = %c0 to %c10 step %c1 : i32 {
  }
  return %r#1 : f32
}

func.func @ifs(%c: i1, %x: i32, %y: i32) -> i32 {
  scf.if %c {
    "test.side_effect"() : () -> ()
  }
  scf.if %c {
    "test.then"() : () -> ()
  } else {
    "test.else"() : () -> ()
  }
  %0 = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  %1, %2 = scf.if %c -> (i32, f32) {
    %f = arith.constant 1.0 : f32
    scf.yield %x, %f : i32, f32
  } else {
    %g = arith.constant 2.0 : f32
    scf.yield %y, %g : i32, f32
  }
  return %0 : i32
}

func.func @while_loop(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %res:2 = scf.while (%i = %c0, %acc = %c0) : (i32, i32) -> (i32, i32) {
    %cond = arith.cmpi slt, %i, %n : i32
    scf.condition(%cond) %i, %acc : i32, i32
  } do {
  ^bb0(%i2: i32, %acc2: i32):
    %c1 = arith.constant 1 : i32
    %inext = arith.addi %i2, %c1 : i32
    %anext = arith.addi %acc2, %i2 : i32
    scf.yield %inext, %anext : i32, i32
  }
  %other = scf.while (%x = %n) : (i32) -> f32 {
    %t = arith.constant true
    %f = arith.sitofp %x : i32 to f32
    scf.condition(%t) %f : f32
  } do {
  ^bb0(%f: f32):
    %y = arith.fptosi %f : f32 to i32
    scf.yield %y : i32
  }
  return %res#1 : i32
}

func.func @parallel(%lb: index, %ub: index, %m: memref<?x?xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%c1, %c1) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    memref.store %v, %m[%j, %i] : memref<?x?xf32>
  }
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %sum, %prod = scf.parallel (%i) = (%lb) to (%ub) step (%c1) init (%zero, %one) -> (f32, f32) {
    %v = memref.load %m[%i, %i] : memref<?x?xf32>
    scf.reduce(%v, %v : f32, f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: f32, %b: f32):
      %p = arith.mulf %a, %b : f32
      scf.reduce.return %p : f32
    }
  }
  scf.forall (%i, %j) in (4, %ub) {
    "test.body"(%i, %j) : (index, index) -> ()
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  return %sum : f32
}

func.func @switch_and_region(%idx: index) -> i32 {
  %0 = scf.index_switch %idx -> i32
  case 0 {
    %a = arith.constant 10 : i32
    scf.yield %a : i32
  }
  case 2 {
    %b = arith.constant 20 : i32
    scf.yield %b : i32
  }
  case 7 {
    %c = arith.constant 30 : i32
    scf.yield %c : i32
  }
  default {
    %d = arith.constant -1 : i32
    scf.yield %d : i32
  }
  scf.index_switch %idx
  default {
  }
  %1 = scf.execute_region -> i32 {
    %c = arith.constant 5 : i32
    "test.br"(%c)[^bb1] : (i32) -> ()
  ^bb1(%v: i32):
    scf.yield %v : i32
  }
  %2 = scf.execute_region -> i32 no_inline {
    scf.yield %1 : i32
  }
  return %0 : i32
}

func.func @nested(%n: index, %m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %cmp = arith.cmpi ult, %i, %j : index
      scf.if %cmp {
        %v = memref.load %m[%i, %j] : memref<?x?xf32>
        memref.store %v, %m[%j, %i] : memref<?x?xf32>
      }
    }
  }
  return
}
