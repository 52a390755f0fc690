// RUN: tl-translate --mlir-to-wgsl --split-input-file %s | FileCheck %s
// RUN: tl-translate --mlir-to-wgsl --split-input-file --bounds-check %s | FileCheck %s --check-prefix=BOUNDS

// vector.load and vector.extract (docs/wgsl.md, "Vector loads"). A read-only argument that aligned vector.loads read
// (alignment >= the vector's bytes) is an array of vectors of the smallest such width: an aligned load is one of its
// elements (two for a vec4 on an array of vec2), a scalar load a component (a shift and a mask: buffer indices are never negative). Anything else (no alignment, a buffer the
// kernel writes, a private array) reads the elements one by one into a vector.

// CHECK-LABEL: // Kernel @aligned
// CHECK: var<storage, read> A: array<vec4<f32>>;
// CHECK: var<storage, read_write> y: array<f32>;
// CHECK: let v0 = thread_id_x * 4i;
// CHECK-NEXT: let at = params.A_offset + v0;
// CHECK-NEXT: let v1 = A[(at >> 2u)];
// CHECK-NEXT: let v2 = v1[0];
// CHECK-NEXT: let v3 = v1[3];
// A scalar load of the same argument takes a component:
// CHECK-NEXT: let v4 = A[(params.A_offset + thread_id_x) >> 2u][(params.A_offset + thread_id_x) & 3i];
// --bounds-check checks the vector's first and last element:
// BOUNDS-LABEL: // Kernel @aligned
// BOUNDS: let v0 = thread_id_x * 4i;
// BOUNDS-NEXT: if (u32(v0) >= u32(params.A_size0)) { tlir_out_of_bounds(0u, 0u, v0, params.A_size0, group_id); }
// BOUNDS-NEXT: if (u32(v0 + 3i) >= u32(params.A_size0)) { tlir_out_of_bounds(1u, 0u, v0 + 3i, params.A_size0, group_id); }
// BOUNDS-NEXT: let at = params.A_offset + v0;
// BOUNDS-NEXT: let v1 = A[(at >> 2u)];
gpu.module @m {
  gpu.func @aligned(%A: memref<?xf32, strided<[1], offset: ?>>, %y: memref<8xf32>) kernel attributes {known_block_size = array<i32: 2, 1, 1>} {
    %t = gpu.thread_id x
    %c4 = arith.constant 4 : index
    %i = arith.muli %t, %c4 : index
    %v = vector.load %A[%i] {alignment = 16 : i64} : memref<?xf32, strided<[1], offset: ?>>, vector<4xf32>
    %a = vector.extract %v[0] : f32 from vector<4xf32>
    %d = vector.extract %v[3] : f32 from vector<4xf32>
    %s = memref.load %A[%t] : memref<?xf32, strided<[1], offset: ?>>
    %sum = arith.addf %a, %d : f32
    %sum2 = arith.addf %sum, %s : f32
    memref.store %sum2, %y[%t] : memref<8xf32>
    gpu.return
  }
}

// -----

// CHECK-LABEL: // Kernel @mixed
// CHECK: var<storage, read> A: array<vec2<f32>>;
// CHECK: let v1 = A[(v0 >> 1u)];
// CHECK-NEXT: let v2 = vec4<f32>(A[(v0 >> 1u)], A[(v0 >> 1u) + 1i]);
// CHECK-NEXT: let v3 = v1[1];
// CHECK-NEXT: let v4 = v2[thread_id_x];
gpu.module @m {
  gpu.func @mixed(%A: memref<16xf32>, %y: memref<8xf32>) kernel attributes {known_block_size = array<i32: 2, 1, 1>} {
    %t = gpu.thread_id x
    %c4 = arith.constant 4 : index
    %i = arith.muli %t, %c4 : index
    %v2 = vector.load %A[%i] {alignment = 8 : i64} : memref<16xf32>, vector<2xf32>
    %v4 = vector.load %A[%i] {alignment = 16 : i64} : memref<16xf32>, vector<4xf32>
    %a = vector.extract %v2[1] : f32 from vector<2xf32>
    %b = vector.extract %v4[%t] : f32 from vector<4xf32>
    %s = arith.addf %a, %b : f32
    memref.store %s, %y[%t] : memref<8xf32>
    gpu.return
  }
}

// -----

// CHECK-LABEL: // Kernel @unaligned
// CHECK: var<storage, read_write> A: array<f32>;
// CHECK: var<storage, read> B: array<f32>;
// CHECK: let v1 = vec4<f32>(A[v0], A[v0 + 1i], A[v0 + 2i], A[v0 + 3i]);
// CHECK: let v3 = vec2<f32>(B[v0], B[v0 + 1i]);
gpu.module @m {
  gpu.func @unaligned(%A: memref<16xf32>, %B: memref<16xf32>) kernel attributes {known_block_size = array<i32: 2, 1, 1>} {
    %t = gpu.thread_id x
    %c4 = arith.constant 4 : index
    %i = arith.muli %t, %c4 : index
    // Written by the kernel: no second view of it as vectors.
    %v = vector.load %A[%i] {alignment = 16 : i64} : memref<16xf32>, vector<4xf32>
    %a = vector.extract %v[1] : f32 from vector<4xf32>
    // No alignment: element by element.
    %w = vector.load %B[%i] : memref<16xf32>, vector<2xf32>
    %b = vector.extract %w[0] : f32 from vector<2xf32>
    %s = arith.addf %a, %b : f32
    memref.store %s, %A[%t] : memref<16xf32>
    gpu.return
  }
}
