// How the printer numbers values, as mlir-opt 22 does: the values of a block are numbered before those of
// nested regions. In custom form each region continues from the counters of its parent, and leaving a region
// restores them (sibling regions reuse names). In generic form the counters are never restored: names are
// unique in the whole output, regions being numbered from the last to the first.
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=CUSTOM
// RUN: mlir-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=CUSTOM
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

//      CUSTOM: %0 = "t.def"() : () -> i32
// CUSTOM-NEXT: module @inner {
// CUSTOM-NEXT:   %2 = "t.def"() : () -> i64
// CUSTOM-NEXT:   "t.region"() ({
// CUSTOM-NEXT:   ^bb0(%arg0: index):
// CUSTOM-NEXT:     %3 = "t.def"(%arg0, %2) : (index, i64) -> f32
// CUSTOM-NEXT:     "t.end"() : () -> ()
// CUSTOM-NEXT:   }) : () -> ()
// CUSTOM-NEXT: }
// CUSTOM-NEXT: "t.after"(%0) : (i32) -> ()
// CUSTOM-NEXT: "t.regions"() ({
// CUSTOM-NEXT: ^bb0(%arg0: i32):
// CUSTOM-NEXT:   %2 = "t.def"() : () -> i32
// CUSTOM-NEXT:   "t.end"() : () -> ()
// CUSTOM-NEXT: }, {
// CUSTOM-NEXT: ^bb0(%arg0: i32):
// CUSTOM-NEXT:   %2 = "t.def"() : () -> i32
// CUSTOM-NEXT:   "t.end"() : () -> ()
// CUSTOM-NEXT: }) : () -> ()
// CUSTOM-NEXT: %1 = "t.last"() : () -> i32

//      GENERIC: %0 = "t.def"() : () -> i32
// GENERIC-NEXT: "builtin.module"() <{sym_name = "inner"}> ({
// GENERIC-NEXT:   %4 = "t.def"() : () -> i64
// GENERIC-NEXT:   "t.region"() ({
// GENERIC-NEXT:   ^bb0(%arg2: index):
// GENERIC-NEXT:     %5 = "t.def"(%arg2, %4) : (index, i64) -> f32
// GENERIC-NEXT:     "t.end"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "t.after"(%0) : (i32) -> ()
// GENERIC-NEXT: "t.regions"() ({
// GENERIC-NEXT: ^bb0(%arg1: i32):
// GENERIC-NEXT:   %3 = "t.def"() : () -> i32
// GENERIC-NEXT:   "t.end"() : () -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT: ^bb0(%arg0: i32):
// GENERIC-NEXT:   %2 = "t.def"() : () -> i32
// GENERIC-NEXT:   "t.end"() : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: %1 = "t.last"() : () -> i32
%a = "t.def"() : () -> i32
module @inner {
  %b = "t.def"() : () -> i64
  "t.region"() ({
  ^bb0(%arg: index):
    %c = "t.def"(%arg, %b) : (index, i64) -> f32
    "t.end"() : () -> ()
  }) : () -> ()
}
"t.after"(%a) : (i32) -> ()
"t.regions"() ({
^bb0(%x: i32):
  %d = "t.def"() : () -> i32
  "t.end"() : () -> ()
}, {
^bb0(%y: i32):
  %e = "t.def"() : () -> i32
  "t.end"() : () -> ()
}) : () -> ()
%z = "t.last"() : () -> i32
