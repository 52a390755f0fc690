// RUN: tl-translate --mlir-to-wgsl --split-input-file %s | FileCheck %s

// Several tl groups per work-group (groups_per_workgroup = G on the gpu.func, from tl-to-krnl's
// groups-per-work-group; docs/wgsl.md): the entry point runs G copies of the kernel's work-items, stacked along z,
// or along x when the packed size is launched one-dimensional (launch-shape.ts); the packed index, lid.z / z or
// lid.x / (x y z), picks the group: group_linear = <the work-group's linear id> * G + it. The copies past the last
// group return early. Thread ids stay within the copy; block_dim stays the kernel's own size.

// 8x2 work-items (x a multiple of 8: kept as launched), 4 groups: (8, 2, 4), the packed index lid.z.
// CHECK: @compute @workgroup_size(8, 2, 4)
// CHECK-LABEL: fn rows(
// CHECK: let group_linear = (wid.x + nwg.x * (wid.y + nwg.y * wid.z)) * 4u + lid.z;
// CHECK-NEXT: if (group_linear >= params.group_count) {
// CHECK-NEXT: return;
// CHECK: let group_id = i32(group_linear);
// CHECK: let thread_id_x = i32(lid.x);
// CHECK-NEXT: let thread_id_y = i32(lid.y);
// CHECK-NEXT: let thread_id_z = i32(0u);
// CHECK-NEXT: let global_id_x = group_id * 8i + i32(lid.x);
gpu.module @m {
  gpu.func @rows(%out: memref<?xf32, strided<[1], offset: ?>>) kernel attributes {groups_per_workgroup = 4 : i32, known_block_size = array<i32: 8, 2, 1>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %tz = gpu.thread_id z
    %gx = gpu.global_id x
    %dx = gpu.block_dim x
    %row = arith.muli %ty, %dx : index
    %a = arith.addi %row, %tx : index
    %t = arith.addi %a, %tz : index
    %f = arith.index_cast %gx : index to i32
    %v = arith.sitofp %f : i32 to f32
    memref.store %v, %out[%t] : memref<?xf32, strided<[1], offset: ?>>
    gpu.return
  }
}

// -----

// 4x4 work-items, 8 groups: 128 work-items along x; y now takes a remainder (the copies lie above it).
// CHECK: @compute @workgroup_size(128, 1, 1)
// CHECK-LABEL: fn square(
// CHECK: let group_linear = (wid.x + nwg.x * (wid.y + nwg.y * wid.z)) * 8u + lid.x / 16u;
// CHECK: let thread_id_x = i32(lid.x % 4u);
// CHECK-NEXT: let thread_id_y = i32((lid.x / 4u) % 4u);
// CHECK-NEXT: let global_id_x = group_id * 4i + i32(lid.x % 4u);
// CHECK-NEXT: let v0 = thread_id_y * 4i;
gpu.module @m {
  gpu.func @square(%out: memref<?xf32, strided<[1], offset: ?>>) kernel attributes {groups_per_workgroup = 8 : i32, known_block_size = array<i32: 4, 4, 1>} {
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

// Three dimensions along x (3x2x2, 2 groups): z takes a remainder too; the packed index is lid.x / 12.
// CHECK: @compute @workgroup_size(24, 1, 1)
// CHECK-LABEL: fn cube(
// CHECK: let group_linear = (wid.x + nwg.x * (wid.y + nwg.y * wid.z)) * 2u + lid.x / 12u;
// CHECK: let thread_id_x = i32(lid.x % 3u);
// CHECK-NEXT: let thread_id_y = i32((lid.x / 3u) % 2u);
// CHECK-NEXT: let thread_id_z = i32((lid.x / 6u) % 2u);
gpu.module @m {
  gpu.func @cube(%out: memref<?xf32, strided<[1], offset: ?>>) kernel attributes {groups_per_workgroup = 2 : i32, known_block_size = array<i32: 3, 2, 2>} {
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

// 8x1x2 work-items kept as launched, 3 groups: (8, 1, 6); z takes a remainder, the packed index lid.z / 2.
// CHECK: @compute @workgroup_size(8, 1, 6)
// CHECK-LABEL: fn deep(
// CHECK: let group_linear = (wid.x + nwg.x * (wid.y + nwg.y * wid.z)) * 3u + lid.z / 2u;
// CHECK: let thread_id_z = i32(lid.z % 2u);
gpu.module @m {
  gpu.func @deep(%out: memref<?xf32, strided<[1], offset: ?>>) kernel attributes {groups_per_workgroup = 3 : i32, known_block_size = array<i32: 8, 1, 2>} {
    %tz = gpu.thread_id z
    %f = arith.index_cast %tz : index to i32
    %v = arith.sitofp %f : i32 to f32
    memref.store %v, %out[%tz] : memref<?xf32, strided<[1], offset: ?>>
    gpu.return
  }
}

// -----

// Without the attribute (G = 1) nothing changes: the work-group's own ids, no packed index.
// CHECK: @compute @workgroup_size(8, 2, 1)
// CHECK-LABEL: fn plain(
// CHECK: let group_linear = wid.x + nwg.x * (wid.y + nwg.y * wid.z);
// CHECK: let thread_id_y = i32(lid.y);
// CHECK-NEXT: let thread_id_z = i32(lid.z);
gpu.module @m {
  gpu.func @plain(%out: memref<?xf32, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 8, 2, 1>} {
    %ty = gpu.thread_id y
    %tz = gpu.thread_id z
    %t = arith.addi %ty, %tz : index
    %f = arith.index_cast %t : index to i32
    %v = arith.sitofp %f : i32 to f32
    memref.store %v, %out[%t] : memref<?xf32, strided<[1], offset: ?>>
    gpu.return
  }
}
