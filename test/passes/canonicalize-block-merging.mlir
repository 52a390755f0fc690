// Block merging, the aggressive level of canonicalize's region simplification (MLIR's mergeIdenticalBlocks and
// dropRedundantArguments): identical blocks merge, with the values they differ in passed as new arguments, and an
// argument every predecessor passes the same value is replaced by it. mlir-opt 22 gives the same modules (the
// second and third RUN lines).
// RUN: tl-opt %s --canonicalize=region-simplify=aggressive --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: %S/../interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize=region-simplify=aggressive --allow-unregistered-dialect
// RUN: %S/../interop/passes/compare-with-mlir-opt.sh %s %t.bottom-up '--canonicalize=region-simplify=aggressive top-down=false' --allow-unregistered-dialect

// Two blocks that only return merge; the branch then goes to one block and folds away.
// CHECK-LABEL: func.func @same_returns
// CHECK-NEXT:    return
func.func @same_returns(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  return
^b:
  return
}

// -----

// Blocks that differ in values defined outside them merge: the values become arguments of the block kept.
// CHECK-LABEL: func.func @outside_operands
// CHECK-NEXT:    %[[R:.*]] = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:    return %[[R]] : i32
func.func @outside_operands(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  return %x : i32
^b:
  return %y : i32
}

// -----

// With arguments of their own, used at the same places.
// CHECK-LABEL: func.func @with_args
// CHECK-DAG:     %[[A:.*]] = arith.select %arg0, %arg2, %arg1 : i32
// CHECK-DAG:     %[[B:.*]] = arith.select %arg0, %arg1, %arg2 : i32
// CHECK:         return %[[B]], %[[A]] : i32, i32
func.func @with_args(%c: i1, %x: i32, %y: i32) -> (i32, i32) {
  cf.cond_br %c, ^a(%y : i32), ^b(%x : i32)
^a(%p: i32):
  return %x, %p : i32, i32
^b(%q: i32):
  return %y, %q : i32, i32
}

// -----

// Arguments used at different places: no merge (region DCE and the select pattern still simplify).
// CHECK-LABEL: func.func @arg_uses_differ
// CHECK-NEXT:    return %arg1, %arg2 : i32, i32
func.func @arg_uses_differ(%c: i1, %x: i32, %y: i32) -> (i32, i32) {
  cf.cond_br %c, ^a(%y : i32), ^b(%x : i32)
^a(%p: i32):
  return %x, %p : i32, i32
^b(%q: i32):
  return %q, %y : i32, i32
}

// -----

// Arguments of different types: no merge.
// CHECK-LABEL: func.func @arg_types_differ
// CHECK:         cf.cond_br %arg0, ^bb1, ^bb2
func.func @arg_types_differ(%c: i1, %x: i32, %y: i16) {
  cf.cond_br %c, ^a(%x : i32), ^b(%y : i16)
^a(%p: i32):
  "test.ret"(%p) : (i32) -> ()
^b(%q: i16):
  "test.ret"(%q) : (i16) -> ()
}

// -----

// Different ops: no merge.
// CHECK-LABEL: func.func @ops_differ
// CHECK:         cf.cond_br %arg0, ^bb1, ^bb2
func.func @ops_differ(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  "test.ret"() : () -> ()
^b:
  return
}

// -----

// Blocks holding ops with regions are not merged (as MLIR).
// CHECK-LABEL: func.func @regions_inside
// CHECK:         cf.cond_br %arg0, ^bb1, ^bb2
func.func @regions_inside(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  scf.if %c {
    "test.op"() : () -> ()
  }
  return
^b:
  scf.if %c {
    "test.op"() : () -> ()
  }
  return
}

// -----

// A block that branches to itself merges with one that branches to it: the loop-carried condition becomes an
// argument.
// CHECK-LABEL: func.func @back_edges
// CHECK:         %[[E:.*]] = "test.op"() : () -> i1
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1(%arg1 : i1), ^bb2
// CHECK-NEXT:  ^bb1(%[[C:.*]]: i1):
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1(%[[E]] : i1), ^bb2
func.func @back_edges(%c: i1, %d: i1) {
  %e = "test.op"() : () -> (i1)
  cf.cond_br %c, ^b2, ^b3
^b1:
  cf.cond_br %e, ^b1, ^b3
^b2:
  cf.cond_br %d, ^b1, ^b3
^b3:
  return
}

// -----

// Stores of values of different types: no merge.
// CHECK-LABEL: func.func @store_types
// CHECK:         memref.store %{{.*}} : memref<i32>
// CHECK:         memref.store %{{.*}} : memref<i1>
func.func @store_types(%c: i1, %m: memref<i32>, %n: memref<i1>) {
  %z = arith.constant 0 : i32
  %t = arith.constant true
  cf.br ^h
^h:
  cf.cond_br %c, ^x, ^y
^x:
  memref.store %z, %m[] : memref<i32>
  cf.br ^h
^y:
  memref.store %t, %n[] : memref<i1>
  cf.br ^h
}

// -----

// A value defined in one of the blocks is used elsewhere: merging would make the call see the wrong one.
// CHECK-LABEL: func.func @used_outside
// CHECK:         %[[IP:.*]] = arith.addi %arg1, %c1_i32 : i32
// CHECK:         arith.addi
// CHECK:         call @show(%{{.*}}, %[[IP]])
func.func private @show(%a: i32, %b: i32)
func.func @used_outside(%n: i32, %i: i32) {
  %one = arith.constant 1 : i32
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^b2, ^b3
^b2:
  %ip = arith.addi %i, %one : i32
  cf.br ^b4(%ip : i32)
^b7:
  %jp = arith.addi %j, %one : i32
  cf.br ^b4(%jp : i32)
^b4(%j: i32):
  %lt2 = arith.cmpi slt, %j, %n : i32
  call @show(%j, %ip) : (i32, i32) -> ()
  cf.cond_br %lt2, ^b7, ^b3
^b3:
  return
}

// -----

// Values defined inside each block, used at the same places, with outside values that differ.
// CHECK-LABEL: func.func @internal_values
// CHECK-NEXT:    %[[X:.*]] = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:    %[[Y:.*]] = arith.select %arg0, %arg2, %arg1 : i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:    arith.muli %[[S]], %[[Y]] : i32
func.func @internal_values(%c: i1, %x: i32, %y: i32, %m: memref<i32>) {
  cf.cond_br %c, ^a, ^b
^a:
  %s = arith.addi %x, %x : i32
  %t = arith.muli %s, %y : i32
  memref.store %t, %m[] : memref<i32>
  return
^b:
  %u = arith.addi %y, %y : i32
  %v = arith.muli %u, %x : i32
  memref.store %v, %m[] : memref<i32>
  return
}

// -----

// The same outside value at two places of each block gives one new argument, not two.
// CHECK-LABEL: func.func @repeated_new_args
// CHECK-NEXT:    %[[X:.*]] = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:    arith.addi %[[X]], %[[X]] : i32
func.func @repeated_new_args(%c: i1, %x: i32, %y: i32, %m: memref<i32>) {
  cf.cond_br %c, ^a, ^b
^a:
  %s = arith.addi %x, %x : i32
  memref.store %s, %m[] : memref<i32>
  return
^b:
  %u = arith.addi %y, %y : i32
  memref.store %u, %m[] : memref<i32>
  return
}

// -----

// The successors of a cf.switch merge into one block that takes the value as an argument.
// CHECK-LABEL: func.func @switch_merge
// CHECK:         default: ^bb1(%arg1 : i32),
// CHECK-NEXT:    1: ^bb1(%arg2 : i32),
// CHECK-NEXT:    2: ^bb1(%arg3 : i32)
// CHECK:       ^bb1(%[[W:.*]]: i32):
// CHECK-NEXT:    return %[[W]] : i32
func.func @switch_merge(%f: i32, %x: i32, %y: i32, %z: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^a,
    1: ^b,
    2: ^c(%z : i32)
  ]
^a:
  return %x : i32
^b:
  return %y : i32
^c(%w: i32):
  return %w : i32
}

// -----

// An argument every predecessor passes the same value is replaced by that value.
// CHECK-LABEL: func.func @redundant_arg
// CHECK:         cf.cond_br %arg0, ^bb2(%arg2 : i32), ^bb1
// CHECK:         cf.br ^bb2(%arg1 : i32)
// CHECK:       ^bb2(%[[Q:.*]]: i32):
// CHECK-NEXT:    return %arg1, %[[Q]] : i32, i32
func.func @redundant_arg(%c: i1, %x: i32, %y: i32) -> (i32, i32) {
  cf.cond_br %c, ^a(%x, %y : i32, i32), ^b
^b:
  "test.op"() : () -> ()
  cf.br ^a(%x, %x : i32, i32)
^a(%p: i32, %q: i32):
  return %p, %q : i32, i32
}

// -----

// Three blocks, two of them storing the same value: all three merge.
// CHECK-LABEL: func.func @three_way
// CHECK:         default: ^bb1(%arg1 : i32),
// CHECK-NEXT:    1: ^bb1(%arg2 : i32)
// CHECK-NEXT:  ]
func.func @three_way(%f: i32, %x: i32, %y: i32, %z: i32, %m: memref<i32>) {
  cf.switch %f : i32, [
    default: ^a,
    1: ^b,
    2: ^c
  ]
^a:
  memref.store %x, %m[] : memref<i32>
  cf.br ^e
^b:
  memref.store %y, %m[] : memref<i32>
  cf.br ^e
^c:
  memref.store %x, %m[] : memref<i32>
  cf.br ^e
^e:
  return
}
