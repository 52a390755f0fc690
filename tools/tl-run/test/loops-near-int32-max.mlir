// Loops dealt to work-items with bounds near 2^31 run exactly the iterations they say on WebGPU (32-bit index):
// gpu-map-work-items tests a work-item's first iteration lb + off (off = id * step) as off < ub - lb (with lb < ub,
// unsigned), never computing lb + off before it knows it is below ub (docs/wgsl.md, "Index arithmetic near 2^31").
// The kernels are scf-stage IR (what --convert-krnl-to-scf writes), --check compares WebGPU with the interpreter
// (64-bit indices) on them. Before the fix, @dealt and @dealt3 near the largest i32 ran iterations past it (lb +
// off wrapped to a negative index: out of bounds) and @bounded incremented other elements.
//
// RUN: tl-run %s --kernel dealt --groups 1 --random --arg lo=2147483600 --arg hi=2147483647 --check | FileCheck %s
// RUN: tl-run %s --kernel dealt --groups 1 --random --arg lo=2147483400 --arg hi=2147483647 --check | FileCheck %s
// RUN: tl-run %s --kernel dealt --groups 1 --random --arg lo=-2147483648 --arg hi=-2147483500 --check | FileCheck %s
// RUN: tl-run %s --kernel dealt --groups 1 --random --arg lo=-100 --arg hi=100 --check | FileCheck %s
// RUN: tl-run %s --kernel dealt --groups 1 --random --arg lo=100 --arg hi=-100 --check | FileCheck %s
// RUN: tl-run %s --kernel dealt3 --groups 1 --random --arg lo=2147483500 --arg hi=2147483647 --check | FileCheck %s
// RUN: tl-run %s --kernel dealt3 --groups 1 --random --arg lo=2147483000 --arg hi=2147483647 --check | FileCheck %s
// RUN: tl-run %s --kernel dealt3 --groups 1 --random --arg lo=-300 --arg hi=300 --check | FileCheck %s
// RUN: tl-run %s --kernel bounded --groups 1 --random --arg lo=2147483600 --arg hi=2147483647 --check | FileCheck %s
// RUN: tl-run %s --kernel bounded --groups 1 --random --arg lo=2147483000 --arg hi=2147483647 --check | FileCheck %s
// RUN: tl-run %s --kernel bounded --groups 1 --random --arg lo=-2147483648 --arg hi=2147483647 --check | FileCheck %s
// RUN: tl-run %s --kernel bounded --groups 1 --random --arg lo=7 --arg hi=-7 --check | FileCheck %s
// The interpreter runs the lowered IR (gpu stage, 64-bit index) alike, an empty loop (lo > hi) included:
// RUN: tl-run %s --kernel dealt --groups 1 --random --arg lo=2147483600 --arg hi=2147483647 --backend interpreter --stage gpu --check | FileCheck %s
// RUN: tl-run %s --kernel dealt3 --groups 1 --random --arg lo=100 --arg hi=-100 --backend interpreter --stage gpu --check | FileCheck %s
// RUN: tl-run %s --kernel bounded --groups 1 --random --arg lo=100 --arg hi=-100 --backend interpreter --stage gpu --check | FileCheck %s
// CHECK: check: ok (integers exactly)
//
// The forms: a loop from lb = %lo, under the scf.if of its first iteration existing; at most 40 iterations (ub =
// min(lo + 40, hi)), one per work-item, under lb < ub and off < ub - lb.
// RUN: tl-opt %s --lower-to-gpu | FileCheck %s --check-prefix=IR
// IR-LABEL: gpu.func @dealt(
// IR:         %[[TX:.*]] = gpu.thread_id x
// IR:         %[[LB:.*]] = arith.index_cast %{{.*}} : i32 to index
// IR:         %[[UB:.*]] = arith.index_cast %{{.*}} : i32 to index
// IR:         %[[START:.*]] = arith.addi %[[LB]], %[[TX]] : index
// IR:         %[[NONEMPTY:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : index
// IR:         %[[LEFT:.*]] = arith.subi %[[UB]], %[[LB]] : index
// IR:         %[[IN:.*]] = arith.cmpi ult, %[[TX]], %[[LEFT]] : index
// IR:         %[[FIRST:.*]] = arith.andi %[[NONEMPTY]], %[[IN]] : i1
// IR:         scf.if %[[FIRST]] {
// IR-NEXT:      scf.for %{{.*}} = %[[START]] to %[[UB]] step %c64 {
// IR-LABEL: gpu.func @bounded(
// IR:         %[[TX:.*]] = gpu.thread_id x
// IR:         %[[LB:.*]] = arith.index_cast %{{.*}} : i32 to index
// IR:         %[[END:.*]] = arith.minsi
// IR:         %[[START:.*]] = arith.addi %[[LB]], %[[TX]] : index
// IR:         %[[NONEMPTY:.*]] = arith.cmpi slt, %[[LB]], %[[END]] : index
// IR:         %[[LEFT:.*]] = arith.subi %[[END]], %[[LB]] : index
// IR:         %[[IN:.*]] = arith.cmpi ult, %[[TX]], %[[LEFT]] : index
// IR:         %[[FIRST:.*]] = arith.andi %[[NONEMPTY]], %[[IN]] : i1
// IR:         scf.if %[[FIRST]] {
// IR-NEXT:      arith.index_cast %[[START]] : index to i32

module {
  // A parallel loop of more iterations than work-items: each work-item loops.
  func.func @dealt(%x: memref<256xi32, strided<[1], offset: ?>>, %lo: i32, %hi: i32) attributes {work_group_size = array<i32: 64, 1>} {
    %c1_i32 = arith.constant 1 : i32
    %c1 = arith.constant 1 : index
    %0 = arith.index_cast %lo : i32 to index
    %1 = arith.index_cast %hi : i32 to index
    scf.parallel (%i) = (%0) to (%1) step (%c1) {
      %2 = arith.index_cast %i : index to i32
      %d = arith.subi %2, %lo : i32
      %j = arith.index_cast %d : i32 to index
      %v = memref.load %x[%j] : memref<256xi32, strided<[1], offset: ?>>
      %w = arith.addi %v, %c1_i32 : i32
      memref.store %w, %x[%j] : memref<256xi32, strided<[1], offset: ?>>
      scf.reduce
    } {krnl.mapping = [#krnl<processor workitem_x>]}
    return
  }
  // The same by a step of 3.
  func.func @dealt3(%x: memref<256xi32, strided<[1], offset: ?>>, %lo: i32, %hi: i32) attributes {work_group_size = array<i32: 64, 1>} {
    %c1_i32 = arith.constant 1 : i32
    %c3 = arith.constant 3 : index
    %c3_i32 = arith.constant 3 : i32
    %0 = arith.index_cast %lo : i32 to index
    %1 = arith.index_cast %hi : i32 to index
    scf.parallel (%i) = (%0) to (%1) step (%c3) {
      %2 = arith.index_cast %i : index to i32
      %d = arith.subi %2, %lo : i32
      %e = arith.divsi %d, %c3_i32 : i32
      %j = arith.index_cast %e : i32 to index
      %v = memref.load %x[%j] : memref<256xi32, strided<[1], offset: ?>>
      %w = arith.addi %v, %c1_i32 : i32
      memref.store %w, %x[%j] : memref<256xi32, strided<[1], offset: ?>>
      scf.reduce
    } {krnl.mapping = [#krnl<processor workitem_x>]}
    return
  }
  // At most 40 iterations, ending at min(lo + 40, hi): one iteration per work-item, guarded by lo < ub and off < ub - lo.
  func.func @bounded(%x: memref<256xi32, strided<[1], offset: ?>>, %lo: i32, %hi: i32) attributes {work_group_size = array<i32: 64, 1>} {
    %c1_i32 = arith.constant 1 : i32
    %c1 = arith.constant 1 : index
    %c40 = arith.constant 40 : index
    %0 = arith.index_cast %lo : i32 to index
    %1 = arith.index_cast %hi : i32 to index
    %e = arith.addi %0, %c40 : index
    %u = arith.minsi %e, %1 : index
    scf.parallel (%i) = (%0) to (%u) step (%c1) {
      %2 = arith.index_cast %i : index to i32
      %d = arith.subi %2, %lo : i32
      %j = arith.index_cast %d : i32 to index
      %v = memref.load %x[%j] : memref<256xi32, strided<[1], offset: ?>>
      %w = arith.addi %v, %c1_i32 : i32
      memref.store %w, %x[%j] : memref<256xi32, strided<[1], offset: ?>>
      scf.reduce
    } {krnl.mapping = [#krnl<processor workitem_x>]}
    return
  }
}
