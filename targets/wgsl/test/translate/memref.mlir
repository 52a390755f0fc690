// RUN: tl-translate --mlir-to-wgsl --split-input-file %s | FileCheck %s

// Views are computed while translating: a subview moves the offset by its offsets times the strides and multiplies
// the strides by its steps (dropping unit dimensions as the verifier decides); reinterpret_cast, cast and
// extract_strided_metadata give or read a view's parts; a load or store indexes the buffer at
// base + offset + sum(index * stride). Parts that are not names or numbers get a `let`.

// CHECK-LABEL: fn views(
// CHECK: let i = params.i;
// CHECK-NEXT: let j = params.j;
// CHECK-NEXT: let subview_offset = params.A_offset + i + (j * params.A_stride1);
// CHECK-NEXT: let v0 = A[subview_offset + 2i];
// CHECK-NEXT: let v1 = A[params.A_offset + i + params.A_size0 + params.A_stride1 * 2i];
// CHECK-NEXT: let v2 = v0 + v1;
// CHECK-NEXT: out[params.out_offset + j] = v2;
gpu.module @m {
  gpu.func @views(%A: memref<?x?xf32, strided<[1, ?], offset: ?>>, %i: index, %j: index, %out: memref<?xf32, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %m = memref.dim %A, %c0 : memref<?x?xf32, strided<[1, ?], offset: ?>>
    %col = memref.subview %A[%i, %j] [4, 1] [2, 1] : memref<?x?xf32, strided<[1, ?], offset: ?>> to memref<4xf32, strided<[2], offset: ?>>
    %v = memref.load %col[%c1] : memref<4xf32, strided<[2], offset: ?>>
    %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %A : memref<?x?xf32, strided<[1, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
    %flat = memref.reinterpret_cast %base to offset: [%offset], sizes: [%m, 2, 3], strides: [1, %m, %strides#1] : memref<f32> to memref<?x2x3xf32, strided<[1, ?, ?], offset: ?>>
    %w = memref.load %flat[%i, %c1, %c2] : memref<?x2x3xf32, strided<[1, ?, ?], offset: ?>>
    %s = arith.addf %v, %w : f32
    %dyn = memref.cast %out : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
    memref.store %s, %dyn[%j] : memref<?xf32, strided<[?], offset: ?>>
    gpu.return
  }
}

// -----

// expand_shape and collapse_shape (row-major, as MLIR defines them); rank and copy.

// CHECK-LABEL: fn reshapes(
// CHECK: let v0 = A[21i];
// CHECK-NEXT: B[9i] = v0;
// CHECK-NEXT: for (var copy_index = 0i; copy_index < 6i; copy_index = copy_index + 1i) {
// CHECK-NEXT: for (var copy_index_1 = 0i; copy_index_1 < 4i; copy_index_1 = copy_index_1 + 1i) {
// CHECK-NEXT: B[copy_index * 4i + copy_index_1] = A[copy_index * 4i + copy_index_1];
// CHECK-NEXT: }
// CHECK-NEXT: }
gpu.module @m {
  gpu.func @reshapes(%A: memref<6x4xf32>, %B: memref<2x3x4xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %e = memref.expand_shape %A [[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
    %v = memref.load %e[%c1, %c2, %c1] : memref<2x3x4xf32>
    %c = memref.collapse_shape %B [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
    memref.store %v, %c[%c2, %c1] : memref<6x4xf32>
    memref.copy %A, %c : memref<6x4xf32> to memref<6x4xf32>
    gpu.return
  }
}

// -----

// memref.alloca: an array of the work-item (function scope); in workgroup memory when its type says so.

// CHECK: var<workgroup> alloca_0: array<i32, 8>;
// CHECK-LABEL: fn allocas(
// CHECK: let x = params.x;
// CHECK-NEXT: let thread_id_x = i32(lid.x);
// CHECK-NEXT: var alloca: array<i32, 4>;
// CHECK-NEXT: alloca[1i] = x;
// CHECK-NEXT: alloca_0[thread_id_x] = x;
// CHECK-NEXT: storageBarrier();
// CHECK-NEXT: workgroupBarrier();
// CHECK-NEXT: let v0 = alloca[1i];
// CHECK-NEXT: let v1 = alloca_0[0i];
// CHECK-NEXT: let v2 = v0 + v1;
// CHECK-NEXT: out[0i] = v2;
gpu.module @m {
  gpu.func @allocas(%x: i32, %out: memref<2xi32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = gpu.thread_id x
    %p = memref.alloca() : memref<4xi32>
    %w = memref.alloca() : memref<8xi32, #gpu.address_space<workgroup>>
    memref.store %x, %p[%c1] : memref<4xi32>
    memref.store %x, %w[%t] : memref<8xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %a = memref.load %p[%c1] : memref<4xi32>
    %b = memref.load %w[%c0] : memref<8xi32, #gpu.address_space<workgroup>>
    %s = arith.addi %a, %b : i32
    memref.store %s, %out[%c0] : memref<2xi32>
    gpu.return
  }
}

// -----

// One element of the work-item's own (a register, as sroa leaves a register tile) is a plain variable: rank 0, or
// a single element; i1 kept as an i32 word. A single element of workgroup memory stays an array.

// CHECK: var<workgroup> alloca_2: array<f32, 1>;
// CHECK-LABEL: fn registers(
// CHECK: var alloca: f32;
// CHECK-NEXT: var alloca_0: f32;
// CHECK-NEXT: var alloca_1: i32;
// CHECK-NEXT: alloca = x;
// CHECK-NEXT: alloca_0 = x;
// CHECK-NEXT: alloca_1 = select(0i, 1i, b);
// CHECK-NEXT: alloca_2[0i] = x;
// CHECK-NEXT: let v0 = alloca;
// CHECK-NEXT: let v1 = alloca_0;
// CHECK-NEXT: let v2 = v0 + v1;
// CHECK-NEXT: let v3 = (alloca_1 != 0i);
gpu.module @m {
  gpu.func @registers(%x: f32, %b: i1, %out: memref<2xf32>, %flags: memref<2xi1>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
    %c0 = arith.constant 0 : index
    %r = memref.alloca() : memref<f32, #gpu.address_space<private>>
    %one = memref.alloca() : memref<1x1xf32>
    %flag = memref.alloca() : memref<i1>
    %w = memref.alloca() : memref<1xf32, #gpu.address_space<workgroup>>
    memref.store %x, %r[] : memref<f32, #gpu.address_space<private>>
    memref.store %x, %one[%c0, %c0] : memref<1x1xf32>
    memref.store %b, %flag[] : memref<i1>
    memref.store %x, %w[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
    %u = memref.load %r[] : memref<f32, #gpu.address_space<private>>
    %v = memref.load %one[%c0, %c0] : memref<1x1xf32>
    %s = arith.addf %u, %v : f32
    %f = memref.load %flag[] : memref<i1>
    memref.store %s, %out[%c0] : memref<2xf32>
    memref.store %f, %flags[%c0] : memref<2xi1>
    gpu.return
  }
}

// -----

// Atomics: a buffer updated atomically is array<atomic<u32>> and every access to it is atomic; integer kinds WGSL
// has are one call, float and other kinds a compare-exchange loop on the element's bits.

// CHECK: @group(0) @binding(1) var<storage, read_write> sums: array<atomic<u32>>;
// CHECK: @group(0) @binding(2) var<storage, read_write> counts: array<atomic<u32>>;
// CHECK-LABEL: fn atomics(
// CHECK: let v = params.v;
// CHECK-NEXT: var old_bits = atomicLoad(&sums[0i]);
// CHECK-NEXT: loop {
// CHECK-NEXT: let current = bitcast<f32>(old_bits);
// CHECK-NEXT: let exchange = atomicCompareExchangeWeak(&sums[0i], old_bits, bitcast<u32>(current + v));
// CHECK-NEXT: if (exchange.exchanged) { break; }
// CHECK-NEXT: old_bits = exchange.old_value;
// CHECK-NEXT: }
// CHECK-NEXT: let old = bitcast<f32>(old_bits);
// CHECK-NEXT: let old_1 = bitcast<i32>(atomicAdd(&counts[0i], bitcast<u32>(1i)));
// CHECK-NEXT: var old_bits_1 = atomicLoad(&counts[1i]);
// CHECK-NEXT: loop {
// CHECK-NEXT: let current_1 = bitcast<i32>(old_bits_1);
// CHECK-NEXT: let exchange_1 = atomicCompareExchangeWeak(&counts[1i], old_bits_1, bitcast<u32>(max(current_1, old_1)));
// CHECK-NEXT: if (exchange_1.exchanged) { break; }
// CHECK-NEXT: old_bits_1 = exchange_1.old_value;
// CHECK-NEXT: }
// CHECK-NEXT: let old_2 = bitcast<i32>(old_bits_1);
// CHECK-NEXT: var old_bits_2 = atomicLoad(&sums[1i]);
// CHECK-NEXT: loop {
// CHECK-NEXT: let current_2 = bitcast<f32>(old_bits_2);
// CHECK-NEXT: let v5 = current_2 * old;
// CHECK-NEXT: let exchange_2 = atomicCompareExchangeWeak(&sums[1i], old_bits_2, bitcast<u32>(v5));
// CHECK-NEXT: if (exchange_2.exchanged) { break; }
// CHECK-NEXT: old_bits_2 = exchange_2.old_value;
// CHECK-NEXT: }
// CHECK-NEXT: let old_3 = bitcast<f32>(old_bits_2);
// CHECK-NEXT: atomicStore(&sums[0i], bitcast<u32>(old_3));
// CHECK-NEXT: let v4 = bitcast<i32>(atomicLoad(&counts[1i]));
// CHECK-NEXT: atomicStore(&counts[0i], bitcast<u32>(v4));
gpu.module @m {
  gpu.func @atomics(%v: f32, %sums: memref<4xf32>, %counts: memref<4xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %old = memref.atomic_rmw addf %v, %sums[%c0] : (f32, memref<4xf32>) -> f32
    %n = memref.atomic_rmw addi %one, %counts[%c0] : (i32, memref<4xi32>) -> i32
    %m = memref.atomic_rmw maxs %n, %counts[%c1] : (i32, memref<4xi32>) -> i32
    %r = memref.generic_atomic_rmw %sums[%c1] : memref<4xf32> {
    ^bb0(%current: f32):
      %d = arith.mulf %current, %old : f32
      memref.atomic_yield %d : f32
    }
    memref.store %r, %sums[%c0] : memref<4xf32>
    %l = memref.load %counts[%c1] : memref<4xi32>
    memref.store %l, %counts[%c0] : memref<4xi32>
    gpu.return
  }
}
