// The region simplification of --canonicalize, as MLIR 22's default (region-simplify=normal): unreachable blocks
// erased, then dead ops and dead arguments of non-entry blocks dropped with the operands branches pass them (MLIR's
// runRegionDCE: a value is live when a live op uses it; a successor operand only when the argument it feeds is live,
// so values that only go round a loop die with it). mlir-opt 22 gives the same module (the second RUN line).
// RUN: tl-opt %s --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: %S/../interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize --allow-unregistered-dialect
// With region simplification disabled, MLIR 22's driver still erases unreachable blocks before each iteration's
// processing (and nothing else): the same module as mlir-opt's too.
// RUN: %S/../interop/passes/compare-with-mlir-opt.sh %s %t.disabled --canonicalize=region-simplify=disabled --allow-unregistered-dialect

// A loop-carried value nothing reads: the block argument, the ops computing it and its successor operands go.
// CHECK-LABEL: func.func @dead_loop_value
// CHECK:         cf.br ^bb1(%c0_i32 : i32)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: i32):
// CHECK-NOT:     arith.muli
// CHECK:         cf.cond_br %{{.*}}, ^bb1(%{{.*}} : i32), ^bb2
func.func @dead_loop_value(%n: i32, %x: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^head(%c0, %x : i32, i32)
^head(%i: i32, %acc: i32):
  %acc2 = arith.muli %acc, %acc : i32
  %i2 = arith.addi %i, %c1 : i32
  "test.use"(%i2) : (i32) -> ()
  %more = arith.cmpi slt, %i2, %n : i32
  cf.cond_br %more, ^head(%i2, %acc2 : i32, i32), ^exit
^exit:
  return
}

// -----

// Arguments of blocks with several predecessors are dropped when unused; used ones stay.
// CHECK-LABEL: func.func @dead_arguments
// CHECK:         cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
// CHECK:         cf.br ^bb3(%arg2 : i32)
// CHECK-NEXT:  ^bb3(%[[R:.*]]: i32):
// CHECK-NEXT:    return %[[R]] : i32
func.func @dead_arguments(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^a(%x : i32), ^b(%y : i32)
^a(%p: i32):
  "test.a"() : () -> ()
  cf.br ^join(%p, %x : i32, i32)
^b(%q: i32):
  "test.b"() : () -> ()
  cf.br ^join(%y, %q : i32, i32)
^join(%r: i32, %unused: i32):
  return %r : i32
}

// -----

// Unreachable blocks go, whatever they use or branch to.
// CHECK-LABEL: func.func @unreachable
// CHECK-NOT:     test.dead
func.func @unreachable(%x: i32) -> i32 {
  return %x : i32
^dead(%a: i32):
  "test.dead"(%a) : (i32) -> ()
  cf.br ^dead(%a : i32)
}

// -----

// Identical blocks are not merged by default (MLIR 22 merges them only with region-simplify=aggressive).
// CHECK-LABEL: func.func @identical_blocks_kept
// CHECK:         cf.cond_br %arg0, ^bb1, ^bb2
// CHECK:         arith.addi
// CHECK:         arith.addi
func.func @identical_blocks_kept(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = arith.addi %x, %y : i32
  cf.br ^bb3(%a : i32)
^bb2:
  %b = arith.addi %x, %y : i32
  cf.br ^bb3(%b : i32)
^bb3(%r: i32):
  return %r : i32
}

// -----

// Unreachable code may use its own results. The driver erases unreachable blocks before it processes the
// worklist, so no fold ever sees `%a = arith.addi %a, %c0` (folding it to itself went on forever).
// CHECK-LABEL: func.func @self_referencing_unreachable
// CHECK-NEXT:    return %arg0 : i64
// CHECK-NEXT:  }
func.func @self_referencing_unreachable(%x: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  return %x : i64
^bb1:
  %a = arith.addi %a, %c0 : i64
  %b = arith.subi %b, %a : i64
  %m = arith.muli %m, %b : i64
  "test.use"(%m) : (i64) -> ()
  cf.br ^bb1
}

// -----

// What only unreachable code used goes with it, in the same iteration (the erased ops put the definitions of
// their operands back on the worklist).
// CHECK-LABEL: func.func @used_only_when_unreachable
// CHECK-NOT:     arith.muli
// CHECK:         return %arg0 : i32
func.func @used_only_when_unreachable(%x: i32, %m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %sq = arith.muli %x, %x : i32
  %q = arith.muli %sq, %sq : i32
  return %x : i32
^bb1:
  memref.store %q, %m[%c0] : memref<4xi32>
  cf.br ^bb1
}
