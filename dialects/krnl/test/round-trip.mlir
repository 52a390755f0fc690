// krnl dialect: the custom forms (onnx-mlir's) parse, verify and print back; the output is a fixed point of
// tl-opt, and the generic form reads back to the same IR.
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.custom
// RUN: tl-opt --allow-unregistered-dialect %t.custom | diff %t.custom -
// RUN: tl-opt --allow-unregistered-dialect %s --mlir-print-op-generic -o %t.generic
// RUN: tl-opt --allow-unregistered-dialect %t.generic | diff %t.custom -
// RUN: tl-opt --allow-unregistered-dialect %t.generic --mlir-print-op-generic | diff %t.generic -
// RUN: tl-opt --allow-unregistered-dialect %s --mlir-print-debuginfo | tl-opt --allow-unregistered-dialect --mlir-print-debuginfo - -o %t.loc
// RUN: tl-opt --allow-unregistered-dialect %s --mlir-print-debuginfo | diff %t.loc -
// RUN: tl-opt --allow-unregistered-dialect %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @schedule(
// CHECK-NEXT:    %[[L:.*]]:3 = krnl.define_loops 3
// CHECK-NEXT:    %[[IB:.*]], %[[IL:.*]] = krnl.block %[[L]]#0 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
// CHECK-NEXT:    krnl.permute(%[[IB]], %[[IL]], %[[L]]#1, %[[L]]#2) [0, 3, 1, 2] : !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop
// CHECK-NEXT:    krnl.unroll %[[IL]] : !krnl.loop
// CHECK-NEXT:    krnl.parallel %[[IB]] : !krnl.loop
// CHECK-NEXT:    krnl.specialized_kernel(%[[L]]#1, %[[L]]#2) : !krnl.loop, !krnl.loop
// CHECK-NEXT:    krnl.iterate(%[[IB]], %[[IL]]) with (%[[L]]#0 -> %[[I:.*]] = 0 to 10, %[[L]]#1 -> %{{.*}} = 1 to %arg0, %[[L]]#2 -> %{{.*}} = %arg0 to -3) {
// CHECK-NEXT:      %[[V:.*]]:2 = krnl.get_induction_var_value(%[[IB]], %[[IL]]) : (!krnl.loop, !krnl.loop) -> (index, index)
// CHECK-NEXT:      "t.use"(%[[I]], %[[V]]#0) : (index, index) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// GENERIC-LABEL: sym_name = "schedule"
// GENERIC:       %[[L:.*]]:3 = "krnl.define_loops"() <{num_loops = 3 : i64}> : () -> (!krnl.loop, !krnl.loop, !krnl.loop)
// GENERIC:       %[[B:.*]]:2 = "krnl.block"(%[[L]]#0) <{tile_size = 4 : i64}> : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
// GENERIC:       "krnl.permute"(%[[B]]#0, %[[B]]#1, %[[L]]#1, %[[L]]#2) <{map = [0, 3, 1, 2]}> : (!krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop) -> ()
// GENERIC:       "krnl.iterate"(%[[B]]#0, %[[B]]#1, %[[L]]#0, %[[L]]#1, %[[L]]#2, %[[N:[^,]*]], %[[N]])
// GENERIC-SAME:  <{operandSegmentSizes = array<i32: 2, 3, 1, 1, 0>, staticLowerBound = array<i64: 0, 1, -9223372036854775808>, staticUpperBound = array<i64: 10, -9223372036854775808, -3>}> ({
// GENERIC-NEXT:  ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// GENERIC:         "krnl.terminate"() : () -> ()
// GENERIC-NEXT:  }) : (!krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop, index, index) -> ()
func.func @schedule(%n: index) {
  %ii, %jj, %kk = krnl.define_loops 3
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.permute(%ib, %il, %jj, %kk) [0, 3, 1, 2] : !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop
  krnl.unroll %il : !krnl.loop
  krnl.parallel %ib : !krnl.loop
  krnl.specialized_kernel(%jj, %kk) : !krnl.loop, !krnl.loop
  // `max` and `min` before a bound are accepted and dropped; bounds may be negative.
  krnl.iterate(%ib, %il) with (%ii -> %i = 0 to 10, %jj -> %j = max 1 to %n, %kk -> %k = %n to min -3) {
    %vb, %vl = krnl.get_induction_var_value(%ib, %il) : (!krnl.loop, !krnl.loop) -> (index, index)
    "t.use"(%i, %vb) : (index, index) -> ()
  }
  return
}

// The matmul example of the krnl documentation: three levels of tiles, nested krnl.iterate ops that run the tile
// loops of loops bound by an outer one, tile buffers and krnl.matmul.
// CHECK-LABEL: func.func @matmul(
// CHECK:         krnl.permute(%{{.*}}) [0, 3, 6, 1, 4, 7, 2, 5, 8] : !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop
// CHECK-NEXT:    krnl.iterate(%[[IB:.*]], %[[JB:.*]]) with (%{{.*}}#0 -> %{{.*}} = 0 to 40, %{{.*}}#1 -> %{{.*}} = 0 to 80, %{{.*}}#2 -> %{{.*}} = 0 to 60) {
// CHECK-NEXT:      %[[IJ:.*]]:2 = krnl.get_induction_var_value(%[[IB]], %[[JB]]) : (!krnl.loop, !krnl.loop) -> (index, index)
// CHECK-NEXT:      %[[CB:.*]] = memref.alloca() : memref<10x8xf32>
// CHECK-NEXT:      krnl.copy_to_tile_buffer %[[CB]], %arg2[%[[IJ]]#0, %[[IJ]]#1], %cst : memref<10x8xf32>, memref<40x80xf32>
// CHECK-NEXT:      krnl.iterate(%[[KB:.*]]) with () {
// CHECK-NEXT:        %[[K:.*]] = krnl.get_induction_var_value(%[[KB]]) : (!krnl.loop) -> index
// CHECK:             krnl.copy_to_tile_buffer %{{.*}}, %arg1[%[[K]], %[[IJ]]#1], %cst {padToNext = [1, 4], tileSize = [10, 6], transpose = true} : memref<10x8xf32>, memref<60x80xf32>
// CHECK-NEXT:        krnl.iterate(%{{.*}}, %{{.*}}, %{{.*}}) with () {
// CHECK-NEXT:          %[[S:.*]]:3 = krnl.get_induction_var_value
// CHECK-NEXT:          krnl.matmul %{{.*}}[%[[IJ]]#0, %[[K]]], %{{.*}}[%[[K]], %[[IJ]]#1], %[[CB]][%[[IJ]]#0, %[[IJ]]#1], (%{{.*}}, %{{.*}}, %{{.*}}), (%[[S]]#0, %[[S]]#1, %[[S]]#2), (%c40, %c80, %c60) {computeTileSize = [5, 4, 5], simdize = false, unroll = false} : memref<10x10xf32>, memref<10x8xf32>, memref<10x8xf32>, (!krnl.loop, !krnl.loop, !krnl.loop)
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      krnl.copy_from_tile_buffer %[[CB]], %arg2[%[[IJ]]#0, %[[IJ]]#1] : memref<10x8xf32>, memref<40x80xf32>
// CHECK-NEXT:    }
// GENERIC-LABEL: sym_name = "matmul"
// GENERIC:       "krnl.copy_to_tile_buffer"(%{{.*}}, %{{[^,]*}}, %{{.*}}#0, %{{.*}}#1, %{{.*}}) <{transpose = false}> : (memref<10x8xf32>, memref<40x80xf32>, index, index, f32) -> ()
// GENERIC:       "krnl.matmul"({{.*}}) <{computeTileSize = [5, 4, 5], operandSegmentSizes = array<i32: 1, 2, 1, 2, 1, 2, 3, 1, 1, 1, 1, 1, 1>, overcompute = false, simdize = false, unroll = false}>
func.func @matmul(%A: memref<40x60xf32>, %B: memref<60x80xf32>, %C: memref<40x80xf32>) {
  %f0 = arith.constant 0.0 : f32
  %c40 = arith.constant 40 : index
  %c80 = arith.constant 80 : index
  %c60 = arith.constant 60 : index
  %ii, %jj, %kk = krnl.define_loops 3
  %ib, %il = krnl.block %ii 10 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %jb, %jl = krnl.block %jj 8 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %kb, %kl = krnl.block %kk 10 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %ilb, %ill = krnl.block %il 5 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %jlb, %jll = krnl.block %jl 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %klb, %kll = krnl.block %kl 5 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.permute(%ib, %ilb, %ill, %jb, %jlb, %jll, %kb, %klb, %kll)
      [0, 3, 6, 1, 4, 7, 2, 5, 8] :
      !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop,
      !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop
  krnl.iterate(%ib, %jb) with (%ii -> %i = 0 to 40,
                               %jj -> %j = 0 to 80,
                               %kk -> %k = 0 to 60) {
    %i1, %j1 = krnl.get_induction_var_value(%ib, %jb) :
      (!krnl.loop,!krnl.loop) -> (index, index)
    %Cbuff = memref.alloca(): memref<10x8xf32>
    krnl.copy_to_tile_buffer %Cbuff, %C[%i1, %j1], %f0 :
      memref<10x8xf32>, memref<40x80xf32>
    krnl.iterate(%kb) with () {
      %k1 = krnl.get_induction_var_value(%kb) : (!krnl.loop) -> (index)
      %Abuff = memref.alloca(): memref<10x10xf32>
      %Bbuff = memref.alloca(): memref<10x8xf32>
      krnl.copy_to_tile_buffer %Abuff, %A[%i1, %k1], %f0 :
        memref<10x10xf32>, memref<40x60xf32>
      krnl.copy_to_tile_buffer %Bbuff, %B[%k1, %j1], %f0 {tileSize = [10, 6], padToNext = [1, 4], transpose = true} :
        memref<10x8xf32>, memref<60x80xf32>
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
    krnl.copy_from_tile_buffer %Cbuff, %C[%i1, %j1] :
      memref<10x8xf32>, memref<40x80xf32>
  }
  return
}

// Loop-carried values: the body ends with krnl.yield, which is printed; an empty krnl.yield without results is kept
// too (only krnl.terminate is implicit).
// CHECK-LABEL: func.func @reduce(
// CHECK:         %[[R:.*]]:2 = krnl.iterate(%[[L:.*]]) with (%[[L]] -> %[[I:.*]] = 0 to 8) iter_args(%[[A:.*]] = %arg1, %[[B:.*]] = %arg2) -> (f32, i32) {
// CHECK-NEXT:      %[[V:.*]] = krnl.load %arg0[%[[I]]] : memref<8xf32>
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[V]] : f32
// CHECK-NEXT:      krnl.yield %[[S]], %[[B]] : f32, i32
// CHECK-NEXT:    }
// CHECK:         krnl.iterate(%{{.*}}) with (%{{.*}} -> %{{.*}} = 0 to 8) {
// CHECK-NEXT:      krnl.yield
// CHECK-NEXT:    } {t.flag}
// CHECK-NEXT:    return %[[R]]#0 : f32
// GENERIC-LABEL: sym_name = "reduce"
// GENERIC:       "krnl.iterate"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 2>, staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 8>}> ({
// GENERIC-NEXT:  ^bb0(%{{.*}}: index, %{{.*}}: f32, %{{.*}}: i32):
// GENERIC:         "krnl.yield"(%{{.*}}, %{{.*}}) : (f32, i32) -> ()
// GENERIC-NEXT:  }) : (!krnl.loop, !krnl.loop, f32, i32) -> (f32, i32)
func.func @reduce(%A: memref<8xf32>, %zero: f32, %k: i32) -> f32 {
  %l = krnl.define_loops 1
  %sum, %kk = krnl.iterate(%l) with (%l -> %i = 0 to 8) iter_args(%acc = %zero, %b = %k) -> (f32, i32) {
    %v = krnl.load %A[%i] : memref<8xf32>
    %next = arith.addf %acc, %v : f32
    krnl.yield %next, %b : f32, i32
  }
  %m = krnl.define_loops 1
  krnl.iterate(%m) with (%m -> %i = 0 to 8) {
    krnl.yield
  } {t.flag}
  return %sum : f32
}

// Memory ops with custom forms.
// CHECK-LABEL: func.func @memory(
// CHECK-NEXT:    %[[V:.*]] = krnl.load %arg0[%arg2, %arg2] : memref<4x?xf32, 1>
// CHECK-NEXT:    krnl.store %[[V]], %arg0[%arg2, %arg2] : memref<4x?xf32, 1>
// CHECK-NEXT:    %[[S:.*]] = krnl.load %arg3[] : memref<i32>
// CHECK-NEXT:    krnl.store %[[S]], %arg3[] {t.note = "rank 0"} : memref<i32>
// CHECK-NEXT:    krnl.memset %arg0, %arg1 : memref<4x?xf32, 1>
// CHECK-NEXT:    krnl.memset %arg0, %arg1 {delayed = true} : memref<4x?xf32, 1>
// CHECK-NEXT:    %{{.*}} = krnl.vector_type_cast %arg4 : memref<64x16xf32> to memref<64x2xvector<8xf32>>
// CHECK-NEXT:    %{{.*}} = krnl.vector_type_cast %arg5 : memref<?x?xf32> to memref<?x?xvector<8xf32>>
// CHECK-NEXT:    %{{.*}} = krnl.vector_type_cast %arg4 : memref<64x16xf32> to memref<64x5xvector<3xf32>>
// GENERIC-LABEL: sym_name = "memory"
// GENERIC:       "krnl.memset"(%{{.*}}, %{{.*}}) <{delayed = false}> : (memref<4x?xf32, 1>, f32) -> ()
func.func @memory(%m: memref<4x?xf32, 1>, %x: f32, %i: index, %s: memref<i32>, %v: memref<64x16xf32>, %d: memref<?x?xf32>) {
  %a = krnl.load %m[%i, %i] : memref<4x?xf32, 1>
  krnl.store %a, %m[%i, %i] : memref<4x?xf32, 1>
  %b = krnl.load %s[] : memref<i32>
  krnl.store %b, %s[] {t.note = "rank 0"} : memref<i32>
  krnl.memset %m, %x : memref<4x?xf32, 1>
  krnl.memset %m, %x {delayed = true} : memref<4x?xf32, 1>
  %mv = krnl.vector_type_cast %v : memref<64x16xf32> to memref<64x2xvector<8xf32>>
  %dv = krnl.vector_type_cast %d : memref<?x?xf32> to memref<?x?xvector<8xf32>>
  // The last size is divided rounding down.
  %rv = krnl.vector_type_cast %v : memref<64x16xf32> to memref<64x5xvector<3xf32>>
  return
}

// krnl.movable leaves out its krnl.terminate; krnl.parallel's GPU mapping (a tlir extension) prints as a keyword.
// CHECK-LABEL: func.func @movable_and_mapping(
// CHECK-NEXT:    %[[L:.*]]:2 = krnl.define_loops 2
// CHECK-NEXT:    krnl.parallel %[[L]]#0 mapping workgroup_x : !krnl.loop
// CHECK-NEXT:    krnl.parallel %[[L]]#1 mapping workitem_z : !krnl.loop
// CHECK-NEXT:    krnl.iterate(%[[L]]#0, %[[L]]#1) with (%[[L]]#0 -> %[[I:.*]] = 0 to 16, %[[L]]#1 -> %{{.*}} = 0 to 64) {
// CHECK-NEXT:      krnl.movable {
// CHECK-NEXT:        %{{.*}} = krnl.load %arg0[%[[I]]] : memref<16xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      krnl.movable {
// CHECK-NEXT:      } {t.tag = 1 : i32}
// CHECK-NEXT:    }
// GENERIC-LABEL: sym_name = "movable_and_mapping"
// GENERIC:       "krnl.parallel"(%{{.*}}#0) <{mapping = #krnl<processor workgroup_x>}> : (!krnl.loop) -> ()
// GENERIC:       "krnl.movable"() ({
// GENERIC:         "krnl.terminate"() : () -> ()
func.func @movable_and_mapping(%A: memref<16xf32>) {
  %ib, %it = krnl.define_loops 2
  krnl.parallel %ib mapping workgroup_x : !krnl.loop
  krnl.parallel %it mapping workitem_z : !krnl.loop
  krnl.iterate(%ib, %it) with (%ib -> %b = 0 to 16, %it -> %t = 0 to 64) {
    krnl.movable {
      %v = krnl.load %A[%b] : memref<16xf32>
    }
    krnl.movable {
    } {t.tag = 1 : i32}
  }
  return
}

// A krnl.iterate without loops at all, and define_loops 0 (degenerate but valid, as in onnx-mlir).
// CHECK-LABEL: func.func @degenerate(
// CHECK-NEXT:    krnl.define_loops 0
// CHECK-NEXT:    krnl.iterate() with () {
// CHECK-NEXT:    }
func.func @degenerate() {
  krnl.define_loops 0
  krnl.iterate() with () {
  }
  return
}
