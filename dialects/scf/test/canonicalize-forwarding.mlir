// Canonicalizing scf ops whose results only forward values: loop-carried values that pass each other's values
// around (all starting from one value), scf.index_switch on a constant or with results that are unused or the same
// outside value in every case, scf.execute_region results yielded from outside, and an scf.parallel nested
// directly in another. mlir-opt 22 gives the same module for every case here (the second RUN line).
// RUN: tl-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize

// Three carried values rotate (a <- b <- c <- a), all starting at %x: each is %x in every iteration.
// CHECK-LABEL: func.func @rotate_three
// CHECK-SAME: (%[[N:.*]]: index, %[[X:.*]]: f32)
// CHECK: scf.for
// CHECK-NOT: iter_args
// CHECK: func.call @use2(%[[X]], %[[X]]) : (f32, f32) -> ()
// CHECK: return %[[X]], %[[X]], %[[X]] : f32, f32, f32
func.func private @use2(f32, f32)
func.func @rotate_three(%n: index, %x: f32) -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x, %c = %x) -> (f32, f32, f32) {
    func.call @use2(%a, %c) : (f32, f32) -> ()
    scf.yield %b, %c, %a : f32, f32, f32
  }
  return %r#0, %r#1, %r#2 : f32, f32, f32
}

// -----

// Two values swap but start from different values: they alternate, and both stay.
// CHECK-LABEL: func.func @swap_distinct_inits
// CHECK: %{{.*}}:2 = scf.for {{.*}} iter_args(%[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}) -> (i32, i32)
// CHECK: scf.yield %[[B]], %[[A]] : i32, i32
func.func private @use(i32)
func.func @swap_distinct_inits(%n: index, %x: i32, %y: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y) -> (i32, i32) {
    func.call @use(%a) : (i32) -> ()
    scf.yield %b, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// A switch on a constant becomes the case that runs; a value with no case, the default.
// CHECK-LABEL: func.func @switch_on_constant
// CHECK-NOT: scf.index_switch
// CHECK-DAG: %[[C20:.*]] = arith.constant 20 : i32
// CHECK-DAG: %[[C99:.*]] = arith.constant 99 : i32
// CHECK: return %[[C20]], %[[C99]] : i32, i32
func.func @switch_on_constant() -> (i32, i32) {
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %0 = scf.index_switch %c5 -> i32
  case 2 {
    %v = arith.constant 10 : i32
    scf.yield %v : i32
  }
  case 5 {
    %v = arith.constant 20 : i32
    scf.yield %v : i32
  }
  default {
    %v = arith.constant 99 : i32
    scf.yield %v : i32
  }
  %1 = scf.index_switch %c7 -> i32
  case 2 {
    %v = arith.constant 10 : i32
    scf.yield %v : i32
  }
  default {
    %v = arith.constant 99 : i32
    scf.yield %v : i32
  }
  return %0, %1 : i32, i32
}

// -----

// The second result is %p in every case, the third is unused: the switch keeps only the first.
// CHECK-LABEL: func.func @switch_forwarded_and_unused
// CHECK-SAME: (%[[I:.*]]: index, %[[P:.*]]: f32, %[[M:.*]]: memref<f32>)
// CHECK: %[[S:.*]] = scf.index_switch %[[I]] -> f32
// CHECK: return %[[S]], %[[P]] : f32, f32
func.func @switch_forwarded_and_unused(%i: index, %p: f32, %m: memref<f32>) -> (f32, f32) {
  %0:3 = scf.index_switch %i -> f32, f32, f32
  case 0 {
    %v = memref.load %m[] : memref<f32>
    scf.yield %v, %p, %v : f32, f32, f32
  }
  default {
    %w = arith.addf %p, %p : f32
    memref.store %w, %m[] : memref<f32>
    scf.yield %w, %p, %p : f32, f32, f32
  }
  return %0#0, %0#1 : f32, f32
}

// -----

// An execute_region that yields a value defined before it: that result is the value, and the op loses it.
// CHECK-LABEL: func.func @region_yields_outer_value
// CHECK-SAME: (%[[M:.*]]: memref<4xf32>)
// CHECK: %[[R:.*]] = scf.execute_region -> f32 no_inline
// CHECK: return %[[M]], %[[R]] : memref<4xf32>, f32
func.func @region_yields_outer_value(%m: memref<4xf32>) -> (memref<4xf32>, f32) {
  %0:2 = scf.execute_region -> (memref<4xf32>, f32) no_inline {
    %c3 = arith.constant 3 : index
    %v = memref.load %m[%c3] : memref<4xf32>
    scf.yield %m, %v : memref<4xf32>, f32
  }
  return %0#0, %0#1 : memref<4xf32>, f32
}

// -----

// A parallel loop whose body is only another one, with bounds from outside: one loop over both dimensions.
// CHECK-LABEL: func.func @nested_parallel_merge
// CHECK-SAME: (%[[M:.*]]: memref<?x8xf32>, %[[N:.*]]: index)
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%[[N]], %{{.*}}) step
// CHECK-NEXT: memref.store %{{.*}}, %[[M]][%[[I]], %[[J]]]
// CHECK-NOT: scf.parallel
func.func @nested_parallel_merge(%m: memref<?x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 0.5 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%c8) step (%c1) {
      memref.store %f, %m[%i, %j] : memref<?x8xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// The inner loop's bound is the outer induction variable (a triangle): the loops stay nested.
// CHECK-LABEL: func.func @nested_parallel_triangle
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[I]])
func.func @nested_parallel_triangle(%m: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 0.5 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%i) step (%c1) {
      memref.store %f, %m[%i, %j] : memref<?x?xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}
