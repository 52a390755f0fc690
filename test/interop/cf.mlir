// cf: br and cond_br with block arguments, switch with case operands and a default, loops (back edges),
// blocks with several predecessors, unreachable-looking blocks, assert, and block argument locations.
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref -o %t.tl
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t.tl -o %t.back
// RUN: diff %t.ref %t.back
// RUN: diff %t.ref %t.tl
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.ref.loc -o %t.tl.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.tl.loc -o %t.back.loc
// RUN: diff %t.ref.loc %t.back.loc
// RUN: diff %t.ref.loc %t.tl.loc

func.func @branches(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^then(%x : i32), ^else(%y, %x : i32, i32)
^then(%a: i32):
  cf.br ^join(%a : i32)
^else(%b: i32, %b2: i32):
  %s = arith.addi %b, %b2 : i32
  cf.br ^join(%s : i32)
^join(%r: i32):
  return %r : i32
}

func.func @loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0, %c0 : index, index)
^header(%i: index, %acc: index):
  %cond = arith.cmpi slt, %i, %n : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %acc2 = arith.addi %acc, %i : index
  %i2 = arith.addi %i, %c1 : index
  cf.br ^header(%i2, %acc2 : index, index)
^exit:
  return %acc : index
}

func.func @switches(%flag: i32, %x: f32) -> f32 {
  cf.switch %flag : i32, [
    default: ^default(%x : f32),
    42: ^case42,
    -7: ^case_neg(%x, %flag : f32, i32),
    0: ^default(%x : f32)
  ]
^default(%v: f32):
  return %v : f32
^case42:
  %c = arith.constant 42.0 : f32
  cf.br ^default(%c : f32)
^case_neg(%w: f32, %f: i32):
  cf.br ^default(%w : f32)
}

func.func @switch_default_only(%flag: i64) {
  cf.switch %flag : i64, [
    default: ^bb1
  ]
^bb1:
  return
}

func.func @many_predecessors(%a: i1, %b: i1) {
  cf.cond_br %a, ^bb1, ^bb2
^bb1:
  cf.cond_br %b, ^bb3, ^bb4
^bb2:
  cf.cond_br %b, ^bb3, ^bb5
^bb3:
  cf.br ^bb5
^bb4:
  cf.br ^bb5
^bb5:
  cf.assert %a, "a must hold"
  return
}

func.func @self_loop(%c: i1) {
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}

func.func @cond_br_same_target(%c: i1, %x: i8) -> i8 {
  cf.cond_br %c, ^bb1(%x : i8), ^bb1(%x : i8) {branch_weights = array<i32: 3, 5>}
^bb1(%y: i8):
  return %y : i8
}

func.func @block_arg_locs(%c: i1 loc(#loc), %x: i32 loc(unknown)) -> i32 {
  cf.br ^bb1(%x : i32)
^bb1(%y: i32 loc("block_arg.mlir":3:4)):
  return %y : i32
}
#loc = loc("args.mlir":1:2)
