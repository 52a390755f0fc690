// RUN: tl-translate --mlir-to-wgsl %s -o %t.wgsl --manifest %t.json
// RUN: FileCheck %s --check-prefix=WGSL < %t.wgsl
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json

// A group is one storage buffer holding every member and a table of where each member starts; flow.group.load
// reads the table, and the member's view adds the group's offset (here static: 2) and the members' shared dope
// vector. Dynamic sizes and strides the kernel reads are words of the parameters; the manifest says which.

// WGSL: struct Parameters {
// WGSL-NEXT:   group_count: u32,
// WGSL-NEXT:   alpha: f32,
// WGSL-NEXT:   A_size0: i32,
// WGSL-NEXT:   A_stride1: i32,
// WGSL-NEXT:   B_offset: i32,
// WGSL-NEXT:   B_stride1: i32,
// WGSL-NEXT:   B_stride2: i32,
// WGSL-NEXT: }
// WGSL: @group(0) @binding(0) var<uniform> params: Parameters;
// WGSL-NEXT: @group(0) @binding(1) var<storage, read> A_data: array<f32>;
// WGSL-NEXT: @group(0) @binding(2) var<storage, read> A_offsets: array<u32>;
// WGSL-NEXT: @group(0) @binding(3) var<storage, read_write> B: array<f32>;
// WGSL: @compute @workgroup_size(16, 1, 1)
// WGSL-NEXT: fn scale_group(
// WGSL: let alpha = params.alpha;
// WGSL-NEXT: let thread_id_x = i32(lid.x);
// WGSL-NEXT: let member_start = i32(A_offsets[group_id]);
// WGSL-NEXT: let subview_offset = params.B_offset + (group_id * params.B_stride2);
// WGSL-NEXT: for (var arg3 = 0i; arg3 < 3i; arg3 = (arg3 + 1i)) {
// WGSL-NEXT: for (var arg4 = thread_id_x; arg4 < params.A_size0; arg4 = select(params.A_size0, (arg4 + 16i), 16u < bitcast<u32>(params.A_size0) - bitcast<u32>(arg4))) {
// WGSL-NEXT: let v0 = A_data[member_start + arg4 + (arg3 * params.A_stride1) + 2i];
// WGSL-NEXT: let v1 = B[subview_offset + arg4 + (arg3 * params.B_stride1)];
// WGSL-NEXT: let v2 = alpha * v0;
// WGSL-NEXT: let v3 = v2 + v1;
// WGSL-NEXT: B[subview_offset + arg4 + (arg3 * params.B_stride1)] = v3;

// MANIFEST:      "version": 1,
// MANIFEST-NEXT: "kernel": "scale_group",
// MANIFEST-NEXT: "entryPoint": "scale_group",
// MANIFEST-NEXT: "workgroupSize": [16, 1, 1],
// MANIFEST-NEXT: "requiredFeatures": [],
// MANIFEST-NEXT: "arguments": [
// MANIFEST-NEXT:   { "name": "alpha", "kind": "scalar", "elementType": "f32", "loc": { "file": "{{.*}}groups.mlir", "line": [[@LINE+29]], "column": 25 } },
// MANIFEST-NEXT:   { "name": "A", "kind": "group", "elementType": "f32", "shape": [null, 3], "strides": [1, null], "offset": 2, "loc": { "file": "{{.*}}groups.mlir", "line": [[@LINE+29]], "column": 25 } },
// MANIFEST-NEXT:   { "name": "B", "kind": "memref", "elementType": "f32", "shape": [null, 3, null], "strides": [1, null, null], "offset": null, "loc": { "file": "{{.*}}groups.mlir", "line": [[@LINE+29]], "column": 25 } }
// MANIFEST-NEXT: ],
// MANIFEST:      "bindings": [
// MANIFEST-NEXT:   { "group": 0, "binding": 0, "kind": "uniform", "role": "parameters", "sizeBytes": 32 },
// MANIFEST-NEXT:   { "group": 0, "binding": 1, "kind": "storage-read", "role": "group-data", "argument": "A", "elementType": "f32" },
// MANIFEST-NEXT:   { "group": 0, "binding": 2, "kind": "storage-read", "role": "group-offsets", "argument": "A", "elementType": "u32" },
// MANIFEST-NEXT:   { "group": 0, "binding": 3, "kind": "storage-read-write", "role": "memref-data", "argument": "B", "elementType": "f32" }
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "dopeVectors": [
// MANIFEST-NEXT:   { "argument": "A", "uniform": { "group": 0, "binding": 0 }, "wordType": "i32", "offset": null, "sizes": [2, null], "strides": [null, 3] },
// MANIFEST-NEXT:   { "argument": "B", "uniform": { "group": 0, "binding": 0 }, "wordType": "i32", "offset": 4, "sizes": [null, null, null], "strides": [null, 5, 6] }
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "scalars": [
// MANIFEST-NEXT:   { "argument": "alpha", "uniform": { "group": 0, "binding": 0 }, "word": 1, "wordType": "f32" }
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "grid": {
// MANIFEST-NEXT:   "folding": "linear-xyz",
// MANIFEST-NEXT:   "groupCount": { "uniform": { "group": 0, "binding": 0 }, "word": 0 }
// MANIFEST-NEXT: },
// MANIFEST-NEXT: "sourceMap": [
// MANIFEST-NEXT:   { "wgslLine": {{[0-9]+}}, "file": "{{.*}}groups.mlir", "line": [[@LINE+8]], "column": 25 },
// MANIFEST-NEXT:   { "wgslLine": {{[0-9]+}}, "file": "{{.*}}groups.mlir", "line": [[@LINE+8]], "column": 25 },
// MANIFEST-NEXT:   { "wgslLine": {{[0-9]+}}, "file": "{{.*}}groups.mlir", "line": [[@LINE+5]], "column": 3 },
// MANIFEST-NEXT:   { "wgslLine": {{[0-9]+}}, "file": "{{.*}}groups.mlir", "line": [[@LINE+4]], "column": 25 },
// MANIFEST-NEXT:   { "wgslLine": {{[0-9]+}}, "file": "{{.*}}groups.mlir", "line": [[@LINE+11]], "column": 10 },

gpu.module @m {
  gpu.func @scale_group(%alpha: f32,
                        %A: !flow.group<memref<?x3xf32, strided<[1, ?], offset: ?>>, offset: 2>,
                        %B: memref<?x3x?xf32, strided<[1, ?, ?], offset: ?>>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %g = gpu.block_id x
    %t = gpu.thread_id x
    %a = flow.group.load %A[%g] : !flow.group<memref<?x3xf32, strided<[1, ?], offset: ?>>, offset: 2> -> memref<?x3xf32, strided<[1, ?], offset: ?>>
    %n = memref.dim %a, %c0 : memref<?x3xf32, strided<[1, ?], offset: ?>>
    %b = memref.subview %B[0, 0, %g] [%n, 3, 1] [1, 1, 1] : memref<?x3x?xf32, strided<[1, ?, ?], offset: ?>> to memref<?x3xf32, strided<[1, ?], offset: ?>>
    scf.for %j = %c0 to %c3 step %c1 {
      scf.for %i = %t to %n step %c16 {
        %x = memref.load %a[%i, %j] : memref<?x3xf32, strided<[1, ?], offset: ?>>
        %y = memref.load %b[%i, %j] : memref<?x3xf32, strided<[1, ?], offset: ?>>
        %p = arith.mulf %alpha, %x : f32
        %s = arith.addf %p, %y : f32
        memref.store %s, %b[%i, %j] : memref<?x3xf32, strided<[1, ?], offset: ?>>
      }
    }
    gpu.return
  }
}
