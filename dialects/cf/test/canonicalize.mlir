// Canonicalizing cf ops: every pattern of MLIR 22's set (assertions of true, branches to blocks with one
// predecessor, pass-through blocks, cond_br on constants, identical successors, cond_br and switch on a condition
// already decided, truth propagation, switches with only a default, cases that match the default, switches on
// constants), together with the region simplification canonicalize does (unreachable blocks, dead block arguments).
// mlir-opt 22 gives the same module for every case (the second RUN line).
// RUN: tl-opt %s --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize --allow-unregistered-dialect

// CHECK-LABEL: func.func @assert_true
// CHECK-NOT:     cf.assert
// CHECK:         return
func.func @assert_true() {
  %t = arith.constant true
  cf.assert %t, "always"
  return
}

// -----

// CHECK-LABEL: func.func @assert_kept
// CHECK:         %[[F:.*]] = arith.constant false
// CHECK:         cf.assert %arg0, "maybe"
// CHECK:         cf.assert %[[F]], "never"
func.func @assert_kept(%c: i1) {
  %f = arith.constant false
  cf.assert %c, "maybe"
  cf.assert %f, "never"
  return
}

// -----

// A chain of single-predecessor blocks becomes one block.
// CHECK-LABEL: func.func @merge_single_predecessor
// CHECK-NEXT:    "test.a"(%arg0)
// CHECK-NEXT:    "test.b"(%arg0)
// CHECK-NEXT:    return
func.func @merge_single_predecessor(%x: i32) {
  cf.br ^bb1(%x : i32)
^bb1(%a: i32):
  "test.a"(%a) : (i32) -> ()
  cf.br ^bb2
^bb2:
  "test.b"(%a) : (i32) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @cond_br_constant
// CHECK-NEXT:    "test.then"(%arg0)
// CHECK-NEXT:    "test.else"(%arg1)
// CHECK-NEXT:    return
func.func @cond_br_constant(%x: i32, %y: i32) {
  %t = arith.constant true
  %f = arith.constant false
  cf.cond_br %t, ^then(%x : i32), ^dead(%y : i32)
^then(%a: i32):
  "test.then"(%a) : (i32) -> ()
  cf.cond_br %f, ^dead(%a : i32), ^else
^else:
  "test.else"(%y) : (i32) -> ()
  return
^dead(%d: i32):
  "test.dead"(%d) : (i32) -> ()
  return
}

// -----

// Both ways through blocks that only branch on: the cond_br goes straight to their destinations (then both ways
// lead to one block, with a select of the values).
// CHECK-LABEL: func.func @pass_through
// CHECK-NEXT:    "test.before"()
// CHECK-NEXT:    %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:    "test.use"(%[[S]])
func.func @pass_through(%c: i1, %x: i32, %y: i32) {
  "test.before"() : () -> ()
  cf.cond_br %c, ^t, ^f
^t:
  cf.br ^join(%x : i32)
^f:
  cf.br ^join(%y : i32)
^join(%r: i32):
  "test.use"(%r) : (i32) -> ()
  return
}

// -----

// Not into a loop of unconditional branches (MLIR 22 leaves those pass-through blocks).
// CHECK-LABEL: func.func @pass_through_into_loop
// CHECK:         cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%arg2 : i32)
func.func @pass_through_into_loop(%c: i1, %x: i32, %y: i32) {
  "test.before"() : () -> ()
  cf.cond_br %c, ^t, ^f
^t:
  cf.br ^join(%x : i32)
^f:
  cf.br ^join(%y : i32)
^join(%r: i32):
  "test.use"(%r) : (i32) -> ()
  cf.br ^l
^l:
  "test.l"() : () -> ()
  cf.br ^join(%r : i32)
}

// -----

// Identical successors with the same operands: a branch; with different ones, a select.
// CHECK-LABEL: func.func @identical_successors
// CHECK:         %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : i32
// CHECK:         "test.use"(%[[S]], %arg1)
func.func @identical_successors(%c: i1, %x: i32, %y: i32) {
  cf.cond_br %c, ^bb1(%x, %x : i32, i32), ^bb1(%y, %x : i32, i32)
^bb1(%a: i32, %b: i32):
  "test.use"(%a, %b) : (i32, i32) -> ()
  cf.cond_br %c, ^bb2, ^bb2
^bb2:
  return
}

// -----

// A cond_br on a condition its block's single predecessor already branched on.
// CHECK-LABEL: func.func @same_condition
// CHECK:         cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    "test.first"()
// CHECK-NEXT:    "test.then"()
// CHECK-NEXT:    return
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    "test.else"()
func.func @same_condition(%c: i1) {
  cf.cond_br %c, ^first, ^else
^first:
  "test.first"() : () -> ()
  cf.cond_br %c, ^then, ^else2
^then:
  "test.then"() : () -> ()
  return
^else:
  "test.else"() : () -> ()
  return
^else2:
  "test.else2"() : () -> ()
  return
}

// -----

// The condition in a block reached only one way is known there.
// CHECK-LABEL: func.func @truth_propagation
// CHECK-DAG:     %[[T:.*]] = arith.constant true
// CHECK-DAG:     %[[F:.*]] = arith.constant false
// CHECK:         cf.cond_br %arg0, ^bb1, ^bb2
// CHECK:         "test.consumer1"(%[[T]])
// CHECK:         "test.consumer2"(%[[F]])
func.func @truth_propagation(%c: i1) {
  cf.cond_br %c, ^t, ^f
^t:
  "test.consumer1"(%c) : (i1) -> ()
  return
^f:
  "test.consumer2"(%c) : (i1) -> ()
  return
}

// -----

// An infinite loop through a block that only branches to itself stays.
// CHECK-LABEL: func.func @infinite_loop
// CHECK:         cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb1
func.func @infinite_loop() {
  "test.entry"() : () -> ()
  cf.br ^loop
^loop:
  cf.br ^loop
}

// -----

// CHECK-LABEL: func.func @switch_only_default
// CHECK-NEXT:    "test.a"(%arg1)
// CHECK-NEXT:    return
func.func @switch_only_default(%f: i32, %x: i32) {
  cf.switch %f : i32, [default: ^bb1(%x : i32)]
^bb1(%a: i32):
  "test.a"(%a) : (i32) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @switch_cases_matching_default
// CHECK:         cf.switch %arg0 : i32, [
// CHECK-NEXT:      default: ^bb1(%arg1 : i32),
// CHECK-NEXT:      43: ^bb2
// CHECK-NEXT:    ]
func.func @switch_cases_matching_default(%f: i32, %x: i32) {
  cf.switch %f : i32, [
    default: ^bb1(%x : i32),
    42: ^bb1(%x : i32),
    43: ^bb2
  ]
^bb1(%a: i32):
  "test.a"(%a) : (i32) -> ()
  return
^bb2:
  "test.b"() : () -> ()
  return
}

// -----

// CHECK-LABEL: func.func @switch_constant
// CHECK-NEXT:    "test.b"()
// CHECK-NEXT:    "test.default"()
// CHECK-NEXT:    return
func.func @switch_constant() {
  %c43 = arith.constant 43 : i32
  %c7 = arith.constant -7 : i32
  cf.switch %c43 : i32, [default: ^default, 42: ^a, 43: ^b]
^a:
  "test.a"() : () -> ()
  return
^b:
  "test.b"() : () -> ()
  cf.switch %c7 : i32, [default: ^default, 42: ^a]
^default:
  "test.default"() : () -> ()
  return
}

// -----

// Cases (and the default) through blocks that only branch on.
// CHECK-LABEL: func.func @switch_pass_through
// CHECK:         cf.switch %arg0 : i32, [
// CHECK-NEXT:      default: ^bb2(%arg2 : i32),
// CHECK-NEXT:      1: ^bb2(%arg1 : i32),
// CHECK-NEXT:      2: ^bb1
// CHECK-NEXT:    ]
func.func @switch_pass_through(%f: i32, %x: i32, %y: i32) {
  "test.before"() : () -> ()
  cf.switch %f : i32, [default: ^d, 1: ^one(%x : i32), 2: ^two]
^d:
  cf.br ^join(%y : i32)
^one(%a: i32):
  cf.br ^join(%a : i32)
^two:
  "test.two"() : () -> ()
  return
^join(%r: i32):
  "test.use"(%r) : (i32) -> ()
  "test.more"() : () -> ()
  return
}

// -----

// A switch in a case block of a switch on the same flag takes that case; in the default block, the other cases
// of the first switch cannot happen.
// CHECK-LABEL: func.func @switch_same_flag
// CHECK:         cf.switch %arg0 : i32, [
// CHECK-NEXT:      default: ^bb2,
// CHECK-NEXT:      42: ^bb1
// CHECK-NEXT:    ]
// CHECK:       ^bb1:
// CHECK-NEXT:    "test.case42"()
// CHECK-NEXT:    "test.x"()
// CHECK:       ^bb2:
// CHECK-NEXT:    "test.default"()
// CHECK-NEXT:    cf.switch %arg0 : i32, [
// CHECK-NEXT:      default: ^bb3,
// CHECK-NEXT:      43: ^bb4
// CHECK-NEXT:    ]
func.func @switch_same_flag(%f: i32) {
  cf.switch %f : i32, [default: ^default, 42: ^case42]
^case42:
  "test.case42"() : () -> ()
  cf.switch %f : i32, [default: ^y, 42: ^x]
^default:
  "test.default"() : () -> ()
  cf.switch %f : i32, [default: ^y, 42: ^x, 43: ^z]
^x:
  "test.x"() : () -> ()
  return
^y:
  "test.y"() : () -> ()
  return
^z:
  "test.z"() : () -> ()
  return
}

// -----

// A branch to a block that only branches on, which has other predecessors: the branch goes straight on.
// CHECK-LABEL: func.func @br_pass_through
// CHECK:         cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    "test.a"()
// CHECK-NEXT:    cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    "test.b"()
// CHECK-NEXT:    cf.br ^bb3(%arg2 : i32)
func.func @br_pass_through(%c: i1, %x: i32, %y: i32) {
  cf.cond_br %c, ^a, ^b
^a:
  "test.a"() : () -> ()
  cf.br ^hop(%x : i32)
^b:
  "test.b"() : () -> ()
  cf.br ^hop(%y : i32)
^hop(%h: i32):
  cf.br ^join(%h : i32)
^join(%r: i32):
  "test.use"(%r) : (i32) -> ()
  return
}
