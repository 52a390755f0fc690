// Loop-invariant code motion of ops whose speculatability depends on the op (MLIR's ConditionallySpeculatable):
// an integer division moves out of a loop only when its divisor is a constant that cannot make it trap (no zero
// element; for a signed division no -1 either), and an scf.for moves only when its step is 1 (it ends for any
// bounds) and its body may be speculated. mlir-opt 22 gives the same modules (the second RUN line).
// RUN: tl-opt %s --loop-invariant-code-motion --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: %S/../interop/passes/compare-with-mlir-opt.sh %s %t --loop-invariant-code-motion --allow-unregistered-dialect

// CHECK-LABEL: func.func @divisions
// CHECK-DAG:     arith.divui %arg0, %c3_i32 : i32
// CHECK-DAG:     arith.divsi %arg0, %c3_i32 : i32
// CHECK-DAG:     arith.ceildivsi %arg0, %c3_i32 : i32
// CHECK-DAG:     arith.ceildivui %arg0, %c3_i32 : i32
// CHECK-DAG:     arith.divui %arg3, %cst : vector<4xi32>
// CHECK:         scf.for
// CHECK-DAG:       arith.divsi %arg0, %c-1_i32 : i32
// CHECK-DAG:       arith.divui %arg0, %arg1 : i32
// CHECK-DAG:       arith.divui %arg0, %c0_i32 : i32
// CHECK-DAG:       arith.divui %arg3, %cst_0 : vector<4xi32>
// CHECK-DAG:       arith.divui %arg0, %{{.*}} : i32
// CHECK:           "test.use"
func.func @divisions(%x: i32, %y: i32, %n: index, %v: vector<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : i32
  %cm1 = arith.constant -1 : i32
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %nonzero = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %withzero = arith.constant dense<[1, 0, 3, 4]> : vector<4xi32>
  %d1 = arith.ori %y, %one : i32
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.divui %x, %c3 : i32
    %b = arith.divsi %x, %c3 : i32
    %c = arith.divsi %x, %cm1 : i32
    %f = arith.ceildivsi %x, %c3 : i32
    %g = arith.ceildivui %x, %c3 : i32
    %k = arith.divui %x, %y : i32
    %l = arith.divui %x, %z : i32
    %p = arith.divui %v, %nonzero : vector<4xi32>
    %q = arith.divui %v, %withzero : vector<4xi32>
    %r = arith.divui %x, %d1 : i32
    "test.use"(%a, %b, %c, %f, %g, %k, %l, %p, %q, %r) : (i32, i32, i32, i32, i32, i32, i32, vector<4xi32>, vector<4xi32>, i32) -> ()
  }
  return
}

// -----

// The inner loops of step 1 move out once their bodies have (one of them with a result); the loop of step 2 stays.
// CHECK-LABEL: func.func @inner_loops
// CHECK:         arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    scf.for %{{.*}} = %c0 to %arg1 step %c1 {
// CHECK-NEXT:    }
// CHECK-NEXT:    arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    %[[R:.*]] = scf.for %{{.*}} = %c0 to %arg1 step %c1 iter_args
// CHECK:         scf.for %{{.*}} = %c0 to %c4 step %c1 {
// CHECK-NEXT:      scf.for %{{.*}} = %c0 to %arg1 step %c2 {
// CHECK-NEXT:      }
// CHECK-NEXT:      "test.use"(%[[R]]) : (i32) -> ()
func.func @inner_loops(%x: i32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %a = arith.addi %x, %x : i32
    }
    scf.for %j = %c0 to %n step %c2 {
      %b = arith.muli %x, %x : i32
    }
    %r = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
      %s = arith.addi %acc, %x : i32
      scf.yield %s : i32
    }
    "test.use"(%r) : (i32) -> ()
  }
  return
}
