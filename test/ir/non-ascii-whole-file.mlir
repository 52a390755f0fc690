// The same column rules as non-ascii-columns.mlir for a file parsed whole: tl-opt then parses the file's bytes as
// it read them (parseSourceBytes), with no --split-input-file piece made into a string first. The locations are
// mlir-opt's, byte for byte.
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %s > %t.tl
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %s > %t.ref
// RUN: diff %t.ref %t.tl
// RUN: FileCheck %s < %t.tl

// CHECK: "t.a"() {s = "\C3\A9\E2\82\AC\F0\9F\98\80"} : () -> () loc(#loc1)
// CHECK-NEXT: "t.b"() {n = "x"} : () -> () loc(#loc2)
// CHECK-NEXT: "t.c"() {s = "\C3\A9"} : () -> () loc(#loc3)
// CHECK-NEXT: "t.d"() {s = "\C3\A9"} : () -> () loc(#loc4)
// CHECK-NEXT: "t.f"() {t = #my.attr<"éé">} : () -> () loc(#loc5)
// CHECK-NEXT: "t.g"() {t = #my.attr<"éé">} : () -> () loc(#loc6)
// CHECK: #loc1 = loc("{{.*}}non-ascii-whole-file.mlir":[[@LINE+6]]:1)
// CHECK-NEXT: #loc2 = loc("{{.*}}non-ascii-whole-file.mlir":[[@LINE+5]]:40)
// CHECK-NEXT: #loc3 = loc("{{.*}}non-ascii-whole-file.mlir":[[@LINE+5]]:1)
// CHECK-NEXT: #loc4 = loc("{{.*}}non-ascii-whole-file.mlir":[[@LINE+4]]:32)
// CHECK-NEXT: #loc5 = loc("{{.*}}non-ascii-whole-file.mlir":[[@LINE+4]]:1)
// CHECK-NEXT: #loc6 = loc("{{.*}}non-ascii-whole-file.mlir":[[@LINE+3]]:44)
"t.a"() {s = "é€😀"} : () -> ()   "t.b"() {n = "x"} : () -> ()
"t.c"() {s = "é"} : () -> ()  "t.d"() {s = "é"} : () -> ()
"t.f"() {t = #my.attr<"éé">} : () -> ()  "t.g"() {t = #my.attr<"éé">} : () -> ()
