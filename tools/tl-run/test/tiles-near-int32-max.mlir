// A tiled loop that is not parallel (krnl.block of 16) with bounds near 2^31 runs exactly the iterations it says
// on WebGPU (32-bit index): convert-krnl-to-scf ends a tile at t + minui(16, ub - t), never at t + 16, which wraps
// when ub is within a tile of 2^31 (docs/wgsl.md, "Index arithmetic near 2^31"). The kernel is krnl-stage IR (what
// --lower-to-krnl writes); the first work-item runs the loop; --check compares WebGPU with the interpreter on it.
// Before the fix, the last tile near the largest i32 ran no iteration (its end wrapped below its start).
//
// RUN: tl-run %s --kernel tiled --groups 1 --random --arg lo=2147483600 --arg hi=2147483647 --check | FileCheck %s
// RUN: tl-run %s --kernel tiled --groups 1 --random --arg lo=2147483640 --arg hi=2147483647 --check | FileCheck %s
// RUN: tl-run %s --kernel tiled --groups 1 --random --arg lo=-2147483648 --arg hi=-2147483600 --check | FileCheck %s
// RUN: tl-run %s --kernel tiled --groups 1 --random --arg lo=-40 --arg hi=7 --check | FileCheck %s
// CHECK: check: ok (integers exactly)
//
// RUN: tl-opt %s --lower-to-gpu | FileCheck %s --check-prefix=IR
// IR:         arith.index_cast %{{.*}} : i32 to index
// IR-NEXT:    %[[UB:.*]] = arith.index_cast %{{.*}} : i32 to index
// IR:         scf.for %[[T:.*]] = %{{.*}} to %[[UB]] step %[[C16:.*]] {
// IR-NEXT:      %[[LEFT:.*]] = arith.subi %[[UB]], %[[T]] : index
// IR-NEXT:      %[[N:.*]] = arith.minui %[[LEFT]], %[[C16]] : index
// IR-NEXT:      %[[END:.*]] = arith.addi %[[T]], %[[N]] : index
// IR-NEXT:      scf.for %{{.*}} = %[[T]] to %[[END]] step

module {
  func.func @tiled(%x: memref<64xi32, strided<[1], offset: ?>>, %lo: i32, %hi: i32) attributes {work_group_size = array<i32: 64, 1>} {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.index_cast %lo : i32 to index
    %1 = arith.index_cast %hi : i32 to index
    %l = krnl.define_loops 1
    %tile, %point = krnl.block %l 16 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
    krnl.iterate(%tile, %point) with (%l -> %i = %0 to %1) {
      %2 = arith.index_cast %i : index to i32
      %d = arith.subi %2, %lo : i32
      %j = arith.index_cast %d : i32 to index
      %v = krnl.load %x[%j] : memref<64xi32, strided<[1], offset: ?>>
      %w = arith.addi %v, %c1_i32 : i32
      krnl.store %w, %x[%j] : memref<64xi32, strided<[1], offset: ?>>
    }
    return
  }
}
