// Dead code elimination: unused ops whose effects allow it are erased, transitively, and so are blocks that
// cannot be reached; ops with effects (writes, unknown ops) stay.
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs --allow-unregistered-dialect --dce %s | FileCheck %s
// RUN: tl-opt --load-dialect-plugin=%S/../lib/test-dialect.mjs --allow-unregistered-dialect --dce --mlir-pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// CHECK-LABEL: sym_name = "f"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT:    "test.store"(%[[X]], %[[X]]) : (i32, i32) -> ()
// CHECK-NEXT:    %{{.*}} = "test.unknown"(%[[X]]) : (i32) -> i32
// CHECK-NEXT:    "test.br"()[^bb1] : () -> ()
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    "test.return"() : () -> ()
// CHECK-NEXT:  }) : () -> ()

// STATS: DCE
// STATS-NEXT: (S) 5 num-dce - Number of operations erased
"test.func"() <{sym_name = "f"}> ({
^bb0(%x: i32):
  %a = "test.addi"(%x, %x) : (i32, i32) -> i32
  %b = "test.muli"(%a, %a) : (i32, i32) -> i32
  %l = "test.load"(%b) : (i32) -> i32
  "test.store"(%x, %x) : (i32, i32) -> ()
  %u = "test.unknown"(%x) : (i32) -> i32
  "test.br"()[^bb2] : () -> ()
^bb1:
  %dead = "test.neg"(%x) : (i32) -> i32
  "test.br"()[^bb2] : () -> ()
^bb2:
  "test.return"() : () -> ()
}) : () -> ()
