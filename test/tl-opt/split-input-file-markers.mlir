// How --split-input-file finds markers, as mlir-opt 22 does: text that starts like the marker but is not one
// is a "near miss" (a warning; the text stays where it is); a marker after code on a line splits there too.
// --split-input-file=<marker> chooses the marker and --output-split-marker what goes between the outputs.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file %S/Inputs/split-markers.mlir 2>&1 | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file %S/Inputs/split-markers.mlir 2>&1 | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect '--split-input-file=// NEXT' --output-split-marker=@@ %S/Inputs/split-markers.mlir \
// RUN:   | FileCheck %s --check-prefix=CUSTOM
// RUN: mlir-opt --allow-unregistered-dialect '--split-input-file=// NEXT' --output-split-marker=@@ %S/Inputs/split-markers.mlir \
// RUN:   | FileCheck %s --check-prefix=CUSTOM
// An empty marker (`--split-input-file=`) is the default one, as in mlir-opt: the input is split, not processed whole.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file= %S/Inputs/split-markers.mlir 2>&1 | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file= %S/Inputs/split-markers.mlir 2>&1 | FileCheck %s

//      CHECK: split-markers.mlir:2:7: warning: near miss with file split marker
// CHECK-NEXT: {{^//[ ]---$}}
// CHECK-NEXT: {{^      \^$}}
// CHECK-NEXT: split-markers.mlir:4:7: warning: near miss with file split marker
// CHECK-NEXT: {{^//[ ]-----0$}}
// CHECK-NEXT: {{^      \^$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "t.a"() : () -> ()
// CHECK-NEXT:   "t.b"() : () -> ()
// CHECK-NEXT:   "t.c"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^//[ ]-----$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "t.d"() : () -> ()
// CHECK-NEXT:   "t.e"() : () -> ()
// CHECK-NEXT: }

//      CUSTOM: module {
// CUSTOM-NEXT:   "t.a"() : () -> ()
// CUSTOM-NEXT:   "t.b"() : () -> ()
// CUSTOM-NEXT:   "t.c"() : () -> ()
// CUSTOM-NEXT:   "t.d"() : () -> ()
// CUSTOM-NEXT: }
// CUSTOM-EMPTY:
// CUSTOM-NEXT: @@
// CUSTOM-NEXT: module {
// CUSTOM-NEXT:   "t.e"() : () -> ()
// CUSTOM-NEXT: }
