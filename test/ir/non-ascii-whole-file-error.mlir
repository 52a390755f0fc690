// An error after a non-ASCII string literal in a file parsed whole (from its bytes, see non-ascii-whole-file.mlir):
// its column counts bytes and its source line is shown as mlir-opt shows it (no caret under a line with non-ASCII
// characters).
// RUN: not tl-opt --allow-unregistered-dialect %s 2> %t.tl.err
// RUN: not mlir-opt --allow-unregistered-dialect %s 2> %t.ref.err
// RUN: diff %t.ref.err %t.tl.err
// RUN: FileCheck %s < %t.tl.err

// CHECK: non-ascii-whole-file-error.mlir:[[@LINE+2]]:44: error: expected '=' after SSA name
// CHECK-NEXT: {{^}}"t.a"() {t = #my.attr<"€">} : () -> () %x{{$}}
"t.a"() {t = #my.attr<"€">} : () -> () %x
