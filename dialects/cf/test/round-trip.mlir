// cf dialect: custom and generic forms round-trip, and print exactly as mlir-opt 22 prints them (both directions,
// with locations too): branches with and without operands, branch weights, switches with and without cases,
// negative and wide case values (printed unsigned, as MLIR's getLimitedValue), assertions.
// RUN: tl-opt %s | FileCheck %s
// RUN: tl-opt %s -o %t.tlir
// RUN: mlir-opt %s -o %t.ref
// RUN: diff %t.ref %t.tlir
// RUN: tl-opt %t.tlir | diff %t.ref -
// RUN: mlir-opt %t.tlir | diff %t.ref -
// RUN: tl-opt --mlir-print-op-generic %s -o %t.tlir.generic
// RUN: mlir-opt --mlir-print-op-generic %s -o %t.ref.generic
// RUN: diff %t.ref.generic %t.tlir.generic
// RUN: tl-opt %t.tlir.generic | diff %t.ref -
// RUN: tl-opt %t.ref.generic | diff %t.ref -
// RUN: mlir-opt %t.tlir.generic | diff %t.ref -
// RUN: tl-opt --mlir-print-debuginfo %s -o %t.tlir.loc
// RUN: mlir-opt --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: diff %t.ref.loc %t.tlir.loc
// RUN: tl-opt --mlir-print-debuginfo %t.ref.loc | diff %t.ref.loc -
// RUN: tl-opt --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.tlir.gloc
// RUN: mlir-opt --mlir-print-op-generic --mlir-print-debuginfo %s | diff - %t.tlir.gloc

// CHECK-LABEL: func.func @branches(
// CHECK-NEXT:    cf.assert %arg0, "must hold"
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
// CHECK-NEXT:  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:    cf.br ^bb3(%0 : i32)
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    cf.switch %arg1 : i32, [
// CHECK-NEXT:      default: ^bb3(%arg2 : i32),
// CHECK-NEXT:      42: ^bb1(%arg1 : i32),
// CHECK-NEXT:      4294967295: ^bb3(%arg1 : i32)
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb3(%1: i32):  // 3 preds: ^bb1, ^bb2, ^bb2
// CHECK-NEXT:    return %1 : i32
func.func @branches(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.assert %c, "must hold"
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  cf.br ^bb3(%a : i32)
^bb2:
  cf.switch %x : i32, [
    default: ^bb3(%y : i32),
    42: ^bb1(%x : i32),
    -1: ^bb3(%x : i32)
  ]
^bb3(%r: i32):
  return %r : i32
}

// CHECK-LABEL: func.func @weights_and_loops(
// CHECK:         cf.cond_br %arg0 weights([3, 5]), ^bb1(%arg1, %arg2 : i64, f32), ^bb2 {t.note = 1 : i32}
// CHECK:         cf.switch %arg3 : i8, [
// CHECK-NEXT:      default: ^bb1(%0, %2 : i64, f32)]
func.func @weights_and_loops(%c: i1, %n: i64, %f: f32, %k: i8) {
  cf.cond_br %c weights([3, 5]), ^loop(%n, %f : i64, f32), ^exit {t.note = 1 : i32}
^loop(%i: i64, %acc: f32):
  %s = arith.addf %acc, %acc : f32
  cf.switch %k : i8, [
    default: ^loop(%i, %s : i64, f32)
  ]
^exit:
  return
}

// Generic forms, including a switch without case values.
// CHECK-LABEL: func.func @generic(
// CHECK:         cf.switch %arg1 : i64, [
// CHECK-NEXT:      default: ^bb1]
// CHECK:         cf.switch %arg2 : i16, [
// CHECK-NEXT:      default: ^bb3,
// CHECK-NEXT:      65535: ^bb1,
// CHECK-NEXT:      7: ^bb3
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb2:  // no predecessors
// CHECK-NEXT:    cf.br ^bb3
// CHECK-NEXT:  ^bb3:  // 3 preds: ^bb1, ^bb1, ^bb2
// CHECK-NEXT:    cf.assert %arg0, "multi{{.}}0Aline {{.}}22quoted{{.}}22"
func.func @generic(%c: i1, %x: i64, %h: i16) {
  "cf.switch"(%x)[^a] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> ()
^a:
  "cf.switch"(%h)[^c, ^a, ^c] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<[-1, 7]> : vector<2xi16>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i16) -> ()
^b:
  "cf.br"()[^c] : () -> () loc("here.mlir":3:4)
^c:
  "cf.assert"(%c) <{msg = "multi\nline \"quoted\""}> : (i1) -> ()
  return
}
