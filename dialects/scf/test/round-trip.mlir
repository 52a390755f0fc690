// scf dialect: custom and generic forms round-trip, and print exactly as mlir-opt 22 prints them (implicit
// terminators left out where mlir-opt leaves them out).
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

// CHECK-LABEL: func.func @for_loops(
// CHECK-NEXT:    scf.for %arg5 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:      "t.body"(%arg5) : (index) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    %0 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (f32) {
// CHECK-NEXT:      %[[NEXT:.*]] = "t.add"(%arg6) : (f32) -> f32
// CHECK-NEXT:      scf.yield %[[NEXT]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %1:2 = scf.for %arg5 = %arg4 to %arg4 step %arg4 iter_args(%arg6 = %arg4, %arg7 = %0) -> (i32, f32)  : i32 {
// CHECK-NEXT:      scf.yield %arg6, %arg7 : i32, f32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for unsigned %arg5 = %arg4 to %arg4 step %arg4  : i32 {
// CHECK-NEXT:    }
func.func @for_loops(%lb: index, %ub: index, %step: index, %x: f32, %i: i32) -> f32 {
  scf.for %iv = %lb to %ub step %step {
    "t.body"(%iv) : (index) -> ()
  }
  %sum = scf.for %iv = %lb to %ub step %step iter_args(%acc = %x) -> (f32) {
    %next = "t.add"(%acc) : (f32) -> f32
    scf.yield %next : f32
  }
  %r:2 = scf.for %j = %i to %i step %i iter_args(%a = %i, %b = %sum) -> (i32, f32) : i32 {
    scf.yield %a, %b : i32, f32
  }
  scf.for unsigned %k = %i to %i step %i : i32 {
  }
  // An explicit empty yield, an attribute dictionary, an unregistered last op (the yield is added after it).
  scf.for %iv = %lb to %ub step %step {
    scf.yield
  } {t.attr = 1 : i32}
  scf.for %iv = %lb to %ub step %step {
    "t.maybe_terminator"() : () -> ()
  }
  // The unsigned flag written as an attribute.
  scf.for %iv = %lb to %ub step %step {
  } {unsignedCmp}
  %n = scf.for %iv = %lb to %ub step %step iter_args(%a = %x) -> (f32) {
    %inner = scf.for %jv = %lb to %ub step %step iter_args(%b = %a) -> (f32) {
      scf.yield %b : f32
    }
    scf.yield %inner : f32
  }
  return %r#1 : f32
}

// CHECK-LABEL: func.func @ifs(
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:      "t.then"() : () -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:      "t.then"() : () -> ()
// CHECK-NEXT:    } else {
// CHECK-NEXT:      "t.else"() : () -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:      scf.yield %arg1 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg2 : i32
// CHECK-NEXT:    }
func.func @ifs(%c: i1, %x: i32, %y: i32) -> i32 {
  scf.if %c {
    "t.then"() : () -> ()
  }
  scf.if %c {
    "t.then"() : () -> ()
  } else {
    "t.else"() : () -> ()
  }
  %0 = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  %1, %2 = scf.if %c -> (i32, f32) {
    %f = "t.f"() : () -> f32
    scf.yield %x, %f : i32, f32
  } else {
    %g = "t.g"() : () -> f32
    scf.yield %y, %g : i32, f32
  } {t.weights}
  scf.if %c {
  } else {
  }
  scf.if %c {
    scf.if %c {
      "t.nested"() : () -> ()
    }
  }
  return %0 : i32
}

// CHECK-LABEL: func.func @while_loops(
// CHECK-NEXT:    %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg0) : (i32, i32) -> (i32, i32) {
// CHECK-NEXT:      scf.condition(%arg1) %arg2, %arg3 : i32, i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%arg2: i32, %arg3: i32):
// CHECK-NEXT:      scf.yield %arg3, %arg2 : i32, i32
// CHECK-NEXT:    }
func.func @while_loops(%n: i32, %c: i1) -> i32 {
  %res:2 = scf.while (%i = %n, %acc = %n) : (i32, i32) -> (i32, i32) {
    scf.condition(%c) %i, %acc : i32, i32
  } do {
  ^bb0(%i2: i32, %acc2: i32):
    scf.yield %acc2, %i2 : i32, i32
  }
  %other = scf.while (%x = %n) : (i32) -> f32 {
    %f = "t.to_float"(%x) : (i32) -> f32
    scf.condition(%c) %f : f32
  } do {
  ^bb0(%f: f32):
    %y = "t.to_int"(%f) : (f32) -> i32
    scf.yield %y : i32
  } attributes {t.hint}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return %res#1 : i32
}

// CHECK-LABEL: func.func @parallel_loops(
// CHECK-NEXT:    scf.parallel (%arg4, %arg5) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
// CHECK-NEXT:      "t.body"(%arg4, %arg5) : (index, index) -> ()
// CHECK-NEXT:      scf.reduce{{ $}}
// CHECK-NEXT:    }
func.func @parallel_loops(%lb: index, %ub: index, %step: index, %x: f32) -> f32 {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%step, %step) {
    "t.body"(%i, %j) : (index, index) -> ()
  }
  %sum, %prod = scf.parallel (%i) = (%lb) to (%ub) step (%step) init (%x, %x) -> (f32, f32) {
    %v = "t.load"(%i) : (index) -> f32
    scf.reduce(%v, %v : f32, f32) {
    ^bb0(%a: f32, %b: f32):
      %s = "t.add"(%a, %b) : (f32, f32) -> f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: f32, %b: f32):
      %p = "t.mul"(%a, %b) : (f32, f32) -> f32
      scf.reduce.return %p : f32
    }
  }
  %one = scf.parallel (%i) = (%lb) to (%ub) step (%step) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  } {t.mapping}
  scf.parallel (%i) = (%lb) to (%ub) step (%step) {
    scf.reduce
  }
  return %sum : f32
}

// CHECK-LABEL: func.func @forall_loops(
// CHECK-NEXT:    scf.forall (%arg2, %arg3) in (4, %arg0) {
// CHECK-NEXT:      "t.body"(%arg2, %arg3) : (index, index) -> ()
// CHECK-NEXT:    } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
// CHECK-NEXT:    scf.forall (%arg2) = (%arg1) to (%arg0) step (2) {
// CHECK-NEXT:    }
func.func @forall_loops(%ub: index, %lb: index) {
  scf.forall (%i, %j) in (4, %ub) {
    "t.body"(%i, %j) : (index, index) -> ()
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  scf.forall (%i) = (%lb) to (%ub) step (2) {
  }
  scf.forall (%i) = (0) to (8) step (1) {
    scf.forall.in_parallel {
    }
  }
  return
}

// CHECK-LABEL: func.func @switches(
// CHECK-NEXT:    %0 = scf.index_switch %arg0 -> i32{{ $}}
// CHECK-NEXT:    case 0 {
// CHECK-NEXT:      scf.yield %arg1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    case -2 {
// CHECK-NEXT:      %[[Y:.*]] = "t.other"() : () -> i32
// CHECK-NEXT:      scf.yield %[[Y]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    default {
// CHECK-NEXT:      scf.yield %arg1 : i32
// CHECK-NEXT:    }
func.func @switches(%idx: index, %x: i32) -> i32 {
  %0 = scf.index_switch %idx -> i32
  case 0 {
    scf.yield %x : i32
  }
  case -2 {
    %y = "t.other"() : () -> i32
    scf.yield %y : i32
  }
  default {
    scf.yield %x : i32
  }
  scf.index_switch %idx
  default {
  }
  scf.index_switch %idx {t.note}
  case 1 {
    "t.one"() : () -> ()
    scf.yield
  }
  default {
    "t.default"() : () -> ()
  }
  %1:2 = scf.index_switch %idx -> i32, f32
  default {
    %f = "t.f"() : () -> f32
    scf.yield %x, %f : i32, f32
  }
  return %0 : i32
}

// CHECK-LABEL: func.func @execute_regions(
// CHECK-NEXT:    %0 = scf.execute_region -> i32 {
// CHECK-NEXT:      %[[C:.*]] = "t.c"() : () -> i32
// CHECK-NEXT:      "t.br"(%[[C]])[^bb1] : (i32) -> ()
// CHECK-NEXT:    ^bb1(%[[V:.*]]: i32):  // pred: ^bb0
// CHECK-NEXT:      scf.yield %[[V]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = scf.execute_region -> i32 no_inline {
func.func @execute_regions(%x: i32) -> i32 {
  %0 = scf.execute_region -> i32 {
    %c = "t.c"() : () -> i32
    "t.br"(%c)[^bb1] : (i32) -> ()
  ^bb1(%v: i32):
    scf.yield %v : i32
  }
  %1 = scf.execute_region -> i32 no_inline {
    scf.yield %0 : i32
  }
  %2:2 = scf.execute_region -> (i32, i32) {
    scf.yield %x, %x : i32, i32
  } {t.x}
  scf.execute_region {
    scf.yield
  }
  return %1 : i32
}
