// RUN: tl-translate --mlir-to-wgsl --split-input-file %s | FileCheck %s
// An empty marker is the default one (as in mlir-opt), not "no split": the two @m modules would clash.
// RUN: tl-translate --mlir-to-wgsl --split-input-file= %s | FileCheck %s

// A work-group whose x is not a multiple of 8 and that has more than one row is launched one-dimensional
// (docs/wgsl.md, "One-dimensional launch"): @workgroup_size(x y z, 1, 1), each thread id derived from lid.x with
// x fastest (the same linear index as local_invocation_index), the manifest's workgroupSize the launched one.
// block_dim stays the kernel's own size.

// CHECK: @compute @workgroup_size(16, 1, 1)
// CHECK-LABEL: fn square(
// CHECK: let thread_id_x = i32(lid.x % 4u);
// CHECK-NEXT: let thread_id_y = i32(lid.x / 4u);
// CHECK-NEXT: let global_id_x = group_id * 4i + i32(lid.x % 4u);
// CHECK-NEXT: let v0 = thread_id_y * 4i;
gpu.module @m {
  gpu.func @square(%out: memref<?xf32, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 4, 4, 1>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %gx = gpu.global_id x
    %dx = gpu.block_dim x
    %row = arith.muli %ty, %dx : index
    %t = arith.addi %row, %tx : index
    %f = arith.index_cast %gx : index to i32
    %v = arith.sitofp %f : i32 to f32
    memref.store %v, %out[%t] : memref<?xf32, strided<[1], offset: ?>>
    gpu.return
  }
}

// -----

// Three dimensions: y takes a remainder, z (the outermost) does not.

// CHECK: @compute @workgroup_size(12, 1, 1)
// CHECK-LABEL: fn cube(
// CHECK: let thread_id_x = i32(lid.x % 3u);
// CHECK-NEXT: let thread_id_y = i32((lid.x / 3u) % 2u);
// CHECK-NEXT: let thread_id_z = i32(lid.x / 6u);
gpu.module @m {
  gpu.func @cube(%out: memref<?xf32, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 3, 2, 2>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %tz = gpu.thread_id z
    %a = arith.addi %tx, %ty : index
    %t = arith.addi %a, %tz : index
    %f = arith.index_cast %t : index to i32
    %v = arith.sitofp %f : i32 to f32
    memref.store %v, %out[%t] : memref<?xf32, strided<[1], offset: ?>>
    gpu.return
  }
}

// -----

// Kept as they are: x a multiple of 8 (every SIMD lane of a row used) and a single row. (So is a work-group of more
// than 256 work-items, WebGPU's guaranteed maxComputeWorkgroupSizeX, on an adapter that allows it.)

// CHECK: @compute @workgroup_size(8, 4, 1)
// CHECK-LABEL: fn lanes(
// CHECK: let thread_id_x = i32(lid.x);
// CHECK-NEXT: let thread_id_y = i32(lid.y);
gpu.module @m {
  gpu.func @lanes(%out: memref<?xf32, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 8, 4, 1>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %t = arith.addi %tx, %ty : index
    %f = arith.index_cast %t : index to i32
    %v = arith.sitofp %f : i32 to f32
    memref.store %v, %out[%t] : memref<?xf32, strided<[1], offset: ?>>
    gpu.return
  }
}

// -----

// CHECK: @compute @workgroup_size(4, 1, 1)
// CHECK-LABEL: fn row(
// CHECK: let thread_id_x = i32(lid.x);
gpu.module @m {
  gpu.func @row(%out: memref<?xf32, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %tx = gpu.thread_id x
    %f = arith.index_cast %tx : index to i32
    %v = arith.sitofp %f : i32 to f32
    memref.store %v, %out[%tx] : memref<?xf32, strided<[1], offset: ?>>
    gpu.return
  }
}
