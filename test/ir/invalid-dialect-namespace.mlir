// RUN: not tl-opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// CHECK: invalid-dialect-namespace.mlir:4:18: error: invalid dialect namespace '""'

"test.op"() {y = !.x<..>} : () -> ()
