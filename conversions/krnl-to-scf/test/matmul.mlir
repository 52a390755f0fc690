// convert-krnl-to-scf on krnl.matmul: a tile that may be partial gets an scf.if (as in onnx-mlir): loops over the
// whole compute tile when every dimension fits below its global upper bound, loops cut at the upper bounds
// otherwise; the sum over k is carried by an scf.for starting from C's element (acc = a * b + acc); with `unroll`
// (the default) a full tile's j loop is unrolled and jammed into the k loop.
// RUN: tl-opt --convert-krnl-to-scf --canonicalize --cse %s | FileCheck %s
// RUN: tl-opt --convert-krnl-to-scf %s | mlir-opt -o /dev/null

// CHECK-LABEL: func.func @partial(
// CHECK-SAME:      %[[A:[^:]*]]: memref<8x6xf32>, %[[B:[^:]*]]: memref<6x8xf32>, %[[C:[^:]*]]: memref<8x8xf32>, %[[I0:[^:]*]]: index, %[[J0:[^:]*]]: index, %[[K0:[^:]*]]: index, %[[I:[^:]*]]: index, %[[J:[^:]*]]: index, %[[K:[^:]*]]: index)
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[LI:.*]] = arith.subi %[[I]], %[[I0]] : index
// CHECK-NEXT:    %[[TI:.*]] = arith.minsi %[[LI]], %[[C4]] : index
// CHECK-NEXT:    %[[LJ:.*]] = arith.subi %[[J]], %[[J0]] : index
// CHECK-NEXT:    %[[TJ:.*]] = arith.minsi %[[LJ]], %[[C2]] : index
// CHECK-NEXT:    %[[LK:.*]] = arith.subi %[[K]], %[[K0]] : index
// CHECK-NEXT:    %[[TK:.*]] = arith.minsi %[[LK]], %[[C3]] : index
// CHECK-NEXT:    %[[EI:.*]] = arith.addi %[[I0]], %[[C4]] : index
// CHECK-NEXT:    %[[FI:.*]] = arith.cmpi sle, %[[EI]], %[[I]] : index
// CHECK-NEXT:    %[[EJ:.*]] = arith.addi %[[J0]], %[[C2]] : index
// CHECK-NEXT:    %[[FJ:.*]] = arith.cmpi sle, %[[EJ]], %[[J]] : index
// CHECK-NEXT:    %[[FIJ:.*]] = arith.andi %[[FI]], %[[FJ]] : i1
// CHECK-NEXT:    %[[EK:.*]] = arith.addi %[[K0]], %[[C3]] : index
// CHECK-NEXT:    %[[FK:.*]] = arith.cmpi sle, %[[EK]], %[[K]] : index
// CHECK-NEXT:    %[[FULL:.*]] = arith.andi %[[FIJ]], %[[FK]] : i1
// CHECK-NEXT:    scf.if %[[FULL]] {
// CHECK-NEXT:      scf.for %[[X:.*]] = %{{.*}} to %[[C4]] step
// CHECK-NEXT:        scf.for %[[Y:.*]] = %{{.*}} to %[[C2]] step
// CHECK-NEXT:          %[[CI:.*]] = arith.addi %[[I0]], %[[X]] : index
// CHECK-NEXT:          %[[CJ:.*]] = arith.addi %[[J0]], %[[Y]] : index
// CHECK-NEXT:          %[[C0V:.*]] = memref.load %[[C]][%[[CI]], %[[CJ]]]
// CHECK-NEXT:          %[[SUM:.*]] = scf.for %[[Z:.*]] = %{{.*}} to %[[C3]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[C0V]]) -> (f32) {
// CHECK-NEXT:            %[[CK:.*]] = arith.addi %[[K0]], %[[Z]] : index
// CHECK-NEXT:            %[[AV:.*]] = memref.load %[[A]][%[[CI]], %[[CK]]]
// CHECK-NEXT:            %[[BV:.*]] = memref.load %[[B]][%[[CK]], %[[CJ]]]
// CHECK-NEXT:            %[[P:.*]] = arith.mulf %[[AV]], %[[BV]] : f32
// CHECK-NEXT:            %[[S:.*]] = arith.addf %[[P]], %[[ACC]] : f32
// CHECK-NEXT:            scf.yield %[[S]] : f32
// CHECK-NEXT:          }
// CHECK-NEXT:          memref.store %[[SUM]], %[[C]][%[[CI]], %[[CJ]]]
// CHECK:         } else {
// CHECK-NEXT:      scf.for %{{.*}} = %{{.*}} to %[[TI]] step
// CHECK-NEXT:        scf.for %{{.*}} = %{{.*}} to %[[TJ]] step
// CHECK:               scf.for %{{.*}} = %{{.*}} to %[[TK]] step
func.func @partial(%A: memref<8x6xf32>, %B: memref<6x8xf32>, %C: memref<8x8xf32>, %i: index, %j: index, %k: index, %I: index, %J: index, %K: index) {
  %c0 = arith.constant 0 : index
  %ii, %jj, %kk = krnl.define_loops 3
  krnl.matmul %A[%c0, %c0], %B[%c0, %c0], %C[%c0, %c0], (%ii, %jj, %kk), (%i, %j, %k), (%I, %J, %K)
      {computeTileSize = [4, 2, 3], unroll = false} : memref<8x6xf32>, memref<6x8xf32>, memref<8x8xf32>, (!krnl.loop, !krnl.loop, !krnl.loop)
  return
}

// Known full tile, unrolled and jammed: a row of C (two elements) carried through the k loop.
// CHECK-LABEL: func.func @jammed(
// CHECK-SAME:      %[[A:[^:]*]]: memref<4x3xi32>, %[[B:[^:]*]]: memref<3x2xi32>, %[[C:[^:]*]]: memref<4x2xi32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-NOT:     scf.if
// CHECK:         scf.for %[[X:.*]] = %[[C0]] to %{{.*}} step %[[C1]] {
// CHECK-NEXT:      %[[R0:.*]] = memref.load %[[C]][%[[X]], %[[C0]]]
// CHECK-NEXT:      %[[R1:.*]] = memref.load %[[C]][%[[X]], %[[C1]]]
// CHECK-NEXT:      %[[ROW:.*]]:2 = scf.for %[[Z:.*]] = %[[C0]] to %{{.*}} step %[[C1]] iter_args(%[[A0:.*]] = %[[R0]], %[[A1:.*]] = %[[R1]]) -> (i32, i32) {
// CHECK-NEXT:        %[[AV:.*]] = memref.load %[[A]][%[[X]], %[[Z]]]
// CHECK-NEXT:        %[[B0:.*]] = memref.load %[[B]][%[[Z]], %[[C0]]]
// CHECK-NEXT:        %[[P0:.*]] = arith.muli %[[AV]], %[[B0]] : i32
// CHECK-NEXT:        %[[S0:.*]] = arith.addi %[[P0]], %[[A0]] : i32
// CHECK-NEXT:        %[[B1:.*]] = memref.load %[[B]][%[[Z]], %[[C1]]]
// CHECK-NEXT:        %[[P1:.*]] = arith.muli %[[AV]], %[[B1]] : i32
// CHECK-NEXT:        %[[S1:.*]] = arith.addi %[[P1]], %[[A1]] : i32
// CHECK-NEXT:        scf.yield %[[S0]], %[[S1]] : i32, i32
// CHECK-NEXT:      }
// CHECK-NEXT:      memref.store %[[ROW]]#0, %[[C]][%[[X]], %[[C0]]]
// CHECK-NEXT:      memref.store %[[ROW]]#1, %[[C]][%[[X]], %[[C1]]]
func.func @jammed(%A: memref<4x3xi32>, %B: memref<3x2xi32>, %C: memref<4x2xi32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %ii, %jj, %kk = krnl.define_loops 3
  krnl.matmul %A[%c0, %c0], %B[%c0, %c0], %C[%c0, %c0], (%ii, %jj, %kk), (%c0, %c0, %c0), (%c4, %c2, %c3)
      : memref<4x3xi32>, memref<3x2xi32>, memref<4x2xi32>, (!krnl.loop, !krnl.loop, !krnl.loop)
  return
}
