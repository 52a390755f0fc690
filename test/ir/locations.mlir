// Locations, printed with --mlir-print-debuginfo as mlir-opt 22 prints them: file:line:col, line-only, ranges
// (a range that ends where it starts is a point), unknown, names with and without a child, call sites
// (nested), fused locations with and without metadata, locations of block arguments (the position of the
// argument when none is written), and a location alias defined after its uses. Locations are printed as
// aliases (#locN) defined at the end, nested ones first; two block-argument locations come before the module.
// Without the flag no location is printed.
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | tl-opt --allow-unregistered-dialect --mlir-print-debuginfo - | FileCheck %s --check-prefix=REPRINT
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=NOLOC

// CHECK:      #loc20 = loc("arg.mlir":4:4)
// CHECK-NEXT: #loc21 = loc("{{.*}}locations.mlir":82:37)
// CHECK-NEXT: module {
// CHECK-NEXT:   "t.a"() : () -> () loc(#loc1)
// CHECK-NEXT:   "t.b"() : () -> () loc(#loc2)
// CHECK-NEXT:   "t.c"() : () -> () loc(#loc3)
// CHECK-NEXT:   "t.d"() : () -> () loc(#loc4)
// CHECK-NEXT:   "t.e"() : () -> () loc(#loc5)
// CHECK-NEXT:   "t.f"() : () -> () loc(#loc6)
// CHECK-NEXT:   "t.g"() : () -> () loc(#loc7)
// CHECK-NEXT:   "t.h"() : () -> () loc(#loc23)
// CHECK-NEXT:   "t.i"() : () -> () loc(#loc24)
// CHECK-NEXT:   "t.j"() : () -> () loc(#loc29)
// CHECK-NEXT:   "t.k"() : () -> () loc(#loc26)
// CHECK-NEXT:   "t.l"() : () -> () loc(#loc27)
// CHECK-NEXT:   "t.m"() : () -> () loc(#loc28)
// CHECK-NEXT:   "t.n"() : () -> () loc(#loc17)
// CHECK-NEXT:   "t.o"() : () -> () loc(#loc18)
// CHECK-NEXT:   "t.p"() ({
// CHECK-NEXT:   ^bb0(%arg0: index loc("arg.mlir":4:4), %arg1: i32 loc("{{.*}}locations.mlir":82:37)):
// CHECK-NEXT:     "t.q"(%arg0) : (index) -> () loc(#loc17)
// CHECK-NEXT:   }) : () -> () loc(#loc19)
// CHECK-NEXT:   "t.r"() : () -> () loc(#loc22)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}locations.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("f.mlir":1:2)
// CHECK-NEXT: #loc2 = loc("range.mlir":1:2 to 3:4)
// CHECK-NEXT: #loc3 = loc("range.mlir":5:6 to :9)
// CHECK-NEXT: #loc4 = loc("same.mlir":7:8)
// CHECK-NEXT: #loc5 = loc("line_only.mlir":12:0)
// CHECK-NEXT: #loc6 = loc(unknown)
// CHECK-NEXT: #loc7 = loc("name")
// CHECK-NEXT: #loc8 = loc("f.mlir":3:4)
// CHECK-NEXT: #loc9 = loc("callee.mlir":5:6)
// CHECK-NEXT: #loc10 = loc("caller.mlir":7:8)
// CHECK-NEXT: #loc11 = loc("inner")
// CHECK-NEXT: #loc12 = loc("mid.mlir":1:1)
// CHECK-NEXT: #loc13 = loc("outer.mlir":2:2)
// CHECK-NEXT: #loc14 = loc("a.mlir":1:2)
// CHECK-NEXT: #loc15 = loc("b.mlir":3:4)
// CHECK-NEXT: #loc16 = loc("x.mlir":9:9)
// CHECK-NEXT: #loc17 = loc("aliased.mlir":42:24)
// CHECK-NEXT: #loc18 = loc("with spaces and \22quotes\22.mlir":100:200)
// CHECK-NEXT: #loc19 = loc("{{.*}}locations.mlir":81:1)
// CHECK-NEXT: #loc22 = loc("{{.*}}locations.mlir":85:1)
// CHECK-NEXT: #loc23 = loc("name"(#loc8))
// CHECK-NEXT: #loc24 = loc(callsite(#loc9 at #loc10))
// CHECK-NEXT: #loc25 = loc(callsite(#loc12 at #loc13))
// CHECK-NEXT: #loc26 = loc(fused[#loc14, #loc15])
// CHECK-NEXT: #loc27 = loc(fused<"metadata">[#loc14, #loc7])
// CHECK-NEXT: #loc28 = loc(fused<{key = 1 : i32}>[#loc16])
// CHECK-NEXT: #loc29 = loc(callsite(#loc11 at #loc25))

"t.a"() : () -> () loc("f.mlir":1:2)
"t.b"() : () -> () loc("range.mlir":1:2 to 3:4)
"t.c"() : () -> () loc("range.mlir":5:6 to :9)
"t.d"() : () -> () loc("same.mlir":7:8 to 7:8)
"t.e"() : () -> () loc("line_only.mlir":12)
"t.f"() : () -> () loc(unknown)
"t.g"() : () -> () loc("name")
"t.h"() : () -> () loc("name"("f.mlir":3:4))
"t.i"() : () -> () loc(callsite("callee.mlir":5:6 at "caller.mlir":7:8))
"t.j"() : () -> () loc(callsite("inner" at callsite("mid.mlir":1:1 at "outer.mlir":2:2)))
"t.k"() : () -> () loc(fused["a.mlir":1:2, "b.mlir":3:4])
"t.l"() : () -> () loc(fused<"metadata">["a.mlir":1:2, "name"])
"t.m"() : () -> () loc(fused<{key = 1 : i32}>["x.mlir":9:9])
"t.n"() : () -> () loc(#defined_later)
"t.o"() : () -> () loc("with spaces and \"quotes\".mlir":100:200)
"t.p"() ({
^bb0(%x: index loc("arg.mlir":4:4), %y: i32):
  "t.q"(%x) : (index) -> () loc(#defined_later)
}) : () -> ()
"t.r"() : () -> ()
#defined_later = loc("aliased.mlir":42:24)

// Printing the printed text again keeps every location (the module's own location included).
// REPRINT: "t.a"() : () -> () loc(#loc1)
// REPRINT: #loc1 = loc("f.mlir":1:2)
// REPRINT: #loc17 = loc("aliased.mlir":42:24)

// GENERIC: "builtin.module"() ({
// GENERIC: "t.p"() ({
// GENERIC-NEXT: ^bb0(%arg0: index loc("arg.mlir":4:4), %arg1: i32 loc("{{.*}}locations.mlir":{{[0-9]+}}:37)):
// GENERIC: }) : () -> () loc(#loc)

// NOLOC-NOT: loc(
