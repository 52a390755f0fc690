// convert-krnl-to-scf on loop schedules: krnl.block makes a tile loop stepping by whole tiles and a point loop from
// the tile's first index to min(tile end, loop end) (no min when every tile is full); krnl.permute orders the loops
// (the spec's examples); a nest split over nested krnl.iterate ops; krnl.get_induction_var_value and induction
// variables resolved; iter_args threaded through scf.for; krnl.parallel as scf.parallel with its processor mapping;
// krnl.unroll fully (constant trip count) or by the tile size with a remainder loop (point loop of a partial tile).
// RUN: tl-opt --allow-unregistered-dialect --convert-krnl-to-scf --canonicalize --cse %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect --convert-krnl-to-scf %s | mlir-opt --allow-unregistered-dialect -o /dev/null

// CHECK-LABEL: func.func @partial_tiles(
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         scf.for %[[T:.*]] = %[[C0]] to %[[C10]] step %[[C4]] {
// CHECK-NEXT:      %[[E:.*]] = arith.addi %[[T]], %[[C4]] : index
// CHECK-NEXT:      %[[M:.*]] = arith.minsi %[[E]], %[[C10]] : index
// CHECK-NEXT:      scf.for %[[I:.*]] = %[[T]] to %[[M]] step %[[C1]] {
// CHECK-NEXT:        %[[V:.*]] = memref.load %arg0[%[[I]]] : memref<10xf32>
// CHECK-NEXT:        memref.store %[[V]], %arg0[%[[I]]] : memref<10xf32>
// CHECK-NOT:     krnl.
func.func @partial_tiles(%A: memref<10xf32>) {
  %ii = krnl.define_loops 1
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.iterate(%ib, %il) with (%ii -> %i = 0 to 10) {
    %v = krnl.load %A[%i] : memref<10xf32>
    krnl.store %v, %A[%i] : memref<10xf32>
  }
  return
}

// Every tile is full: the point loop ends at the tile's end.
// CHECK-LABEL: func.func @full_tiles(
// CHECK:         scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %[[C4:.*]] {
// CHECK-NEXT:      %[[E:.*]] = arith.addi %[[T]], %[[C4]] : index
// CHECK-NEXT:      scf.for %[[I:.*]] = %[[T]] to %[[E]] step %{{.*}} {
// CHECK-NOT:       arith.minsi
func.func @full_tiles(%A: memref<16xf32>) {
  %ii = krnl.define_loops 1
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.iterate(%ib, %il) with (%ii -> %i = 0 to 16) {
    %v = krnl.load %A[%i] : memref<16xf32>
    krnl.store %v, %A[%i] : memref<16xf32>
  }
  return
}

// A tile ends at min(t + 8, ub), computed as t + minui(ub - t, 8): t + 8 would wrap in a 32-bit index (WGSL's) when
// ub is near 2^31; ub - t, with t < ub, is exact as an unsigned number, and the sum is at most ub.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME:      %[[A:.*]]: memref<?xf32>, %[[LB:.*]]: index, %[[UB:.*]]: index)
// CHECK:         scf.for %[[T:.*]] = %[[LB]] to %[[UB]] step %[[C8:.*]] {
// CHECK-NEXT:      %[[LEFT:.*]] = arith.subi %[[UB]], %[[T]] : index
// CHECK-NEXT:      %[[N:.*]] = arith.minui %[[LEFT]], %[[C8]] : index
// CHECK-NEXT:      %[[M:.*]] = arith.addi %[[T]], %[[N]] : index
// CHECK-NEXT:      scf.for %{{.*}} = %[[T]] to %[[M]] step
func.func @dynamic(%A: memref<?xf32>, %lb: index, %ub: index) {
  %ii = krnl.define_loops 1
  %ib, %il = krnl.block %ii 8 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.iterate(%ib, %il) with (%ii -> %i = %lb to %ub) {
    %v = krnl.load %A[%i] : memref<?xf32>
    krnl.store %v, %A[%i] : memref<?xf32>
  }
  return
}

// The spec's krnl.permute example: the loop of %kk outermost, then %ii, then %jj.
// CHECK-LABEL: func.func @spec_permute(
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG:     %[[C20:.*]] = arith.constant 20 : index
// CHECK-DAG:     %[[C30:.*]] = arith.constant 30 : index
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %[[C30]] step
// CHECK-NEXT:      scf.for %[[I:.*]] = %{{.*}} to %[[C10]] step
// CHECK-NEXT:        scf.for %[[J:.*]] = %{{.*}} to %[[C20]] step
// CHECK-NEXT:          memref.load %arg0[%[[I]], %[[J]], %[[K]]]
func.func @spec_permute(%A: memref<10x20x30xf32>) {
  %ii, %jj, %kk = krnl.define_loops 3
  krnl.permute(%ii, %jj, %kk) [1, 2, 0] : !krnl.loop, !krnl.loop, !krnl.loop
  krnl.iterate(%ii, %jj, %kk) with (%ii -> %i = 0 to 10, %jj -> %j = 0 to 20, %kk -> %k = 0 to 30) {
    %v = krnl.load %A[%i, %j, %k] : memref<10x20x30xf32>
    krnl.store %v, %A[%i, %j, %k] : memref<10x20x30xf32>
  }
  return
}

// The spec's 3-D tiling: the tile loops outside, the point loops inside, each over its whole tile.
// CHECK-LABEL: func.func @spec_tiling(
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C1024:.*]] = arith.constant 1024 : index
// CHECK-DAG:     %[[C2048:.*]] = arith.constant 2048 : index
// CHECK-DAG:     %[[C4096:.*]] = arith.constant 4096 : index
// CHECK:         scf.for %[[IB:.*]] = %{{.*}} to %[[C1024]] step %[[C4]] {
// CHECK-NEXT:      scf.for %[[JB:.*]] = %{{.*}} to %[[C2048]] step %[[C4]] {
// CHECK-NEXT:        scf.for %[[KB:.*]] = %{{.*}} to %[[C4096]] step %[[C4]] {
// CHECK-NEXT:          %[[IE:.*]] = arith.addi %[[IB]], %[[C4]] : index
// CHECK-NEXT:          scf.for %[[I:.*]] = %[[IB]] to %[[IE]] step
// CHECK-NEXT:            %[[JE:.*]] = arith.addi %[[JB]], %[[C4]] : index
// CHECK-NEXT:            scf.for %[[J:.*]] = %[[JB]] to %[[JE]] step
// CHECK-NEXT:              %[[KE:.*]] = arith.addi %[[KB]], %[[C4]] : index
// CHECK-NEXT:              scf.for %[[K:.*]] = %[[KB]] to %[[KE]] step
// CHECK-NEXT:                "test.use"(%[[I]], %[[J]], %[[K]])
func.func @spec_tiling() {
  %ii, %jj, %kk = krnl.define_loops 3
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %jb, %jl = krnl.block %jj 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %kb, %kl = krnl.block %kk 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.permute(%ib, %il, %jb, %jl, %kb, %kl) [0, 3, 1, 4, 2, 5] : !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop
  krnl.iterate(%ib, %il, %jb, %jl, %kb, %kl) with (%ii -> %i = 0 to 1024, %jj -> %j = 0 to 2048, %kk -> %k = 0 to 4096) {
    "test.use"(%i, %j, %k) : (index, index, index) -> ()
  }
  return
}

// A nest split over two krnl.iterate ops: statements between the loops, the tile's first index from
// krnl.get_induction_var_value, the element index %i inside the nested one.
// CHECK-LABEL: func.func @nested(
// CHECK:         scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        "test.tile"(%[[T]], %[[J]])
// CHECK:             scf.for %[[I:.*]] = %[[T]] to %{{.*}} step %{{.*}} {
// CHECK-NEXT:          memref.store %[[T]], %arg0[%[[I]], %[[J]]]
func.func @nested(%A: memref<10x7xindex>) {
  %ii, %jj = krnl.define_loops 2
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.permute(%ib, %il, %jj) [0, 2, 1] : !krnl.loop, !krnl.loop, !krnl.loop
  krnl.iterate(%ib, %jj) with (%ii -> %i = 0 to 10, %jj -> %j = 0 to 7) {
    %t = krnl.get_induction_var_value(%ib) : (!krnl.loop) -> index
    "test.tile"(%t, %j) : (index, index) -> ()
    krnl.iterate(%il) with () {
      krnl.store %t, %A[%i, %j] : memref<10x7xindex>
    }
  }
  return
}

// CHECK-LABEL: func.func @carried(
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A0:.*]] = %arg2) -> (f32) {
// CHECK:           %[[IN:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A1:.*]] = %[[A0]]) -> (f32) {
// CHECK-NEXT:        %[[V:.*]] = memref.load %arg0[%[[I]]]
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[A1]], %[[V]] : f32
// CHECK-NEXT:        scf.yield %[[S]] : f32
// CHECK:           scf.yield %[[IN]] : f32
// CHECK:         return %[[R]] : f32
func.func @carried(%A: memref<?xf32>, %n: index, %zero: f32) -> f32 {
  %ii = krnl.define_loops 1
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %s = krnl.iterate(%ib, %il) with (%ii -> %i = 0 to %n) iter_args(%acc = %zero) -> (f32) {
    %v = krnl.load %A[%i] : memref<?xf32>
    %next = arith.addf %acc, %v : f32
    krnl.yield %next : f32
  }
  return %s : f32
}

// Parallel loops: scf.parallel, with the processor mapping where krnl.parallel gives one.
// CHECK-LABEL: func.func @parallel(
// CHECK:         scf.parallel (%[[T:.*]]) = (%{{.*}}) to (%{{.*}}) step (%[[C16:.*]]) {
// CHECK:           scf.parallel (%[[I:.*]]) = (%[[T]]) to (%{{.*}}) step (%{{.*}}) {
// CHECK-NEXT:        scf.parallel (%[[J:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK-NEXT:          memref.load %arg0[%[[I]], %[[J]]]
// CHECK:               scf.reduce
// CHECK-NEXT:        }
// CHECK-NEXT:        scf.reduce
// CHECK-NEXT:      } {krnl.mapping = [#krnl<processor workitem_x>]}
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    } {krnl.mapping = [#krnl<processor workgroup_x>]}
func.func @parallel(%A: memref<64x32xf32>) {
  %ii, %jj = krnl.define_loops 2
  %ib, %il = krnl.block %ii 16 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.permute(%ib, %il, %jj) [0, 1, 2] : !krnl.loop, !krnl.loop, !krnl.loop
  krnl.parallel %ib mapping workgroup_x : !krnl.loop
  krnl.parallel %il mapping workitem_x : !krnl.loop
  krnl.parallel %jj : !krnl.loop
  krnl.iterate(%ib, %il, %jj) with (%ii -> %i = 0 to 64, %jj -> %j = 0 to 32) {
    %v = krnl.load %A[%i, %j] : memref<64x32xf32>
    krnl.store %v, %A[%i, %j] : memref<64x32xf32>
  }
  return
}

// A constant trip count: one copy of the body per iteration.
// CHECK-LABEL: func.func @unrolled(
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-NOT:     scf.for
// CHECK:         memref.store %[[C2]], %arg0[%[[C2]]]
// CHECK-NEXT:    memref.store %[[C3]], %arg0[%[[C3]]]
// CHECK-NEXT:    memref.store %[[C4]], %arg0[%[[C4]]]
// CHECK-NEXT:    return
func.func @unrolled(%A: memref<10xindex>) {
  %ii = krnl.define_loops 1
  krnl.unroll %ii : !krnl.loop
  krnl.iterate(%ii) with (%ii -> %i = 2 to 5) {
    krnl.store %i, %A[%i] : memref<10xindex>
  }
  return
}

// A point loop of a partial tile: unrolled by the tile size (four copies per iteration of a loop that runs once on
// a full tile), then a remainder loop for the partial one.
// CHECK-LABEL: func.func @unrolled_point(
// CHECK:         scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %[[C4:.*]] {
// CHECK:           %[[END:.*]] = arith.minsi
// CHECK:           %[[MAIN:.*]] = arith.addi %[[T]], %{{.*}} : index
// CHECK-NEXT:      scf.for %[[I:.*]] = %[[T]] to %[[MAIN]] step %[[C4]] {
// CHECK-NEXT:        memref.store %[[I]], %arg0[%[[I]]]
// CHECK-NEXT:        %[[I1:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK-NEXT:        memref.store %[[I1]], %arg0[%[[I1]]]
// CHECK-NEXT:        %[[I2:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK-NEXT:        memref.store %[[I2]], %arg0[%[[I2]]]
// CHECK-NEXT:        %[[I3:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK-NEXT:        memref.store %[[I3]], %arg0[%[[I3]]]
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.for %[[R:.*]] = %[[MAIN]] to %[[END]] step %{{.*}} {
// CHECK-NEXT:        memref.store %[[R]], %arg0[%[[R]]]
func.func @unrolled_point(%A: memref<10xindex>) {
  %ii = krnl.define_loops 1
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.unroll %il : !krnl.loop
  krnl.iterate(%ib, %il) with (%ii -> %i = 0 to 10) {
    krnl.store %i, %A[%i] : memref<10xindex>
  }
  return
}
