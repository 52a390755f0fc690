// scf dialect interop with mlir-opt 22, both ways: what tl-opt prints (custom or generic) mlir-opt reads to the
// same module, and tl-opt reads what mlir-opt prints; with and without locations. Programs as a frontend would
// write them, with arith and memref ops in the loop bodies.
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
// The same with locations, in both forms (the locations of implicit terminators are printed by neither tool):
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.ref.loc | diff %t.ref.loc -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.tlir.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.tlir.loc | diff %t.ref.loc -
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.ref.gloc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.ref.gloc | diff %t.ref.gloc -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.tlir.gloc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.tlir.gloc | diff %t.ref.gloc -

#map = strided<[?, 1], offset: ?>

// C += A * B with three nested loops, the innermost one carrying the sum.
func.func @matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %a, %c0 : memref<?x?xf32>
  %k = memref.dim %a, %c1 : memref<?x?xf32>
  %n = memref.dim %b, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %init = memref.load %c[%i, %j] : memref<?x?xf32>
      %sum = scf.for %l = %c0 to %k step %c1 iter_args(%acc = %init) -> (f32) {
        %x = memref.load %a[%i, %l] : memref<?x?xf32>
        %y = memref.load %b[%l, %j] : memref<?x?xf32>
        %p = arith.mulf %x, %y fastmath<contract> : f32
        %s = arith.addf %acc, %p fastmath<contract> : f32
        scf.yield %s : f32
      } {t.unroll = 4 : i32}
      memref.store %sum, %c[%i, %j] : memref<?x?xf32>
    } loc("matmul.c":3:5)
  } loc("matmul.c":2:3)
  return
}

// Tiles of 32x32 through subviews, the last tile clamped with arith.minsi.
func.func @tiled_copy(%src: memref<?x?xf32>, %dst: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = memref.dim %src, %c0 : memref<?x?xf32>
  %n = memref.dim %src, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %m step %c32 {
    scf.for %j = %c0 to %n step %c32 {
      %ri = arith.subi %m, %i : index
      %rj = arith.subi %n, %j : index
      %ti = arith.minsi %ri, %c32 : index
      %tj = arith.minsi %rj, %c32 : index
      %s = memref.subview %src[%i, %j] [%ti, %tj] [1, 1] : memref<?x?xf32> to memref<?x?xf32, #map>
      %d = memref.subview %dst[%i, %j] [%ti, %tj] [1, 1] : memref<?x?xf32> to memref<?x?xf32, #map>
      memref.copy %s, %d : memref<?x?xf32, #map> to memref<?x?xf32, #map>
    }
  }
  return
}

// Integer loop bounds, signed and unsigned, with two loop-carried values.
func.func @fib(%n: i32) -> i64 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a0 = arith.constant 0 : i64
  %b0 = arith.constant 1 : i64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (i64, i64) : i32 {
    %next = arith.addi %a, %b : i64
    scf.yield %b, %next : i64, i64
  }
  scf.for unsigned %i = %c0 to %n step %c1 : i32 {
    "t.use"(%i) : (i32) -> ()
  }
  return %r#0 : i64
}

// Euclid's algorithm: the before region tests, the after region steps.
func.func @gcd(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %ne = arith.cmpi ne, %b, %c0 : i32
    scf.condition(%ne) %a, %b : i32, i32
  } do {
  ^bb0(%a: i32 loc("gcd.c":4:7), %b: i32):
    %rem = arith.remsi %a, %b : i32
    scf.yield %b, %rem : i32, i32
  } attributes {t.note = "loop"}
  return %r#0 : i32
}

// A while loop whose after region gets other types than the before region's arguments.
func.func @search(%m: memref<?xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi32>
  %found = scf.while (%i = %c0) : (index) -> index {
    %in = arith.cmpi slt, %i, %n : index
    %v = scf.if %in -> (i32) {
      %e = memref.load %m[%i] : memref<?xi32>
      scf.yield %e : i32
    } else {
      scf.yield %key : i32
    }
    %ne = arith.cmpi ne, %v, %key : i32
    %go = arith.andi %in, %ne : i1
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  return %found : index
}

// if without results (its yield left out), if with results, nested.
func.func @relu(%m: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.000000e+00 : f32
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %m[%i] : memref<16xf32>
    %neg = arith.cmpf olt, %v, %zero : f32
    scf.if %neg {
      memref.store %zero, %m[%i] : memref<16xf32>
    }
    %big = arith.cmpf ogt, %v, %zero : f32
    %r = scf.if %big -> (f32) {
      %d = arith.addf %v, %v : f32
      scf.yield %d : f32
    } else {
      %inner = scf.if %neg -> (f32) {
        scf.yield %zero : f32
      } else {
        scf.yield %v : f32
      }
      scf.yield %inner : f32
    }
    "t.use"(%r) : (f32) -> ()
  }
  return
}

// A parallel loop nest with two reductions (sum and max) and one without.
func.func @reduce(%m: memref<?x?xf32>) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.dim %m, %c0 : memref<?x?xf32>
  %c = memref.dim %m, %c1 : memref<?x?xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %sum, %max = scf.parallel (%i, %j) = (%c0, %c0) to (%r, %c) step (%c1, %c1) init (%zero, %ninf) -> (f32, f32) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    scf.reduce(%v, %v : f32, f32) {
    ^bb0(%lhs: f32, %rhs: f32):
      %s = arith.addf %lhs, %rhs : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%lhs: f32, %rhs: f32):
      %x = arith.maximumf %lhs, %rhs : f32
      scf.reduce.return %x : f32
    }
  }
  scf.parallel (%i) = (%c0) to (%r) step (%c1) {
    memref.store %zero, %m[%i, %c0] : memref<?x?xf32>
  }
  return %sum, %max : f32, f32
}

// forall with static and dynamic bounds and steps.
func.func @forall(%m: memref<?x64xf32>, %n: index) {
  %zero = arith.constant 0.000000e+00 : f32
  scf.forall (%i, %j) in (%n, 64) {
    memref.store %zero, %m[%i, %j] : memref<?x64xf32>
  }
  scf.forall (%i) = (0) to (%n) step (8) {
    "t.tile"(%i) : (index) -> ()
  } {t.schedule = "static"}
  return
}

// index_switch with results and without, execute_region with several blocks.
func.func @switch(%k: index, %x: i32) -> i32 {
  %r = scf.index_switch %k -> i32
  case 0 {
    %c = arith.constant 10 : i32
    scf.yield %c : i32
  }
  case 7 {
    %d = arith.muli %x, %x : i32
    scf.yield %d : i32
  }
  default {
    scf.yield %x : i32
  }
  scf.index_switch %k
  case 1 {
    "t.one"() : () -> ()
    scf.yield
  }
  default {
  }
  %e = scf.execute_region -> i32 {
    %c = arith.constant 1 : i32
    "t.br"(%c)[^bb1] : (i32) -> ()
  ^bb1(%v: i32):
    %s = arith.addi %v, %r : i32
    scf.yield %s : i32
  }
  %f = scf.execute_region -> i32 no_inline {
    scf.yield %e : i32
  }
  return %f : i32
}
