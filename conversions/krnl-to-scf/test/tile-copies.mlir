// convert-krnl-to-scf on the tile-buffer copies, as onnx-mlir lowers them: per buffer dimension, the elements the
// memref has from the start (min(tile, size - start), never negative) copied by a loop, then a padding loop up to
// the next multiple of padToNext (never past the tile) storing the pad value; transpose swaps the memref dimensions
// of the buffer's last two; copy_from writes back what fits in the memref.
// RUN: tl-opt --convert-krnl-to-scf --canonicalize --cse %s | FileCheck %s
// RUN: tl-opt --convert-krnl-to-scf %s | mlir-opt -o /dev/null

// CHECK-LABEL: func.func @copy_to(
// CHECK-SAME:      %[[BUF:.*]]: memref<4x8xf32>, %[[SRC:.*]]: memref<?x30xf32>, %[[I:.*]]: index, %[[J:.*]]: index, %[[PAD:.*]]: f32)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C30:.*]] = arith.constant 30 : index
// CHECK:         %[[DIM:.*]] = memref.dim %[[SRC]], %[[C0]]
// CHECK-NEXT:    %[[L0:.*]] = arith.subi %[[DIM]], %[[I]] : index
// CHECK-NEXT:    %[[M0:.*]] = arith.minsi %[[L0]], %[[C4]] : index
// CHECK-NEXT:    %[[R0:.*]] = arith.maxsi %[[M0]], %[[C0]] : index
// CHECK-NEXT:    %[[L1:.*]] = arith.subi %[[C30]], %[[J]] : index
// CHECK-NEXT:    %[[M1:.*]] = arith.minsi %[[L1]], %[[C8]] : index
// CHECK-NEXT:    %[[R1:.*]] = arith.maxsi %[[M1]], %[[C0]] : index
// CHECK-NEXT:    scf.for %[[X:.*]] = %[[C0]] to %[[R0]] step
// CHECK-NEXT:      scf.for %[[Y:.*]] = %[[C0]] to %[[R1]] step
// CHECK-NEXT:        %[[SI:.*]] = arith.addi %[[I]], %[[X]] : index
// CHECK-NEXT:        %[[SJ:.*]] = arith.addi %[[J]], %[[Y]] : index
// CHECK-NEXT:        %[[V:.*]] = memref.load %[[SRC]][%[[SI]], %[[SJ]]]
// CHECK-NEXT:        memref.store %[[V]], %[[BUF]][%[[X]], %[[Y]]]
// CHECK-NOT:     %[[PAD]]
// CHECK:         return
func.func @copy_to(%buf: memref<4x8xf32>, %src: memref<?x30xf32>, %i: index, %j: index, %pad: f32) {
  krnl.copy_to_tile_buffer %buf, %src[%i, %j], %pad : memref<4x8xf32>, memref<?x30xf32>
  return
}

// Padding to the next multiple of 4 along the buffer's second dimension, after the data of each row.
// CHECK-LABEL: func.func @copy_to_padded(
// CHECK-SAME:      %[[BUF:.*]]: memref<4x8xf32>, %{{.*}}: memref<?x30xf32>, %{{.*}}: index, %{{.*}}: index, %[[PAD:.*]]: f32)
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         arith.maxsi
// CHECK:         %[[R1:.*]] = arith.maxsi
// CHECK-NEXT:    %[[Q:.*]] = arith.ceildivsi %[[R1]], %[[C4]] : index
// CHECK-NEXT:    %[[P:.*]] = arith.muli %[[Q]], %[[C4]] : index
// CHECK-NEXT:    %[[W1:.*]] = arith.minsi %[[P]], %[[C8]] : index
// CHECK-NEXT:    scf.for %[[X:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:      scf.for %{{.*}} = %{{.*}} to %[[R1]] step
// CHECK:           }
// CHECK-NEXT:      scf.for %[[Y:.*]] = %[[R1]] to %[[W1]] step
// CHECK-NEXT:        memref.store %[[PAD]], %[[BUF]][%[[X]], %[[Y]]]
func.func @copy_to_padded(%buf: memref<4x8xf32>, %src: memref<?x30xf32>, %i: index, %j: index, %pad: f32) {
  krnl.copy_to_tile_buffer %buf, %src[%i, %j], %pad {padToNext = [1, 4]} : memref<4x8xf32>, memref<?x30xf32>
  return
}

// A transposed copy of a 6x4 tile (buffer dimension 0 along the source's last) from a fixed outer index, padded
// along dimension 0 to the whole tile: pad rows after the data rows.
// CHECK-LABEL: func.func @copy_to_transposed(
// CHECK-SAME:      %[[BUF:.*]]: memref<8x4xf32>, %[[SRC:.*]]: memref<2x10x30xf32>, %[[B:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index, %[[PAD:.*]]: f32)
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK:         %[[L0:.*]] = arith.subi %{{.*}}, %[[J]] : index
// CHECK-NEXT:    %[[M0:.*]] = arith.minsi %[[L0]], %[[C6]] : index
// CHECK-NEXT:    %[[R0:.*]] = arith.maxsi %[[M0]]
// CHECK:         %[[R1:.*]] = arith.maxsi
// CHECK-NEXT:    scf.for %[[X:.*]] = %{{.*}} to %[[R0]] step
// CHECK-NEXT:      scf.for %[[Y:.*]] = %{{.*}} to %[[R1]] step
// CHECK-NEXT:        %[[SJ:.*]] = arith.addi %[[J]], %[[X]] : index
// CHECK-NEXT:        %[[SI:.*]] = arith.addi %[[I]], %[[Y]] : index
// CHECK-NEXT:        %[[V:.*]] = memref.load %[[SRC]][%[[B]], %[[SI]], %[[SJ]]]
// CHECK-NEXT:        memref.store %[[V]], %[[BUF]][%[[X]], %[[Y]]]
// CHECK:         scf.for %[[X2:.*]] = %[[R0]] to %[[C6]] step
// CHECK-NEXT:      scf.for %[[Y2:.*]] = %{{.*}} to %[[R1]] step
// CHECK-NEXT:        memref.store %[[PAD]], %[[BUF]][%[[X2]], %[[Y2]]]
func.func @copy_to_transposed(%buf: memref<8x4xf32>, %src: memref<2x10x30xf32>, %b: index, %i: index, %j: index, %pad: f32) {
  krnl.copy_to_tile_buffer %buf, %src[%b, %i, %j], %pad {transpose = true, tileSize = [6, 4], padToNext = [6, 1]} : memref<8x4xf32>, memref<2x10x30xf32>
  return
}

// CHECK-LABEL: func.func @copy_from(
// CHECK-SAME:      %[[BUF:.*]]: memref<4x8xf32>, %[[DST:.*]]: memref<10x30xf32>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK:         %[[R0:.*]] = arith.maxsi
// CHECK:         %[[R1:.*]] = arith.maxsi
// CHECK-NEXT:    scf.for %[[X:.*]] = %{{.*}} to %[[R0]] step
// CHECK-NEXT:      scf.for %[[Y:.*]] = %{{.*}} to %[[R1]] step
// CHECK-NEXT:        %[[V:.*]] = memref.load %[[BUF]][%[[X]], %[[Y]]]
// CHECK-NEXT:        %[[DI:.*]] = arith.addi %[[I]], %[[X]] : index
// CHECK-NEXT:        %[[DJ:.*]] = arith.addi %[[J]], %[[Y]] : index
// CHECK-NEXT:        memref.store %[[V]], %[[DST]][%[[DI]], %[[DJ]]]
func.func @copy_from(%buf: memref<4x8xf32>, %dst: memref<10x30xf32>, %i: index, %j: index) {
  krnl.copy_from_tile_buffer %buf, %dst[%i, %j] : memref<4x8xf32>, memref<10x30xf32>
  return
}
