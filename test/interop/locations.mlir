// Locations: file:line:col (also with line/column ranges), unknown, names (with and without a child
// location), call sites (nested), fused locations (with and without metadata), location aliases defined
// after use, and locations on operations, block arguments and function arguments. Printed with
// --mlir-print-debuginfo; the plain generic form (no locations) is checked too.
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

func.func @locs(%a: i32 loc("args.py":1:10), %b: f32 loc("b")) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("kernel.py":10:8)
  %1 = arith.muli %0, %a : i32 loc(unknown)
  %2 = arith.subi %1, %a : i32 loc("named")
  %3 = arith.subi %2, %a : i32 loc("named_with_child"("file.c":3:4))
  %4 = arith.addi %3, %a : i32 loc(callsite("callee.c":5:6 at "caller.c":7:8))
  %5 = arith.addi %4, %a : i32 loc(callsite("inner" at callsite("mid.c":1:1 at "outer.c":2:2)))
  %6 = arith.addi %5, %a : i32 loc(fused["a.c":1:2, "b.c":3:4])
  %7 = arith.addi %6, %a : i32 loc(fused<"metadata">["a.c":1:2, "name"])
  %8 = arith.addi %7, %a : i32 loc(fused<{key = 1 : i32}>["x.c":9:9])
  %9 = arith.addi %8, %a : i32 loc(#alias_loc)
  %10 = arith.addi %9, %a : i32 loc("range.c":1:2 to 3:4)
  %11 = arith.addi %10, %a : i32 loc("range.c":5:6 to :9)
  %12 = arith.addi %11, %a : i32 loc("file with spaces and \"quotes\".c":100:200)
  %13 = arith.addi %12, %a : i32 loc(fused<"only metadata">[unknown])
  %14 = arith.addi %13, %a : i32 loc("name \"quoted\""("inner"))
  "test.region"() ({
    ^bb0(%x: index loc("region_arg.c":4:4)):
      "test.inner"(%x) : (index) -> () loc("inner.c":1:1)
  }) : () -> () loc(fused["r.c":1:1, callsite("f" at "g.c":2:2)])
  return %14 : i32 loc("ret.c":99:1)
} loc("func.c":1:1)

#alias_loc = loc("aliased.c":42:24)
