// The tiled matmul of the krnl specification (krnl-dialect.txt, krnl.matmul), in a function: C += A * B with
// A: 40x60, B: 60x80, C: 40x80, tiles of 10x8x10 staged in buffers, computed by sub-tiles of 5x4x5. It parses and
// verifies, and lowers to scf: the i and j tile loops around the C buffer's copies, the k tile loop around the A and
// B buffers' copies, the sub-tile loops (full tiles: no min) around the matmul's full/partial scf.if.
// (spec-example.test.ts runs it before and after the lowering.)
// RUN: tl-opt %s | FileCheck %s --check-prefix=PARSE
// RUN: tl-opt --convert-krnl-to-scf --canonicalize --cse %s | FileCheck %s
// RUN: tl-opt --convert-krnl-to-scf %s | mlir-opt -o /dev/null

// PARSE-LABEL: func.func @matmul(
// PARSE:         krnl.iterate(%{{.*}}, %{{.*}}) with (%{{.*}} -> %{{.*}} = 0 to 40, %{{.*}} -> %{{.*}} = 0 to 80, %{{.*}} -> %{{.*}} = 0 to 60) {
// PARSE:           krnl.matmul %{{.*}}, (%{{.*}}, %{{.*}}, %{{.*}}), (%{{.*}}, %{{.*}}, %{{.*}}), (%{{.*}}, %{{.*}}, %{{.*}}) {computeTileSize = [5, 4, 5], simdize = false, unroll = false} : memref<10x10xf32>, memref<10x8xf32>, memref<10x8xf32>, (!krnl.loop, !krnl.loop, !krnl.loop)

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:      %[[A:[^:]*]]: memref<40x60xf32>, %[[B:[^:]*]]: memref<60x80xf32>, %[[C:[^:]*]]: memref<40x80xf32>)
// CHECK-NOT:     krnl.
// CHECK:         scf.for %[[I1:.*]] = %{{.*}} to %{{.*}} step %[[C10:.*]] {
// CHECK-NEXT:      scf.for %[[J1:.*]] = %{{.*}} to %{{.*}} step %[[C8:.*]] {
// CHECK-NEXT:        %[[CBUF:.*]] = memref.alloca() : memref<10x8xf32>
// CHECK:             memref.load %[[C]]
// CHECK-NEXT:        memref.store %{{.*}}, %[[CBUF]]
// CHECK:             scf.for %[[K1:.*]] = %{{.*}} to %{{.*}} step %[[C10]] {
// CHECK-NEXT:          %[[ABUF:.*]] = memref.alloca() : memref<10x10xf32>
// CHECK-NEXT:          %[[BBUF:.*]] = memref.alloca() : memref<10x8xf32>
// CHECK:               memref.load %[[A]]
// CHECK-NEXT:          memref.store %{{.*}}, %[[ABUF]]
// CHECK:               memref.load %[[B]]
// CHECK-NEXT:          memref.store %{{.*}}, %[[BBUF]]
// CHECK:               %[[IE:.*]] = arith.addi %[[I1]], %[[C10]] : index
// CHECK-NEXT:          scf.for %[[I2:.*]] = %[[I1]] to %[[IE]] step %[[C5:.*]] {
// CHECK-NEXT:            %[[JE:.*]] = arith.addi %[[J1]], %[[C8]] : index
// CHECK-NEXT:            scf.for %[[J2:.*]] = %[[J1]] to %[[JE]] step %[[C4:.*]] {
// CHECK-NEXT:              %[[KE:.*]] = arith.addi %[[K1]], %[[C10]] : index
// CHECK-NEXT:              scf.for %[[K2:.*]] = %[[K1]] to %[[KE]] step %[[C5]] {
// CHECK:                     scf.if
// CHECK:                       arith.mulf
// CHECK:                     } else {
// CHECK:         memref.load %[[CBUF]]
// CHECK:         memref.store %{{.*}}, %[[C]]

func.func @matmul(%A: memref<40x60xf32>, %B: memref<60x80xf32>, %C: memref<40x80xf32>) {
  %f0 = arith.constant 0.0 : f32
  %c40 = arith.constant 40 : index
  %c80 = arith.constant 80 : index
  %c60 = arith.constant 60 : index
  // 3 tiled loops.
  %ii, %jj, %kk = krnl.define_loops 3
  %ib, %il = krnl.block %ii 10 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %jb, %jl = krnl.block %jj 8 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %kb, %kl = krnl.block %kk 10 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  // 3 subtiles.
  %ilb, %ill = krnl.block %il 5 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %jlb, %jll = krnl.block %jl 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %klb, %kll = krnl.block %kl 5 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  // Permute.
  krnl.permute(%ib, %ilb, %ill, %jb, %jlb, %jll, %kb, %klb, %kll)
      [0, 3, 6, 1, 4, 7, 2, 5, 8] :
      !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop,
      !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop
  // Outer 2 for i, j.
  krnl.iterate(%ib, %jb) with (%ii -> %i = 0 to 40,
                               %jj -> %j = 0 to 80,
                               %kk -> %k = 0 to 60) {
    %i1, %j1 = krnl.get_induction_var_value(%ib, %jb) :
      (!krnl.loop,!krnl.loop) -> (index, index)
    // Fill C buffer.
    %Cbuff = memref.alloca(): memref<10x8xf32>  // n x m_simd
    krnl.copy_to_tile_buffer %Cbuff, %C[%i1, %j1], %f0 :
      memref<10x8xf32>, memref<40x80xf32>
    // Outer 1 for k.
    krnl.iterate(%kb) with () {
      %k1 = krnl.get_induction_var_value(%kb) : (!krnl.loop) -> (index)
      // Fill A and B buffer
      %Abuff = memref.alloca(): memref<10x10xf32> // i x k
      %Bbuff = memref.alloca(): memref<10x8xf32>  // k x j_simd
      krnl.copy_to_tile_buffer %Abuff, %A[%i1, %k1], %f0 :
        memref<10x10xf32>, memref<40x60xf32>
      krnl.copy_to_tile_buffer %Bbuff, %B[%k1, %j1], %f0 :
        memref<10x8xf32>, memref<60x80xf32>
      // Inner iterations for subtiles.
      krnl.iterate(%ilb, %jlb, %klb) with () {
        %i2, %j2, %k2 = krnl.get_induction_var_value(%ilb, %jlb, %klb) :
          (!krnl.loop,!krnl.loop,!krnl.loop) -> (index,index,index)
        krnl.matmul %Abuff[%i1, %k1], %Bbuff[%k1, %j1], %Cbuff[%i1, %j1],
          (%ill, %jll, %kll), (%i2, %j2, %k2), (%c40, %c80, %c60)
          { computeTileSize=[5,4,5], simdize=false, unroll=false } :
          memref<10x10xf32>, memref<10x8xf32>, memref<10x8xf32>,
          (!krnl.loop,!krnl.loop,!krnl.loop)
      }
    }
    // Copy back the data into C.
    krnl.copy_from_tile_buffer %Cbuff, %C[%i1, %j1] :
      memref<10x8xf32>, memref<40x80xf32>
  }
  return
}
