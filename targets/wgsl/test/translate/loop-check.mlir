// RUN: tl-translate --mlir-to-wgsl --loop-check %s --manifest %t.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: tl-translate --mlir-to-wgsl %s | FileCheck %s --check-prefix=PLAIN

// --loop-check: after each loop, a test of whether the adapter ended it (Mesa's llvmpipe ends a work-item's loops
// after 65,535 iterations and goes on). A counting loop's variable is declared before the loop, so that its condition
// can be tested after it; a loop left by a break sets a flag at the break. The first loop found ended early is
// recorded in the bounds-check record, with its site's kind 'loop'.

// CHECK-LABEL: fn loops(
// CHECK: var [[IV:arg[0-9]+]] = 0i;
// CHECK-NEXT: for (; [[IV]] < n; [[IV]] = ([[IV]] + 1i)) {
// CHECK: if ([[IV]] < n) { tlir_out_of_bounds(0u, 0u, [[IV]], n, group_id); }
// CHECK: var [[DONE:loop_done]] = false;
// CHECK-NEXT: loop {
// CHECK: if (!{{v[0-9_]+}}) { [[DONE]] = true; break; }
// CHECK: if (![[DONE]]) { tlir_out_of_bounds(1u, 0u, 0i, 0i, group_id); }
// CHECK: var [[ROW:copy_index]] = 0i;
// CHECK-NEXT: for (; [[ROW]] < 6i; [[ROW]] = [[ROW]] + 1i) {
// CHECK-NEXT: var [[COL:copy_index_1]] = 0i;
// CHECK-NEXT: for (; [[COL]] < 4i; [[COL]] = [[COL]] + 1i) {
// CHECK: if ([[COL]] < 4i) { tlir_out_of_bounds(2u, 0u, [[COL]], 4i, group_id); }
// CHECK-NEXT: }
// CHECK-NEXT: if ([[ROW]] < 6i) { tlir_out_of_bounds(3u, 0u, [[ROW]], 6i, group_id); }
// CHECK: while (power_exponent != 0i) {
// CHECK: if (power_exponent != 0i) { tlir_out_of_bounds(4u, 0u, 0i, 0i, group_id); }
// CHECK: var reduce_step = 8u;
// CHECK-NEXT: for (; reduce_step > 0u; reduce_step = reduce_step / 2u) {
// CHECK: if (reduce_step > 0u) { tlir_out_of_bounds(5u, 0u, 0i, 0i, group_id); }
// CHECK: var [[CAS:loop_done_1]] = false;
// CHECK-NEXT: loop {
// CHECK: if (exchange.exchanged) { [[CAS]] = true; break; }
// CHECK: if (![[CAS]]) { tlir_out_of_bounds(6u, 0u, 0i, 0i, group_id); }

// MANIFEST: "boundsCheck": {
// MANIFEST: { "what": "scf.for loop", "loc": { "file": "{{.*}}loop-check.mlir", "line": [[@LINE+20]], "column": 10 }, "kind": "loop" },
// MANIFEST-NEXT: { "what": "scf.while loop", {{.*}} "kind": "loop" },
// MANIFEST-NEXT: { "what": "memref.copy loop", {{.*}} "kind": "loop" },
// MANIFEST-NEXT: { "what": "memref.copy loop", {{.*}} "kind": "loop" },
// MANIFEST-NEXT: { "what": "math.ipowi loop", {{.*}} "kind": "loop" },
// MANIFEST-NEXT: { "what": "all_reduce loop", {{.*}} "kind": "loop" },
// MANIFEST-NEXT: { "what": "atomic update loop", {{.*}} "kind": "loop" }

// Without the option the loops are as before, and there is no record.
// PLAIN: for (var {{arg[0-9]+}} = 0i;
// PLAIN-NOT: loop_done
// PLAIN-NOT: tlir_out_of_bounds
gpu.module @m {
  gpu.func @loops(%n: index, %x: memref<12xf32>, %a: memref<6x4xf32>, %b: memref<6x4xf32>, %sums: memref<4xf32>, %out: memref<4xi32>) kernel attributes {known_block_size = array<i32: 12, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %n_i32 = arith.index_cast %n : index to i32
    %one = arith.constant 1.0 : f32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %one) -> (f32) {
      %s = arith.addf %acc, %one : f32
      scf.yield %s : f32
    }
    %w:2 = scf.while (%i = %c0_i32, %acc = %c0_i32) : (i32, i32) -> (i32, i32) {
      %more = arith.cmpi slt, %i, %n_i32 : i32
      scf.condition(%more) %i, %acc : i32, i32
    } do {
    ^bb0(%j: i32, %s: i32):
      %next = arith.addi %j, %c1_i32 : i32
      %sum = arith.addi %s, %j : i32
      scf.yield %next, %sum : i32, i32
    }
    memref.copy %a, %b : memref<6x4xf32> to memref<6x4xf32>
    %p = math.ipowi %w#1, %n_i32 : i32
    memref.store %p, %out[%c0] : memref<4xi32>
    %t = gpu.thread_id x
    %v = memref.load %x[%t] : memref<12xf32>
    %red = gpu.all_reduce add %v uniform {} : (f32) -> f32
    %g = memref.generic_atomic_rmw %sums[%c1] : memref<4xf32> {
    ^bb0(%current: f32):
      %d = arith.mulf %current, %red : f32
      memref.atomic_yield %d : f32
    }
    memref.store %r, %sums[%c0] : memref<4xf32>
    gpu.return
  }
}
