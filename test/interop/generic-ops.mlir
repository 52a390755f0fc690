// The generic operation form itself: ops of unknown dialects with any number of operands, results (also
// several, used as %0#1), successors, properties, attributes and regions; empty regions and blocks; blocks
// without terminators; nested modules with symbols; value and block numbering across regions; predecessor
// comments; a use before its definition in the single-block region of an unregistered op (which may be a
// graph region).
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
// This file is in generic form, so tl-opt can also read it directly: the locations it gives to what it
// parses (an op at its name, a block argument at its %name, the implicit module at 0:0) are mlir-opt's.
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.direct.ref
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.direct.tl
// RUN: diff %t.direct.ref %t.direct.tl
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.custom.ref
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.custom.tl
// RUN: diff %t.custom.ref %t.custom.tl

"my.no_operands"() : () -> ()
%0 = "my.one_result"() : () -> i32
%1:3 = "my.three_results"(%0) : (i32) -> (i32, f32, index)
"my.use"(%1#0, %1#2, %1#1) : (i32, index, f32) -> ()
"my.with_props"(%0) <{a = 1 : i32, b = [2, 3]}> {c = "d"} : (i32) -> ()
"my.empty_region"() ({}) : () -> ()
"my.two_empty_regions"() ({}, {}) : () -> ()
"my.region_with_empty_block"() ({
^bb0:
}) : () -> ()
"my.region_with_args"() ({
^bb0(%a: i32, %b: f32):
  "my.yield"(%a) : (i32) -> ()
}) : () -> ()
"my.multi_block"() ({
^entry(%x: i1):
  "my.cond_br"(%x)[^left, ^right] : (i1) -> ()
^left:
  "my.br"()[^exit] : () -> ()
^right:
  %v = "my.value"() : () -> i64
  "my.br"(%v)[^exit2] : (i64) -> ()
^exit:
  "my.end"() : () -> ()
^exit2(%y: i64):
  "my.end"(%y) : (i64) -> ()
^unreachable:
  "my.end"() : () -> ()
}) : () -> ()
"my.graph"() ({
  "my.consume"(%later) : (i32) -> ()
  %later = "my.produce"() : () -> i32
}) : () -> ()
"my.several_regions"() ({
  %r0 = "my.a"() : () -> i8
  "my.b"(%r0) : (i8) -> ()
}, {
^bb0(%arg: i8):
  %r1 = "my.c"(%arg) : (i8) -> i8
}, {
}) {attr} : () -> ()
module @named attributes {my.attr = 1 : i32} {
  "my.inside"() {sym_name = "inner_symbol"} : () -> ()
  module {
    %deep = "my.deep"() : () -> (i1)
  }
}
"my.successor_with_region"() ({
^bb0:
  "my.term"()[^bb1] : () -> ()
^bb1:
  "my.nested"() ({
  ^bb0:
    "my.term"()[^bb1] : () -> ()
  ^bb1:
    "my.ret"() : () -> ()
  }) : () -> ()
  "my.ret"() : () -> ()
}) : () -> ()
%fn:2 = "my.function_results"() : () -> ((i32) -> i32, () -> ())
"my.result_types"() : () -> (i1, i2)
