// Regions: an op with no regions, an empty region, a region with one empty block (with and without
// arguments), several regions, and values of an enclosing region used inside a nested one.
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect %s | tl-opt --allow-unregistered-dialect - | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s

// CHECK:      "t.no_regions"() : () -> ()
"t.no_regions"() : () -> ()

// CHECK-NEXT: "t.empty_region"() ({
// CHECK-NEXT: }) : () -> ()
"t.empty_region"() ({
}) : () -> ()

// CHECK-NEXT: "t.empty_block"() ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()
"t.empty_block"() ({
^bb0:
}) : () -> ()

// CHECK-NEXT: "t.empty_block_args"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: }) : () -> ()
"t.empty_block_args"() ({
^bb0(%z: i32):
}) : () -> ()

// CHECK-NEXT: "t.mixed"() ({
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }, {
// CHECK-NEXT:   "t.end"() : () -> ()
// CHECK-NEXT: }) : () -> ()
"t.mixed"() ({
}, {
^bb0:
}, {
  "t.end"() : () -> ()
}) : () -> ()

// Values are visible in nested regions; a name defined in a region is forgotten after it, so a sibling region
// may define it again.
// CHECK-NEXT: %0 = "t.def"() : () -> i32
// CHECK-NEXT: "t.outer"() ({
// CHECK-NEXT:   "t.inner"() ({
// CHECK-NEXT:     "t.use"(%0) : (i32) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT:   %[[X:.*]] = "t.def"() : () -> f32
// CHECK-NEXT:   "t.use"(%[[X]]) : (f32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT:   %[[Y:.*]] = "t.def"() : () -> f32
// CHECK-NEXT:   "t.use"(%[[Y]]) : (f32) -> ()
// CHECK-NEXT: }) : () -> ()
%v = "t.def"() : () -> i32
"t.outer"() ({
  "t.inner"() ({
    "t.use"(%v) : (i32) -> ()
  }) : () -> ()
}, {
  %w = "t.def"() : () -> f32
  "t.use"(%w) : (f32) -> ()
}, {
  %w = "t.def"() : () -> f32
  "t.use"(%w) : (f32) -> ()
}) : () -> ()
