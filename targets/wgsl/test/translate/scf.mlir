// RUN: tl-translate --mlir-to-wgsl --split-input-file %s | FileCheck %s

// scf.for: a WGSL for loop; loop-carried values are vars read once per iteration into the names the body uses, so a
// yield that swaps them swaps them.

// CHECK-LABEL: fn loops(
// CHECK: let n = params.n;
// CHECK-NEXT: var v0_0 = 1.0f;
// CHECK-NEXT: var v0_1 = 2.0f;
// CHECK-NEXT: for (var arg2 = 0i; arg2 < n; arg2 = select(n, (arg2 + 2i), 2u < bitcast<u32>(n) - bitcast<u32>(arg2))) {
// CHECK-NEXT: let arg3 = v0_0;
// CHECK-NEXT: let arg4 = v0_1;
// CHECK-NEXT: let v1 = arg3 + arg4;
// CHECK-NEXT: v0_0 = arg4;
// CHECK-NEXT: v0_1 = v1;
// CHECK-NEXT: }
// CHECK-NEXT: out[params.out_offset] = v0_0;
// CHECK-NEXT: out[params.out_offset + 1i] = v0_1;
gpu.module @m {
  gpu.func @loops(%n: index, %out: memref<2xf32, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %r:2 = scf.for %i = %c0 to %n step %c2 iter_args(%a = %one, %b = %two) -> (f32, f32) {
      %s = arith.addf %a, %b : f32
      scf.yield %b, %s : f32, f32
    }
    memref.store %r#0, %out[%c0] : memref<2xf32, strided<[1], offset: ?>>
    memref.store %r#1, %out[%c1] : memref<2xf32, strided<[1], offset: ?>>
    gpu.return
  }
}

// -----

// The next value of a loop whose sum could wrap past the type's largest value (a step other than 1 with a bound
// not constant or within a step of it, or a step not constant) is the bound when the step would reach it: MLIR's
// loop ends there (126 + 2 in i8 wraps to -128, below the bound, and the loop would not end). ub - iv is exact
// unsigned at the type's width. A step of 1 cannot wrap (iv < ub): the plain form, whatever the bound.

// CHECK-LABEL: fn near_overflow(
// CHECK: for (var [[I:arg[0-9_]+]] = lo; [[I]] < hi; [[I]] = select(hi, ((([[I]] + 2i) << 24u) >> 24u), 2i < (((hi & 0xffi) - ([[I]] & 0xffi)) & 0xffi))) {
// CHECK: for (var [[J:arg[0-9_]+]] = 2147483640i; [[J]] < 2147483647i; [[J]] = select(2147483647i, ([[J]] + 5i), 5u < bitcast<u32>(2147483647i) - bitcast<u32>([[J]]))) {
// CHECK: for (var [[K:arg[0-9_]+]] = 0i; bitcast<u32>([[K]]) < bitcast<u32>(hi32); [[K]] = ([[K]] + 1i)) {
// CHECK: for (var [[L:arg[0-9_]+]] = 0i; [[L]] < 7i; [[L]] = ([[L]] + 2i)) {
// A step that is not a constant is tested for 0 too (undefined; the interpreter reports it): the loop ends rather
// than running forever on the adapter.
// CHECK: for (var [[M:arg[0-9_]+]] = 0i; [[M]] < 7i; [[M]] = select(7i, ([[M]] + by), bitcast<u32>(by) != 0u && bitcast<u32>(by) < bitcast<u32>(7i) - bitcast<u32>([[M]]))) {
gpu.module @m {
  gpu.func @near_overflow(%lo: i8, %hi: i8, %hi32: i32, %by: i32, %out: memref<1xi32, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c2_i8 = arith.constant 2 : i8
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c5_i32 = arith.constant 5 : i32
    %c7_i32 = arith.constant 7 : i32
    %near = arith.constant 2147483640 : i32
    %max = arith.constant 2147483647 : i32
    scf.for %i = %lo to %hi step %c2_i8 : i8 {
      %v = arith.extsi %i : i8 to i32
      memref.store %v, %out[%c0] : memref<1xi32, strided<[1], offset: ?>>
    }
    scf.for %i = %near to %max step %c5_i32 : i32 {
      memref.store %i, %out[%c0] : memref<1xi32, strided<[1], offset: ?>>
    }
    scf.for unsigned %i = %c0_i32 to %hi32 step %c1_i32 : i32 {
      memref.store %i, %out[%c0] : memref<1xi32, strided<[1], offset: ?>>
    }
    scf.for %i = %c0_i32 to %c7_i32 step %c2_i32 : i32 {
      memref.store %i, %out[%c0] : memref<1xi32, strided<[1], offset: ?>>
    }
    scf.for %i = %c0_i32 to %c7_i32 step %by : i32 {
      memref.store %i, %out[%c0] : memref<1xi32, strided<[1], offset: ?>>
    }
    gpu.return
  }
}

// -----

// scf.if with results: vars declared before, assigned in each branch.

// CHECK-LABEL: fn branches(
// CHECK: let x = params.x;
// CHECK-NEXT: let v0 = !(tl_isnan_f32(x) || tl_isnan_f32(0.0f)) && x > 0.0f;
// CHECK-NEXT: var v1: f32;
// CHECK-NEXT: if (v0) {
// CHECK-NEXT: let v2 = x + x;
// CHECK-NEXT: v1 = v2;
// CHECK-NEXT: } else {
// CHECK-NEXT: v1 = 0.0f;
// CHECK-NEXT: }
// CHECK-NEXT: if (v0) {
// CHECK-NEXT: out[params.out_offset] = v1;
// CHECK-NEXT: }
gpu.module @m {
  gpu.func @branches(%x: f32, %out: memref<1xf32, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %p = arith.cmpf ogt, %x, %zero : f32
    %r = scf.if %p -> (f32) {
      %d = arith.addf %x, %x : f32
      scf.yield %d : f32
    } else {
      scf.yield %zero : f32
    }
    scf.if %p {
      memref.store %r, %out[%c0] : memref<1xf32, strided<[1], offset: ?>>
    }
    gpu.return
  }
}

// -----

// scf.while: a WGSL loop that breaks when the condition is false; scf.index_switch: a switch;
// scf.execute_region: a block.

// CHECK-LABEL: fn others(
// CHECK: let n = params.n;
// CHECK-NEXT: var arg2_next = 0i;
// CHECK-NEXT: var arg3_next = 0i;
// CHECK-NEXT: var v0_0: i32;
// CHECK-NEXT: var v0_1: i32;
// CHECK-NEXT: loop {
// CHECK-NEXT: let arg2 = arg2_next;
// CHECK-NEXT: let arg3 = arg3_next;
// CHECK-NEXT: let v4 = arg2 < n;
// CHECK-NEXT: v0_0 = arg2;
// CHECK-NEXT: v0_1 = arg3;
// CHECK-NEXT: if (!v4) { break; }
// CHECK-NEXT: let v4_1 = arg2 + 1i;
// CHECK-NEXT: let v5 = arg3 + arg2;
// CHECK-NEXT: arg2_next = v4_1;
// CHECK-NEXT: arg3_next = v5;
// CHECK-NEXT: }
// CHECK-NEXT: var v2: i32;
// CHECK-NEXT: switch v0_1 {
// CHECK-NEXT: case 0i: {
// CHECK-NEXT: v2 = 1i;
// CHECK-NEXT: }
// CHECK-NEXT: case 3i: {
// CHECK-NEXT: v2 = n;
// CHECK-NEXT: }
// CHECK-NEXT: default: {
// CHECK-NEXT: v2 = v0_0;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: var v3: i32;
// CHECK-NEXT: {
// CHECK-NEXT: let v4_2 = v2 * v2;
// CHECK-NEXT: v3 = v4_2;
// CHECK-NEXT: }
// CHECK-NEXT: out[params.out_offset] = v3;
gpu.module @m {
  gpu.func @others(%n: i32, %out: memref<1xi32, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %w:2 = scf.while (%i = %c0_i32, %acc = %c0_i32) : (i32, i32) -> (i32, i32) {
      %more = arith.cmpi slt, %i, %n : i32
      scf.condition(%more) %i, %acc : i32, i32
    } do {
    ^bb0(%j: i32, %a: i32):
      %next = arith.addi %j, %c1_i32 : i32
      %sum = arith.addi %a, %j : i32
      scf.yield %next, %sum : i32, i32
    }
    %k = arith.index_cast %w#1 : i32 to index
    %s = scf.index_switch %k -> i32
    case 0 {
      scf.yield %c1_i32 : i32
    }
    case 3 {
      scf.yield %n : i32
    }
    default {
      scf.yield %w#0 : i32
    }
    %e = scf.execute_region -> i32 {
      %t = arith.muli %s, %s : i32
      scf.yield %t : i32
    }
    memref.store %e, %out[%c0] : memref<1xi32, strided<[1], offset: ?>>
    gpu.return
  }
}

// -----

// An scf.parallel that no work-item mapping consumed runs its iterations in order on each work-item, reducing with
// its scf.reduce regions.

// CHECK-LABEL: fn sequential_parallel(
// CHECK: var v0 = 0.0f;
// CHECK-NEXT: for (var arg2 = 0i; arg2 < 4i; arg2 = arg2 + 1i) {
// CHECK-NEXT: for (var arg3 = 0i; arg3 < 3i; arg3 = arg3 + 1i) {
// CHECK-NEXT: let v1 = x[params.x_offset + arg2 + arg3 * 4i];
// CHECK-NEXT: {
// CHECK-NEXT: let arg4 = v0;
// CHECK-NEXT: let v2 = arg4 + v1;
// CHECK-NEXT: v0 = v2;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: out[params.out_offset] = v0;
gpu.module @m {
  gpu.func @sequential_parallel(%x: memref<4x3xf32, strided<[1, 4], offset: ?>>, %out: memref<1xf32, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    %sum = scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c3) step (%c1, %c1) init (%zero) -> f32 {
      %v = memref.load %x[%i, %j] : memref<4x3xf32, strided<[1, 4], offset: ?>>
      scf.reduce(%v : f32) {
      ^bb0(%l: f32, %r: f32):
        %s = arith.addf %l, %r : f32
        scf.reduce.return %s : f32
      }
    }
    memref.store %sum, %out[%c0] : memref<1xf32, strided<[1], offset: ?>>
    gpu.return
  }
}

// -----

// A condition around a barrier that WGSL cannot prove uniform (a load from a buffer the kernel writes, computed
// alike by every work-item) is broadcast from work-item 0 through workgroup memory; one WGSL can prove uniform (the
// parameters) is used as it is.

// CHECK: var<workgroup> tl_uniform_i32: i32;
// CHECK-LABEL: fn uniform_conditions(
// CHECK: let n = params.n;
// CHECK-NEXT: let thread_id_x = i32(lid.x);
// CHECK-NEXT: let v0 = flags[0i];
// CHECK-NEXT: let v1 = v0 != 0i;
// CHECK-NEXT: if (lindex == 0u) { tl_uniform_i32 = select(0i, 1i, v1); }
// CHECK-NEXT: let v1_uniform = (workgroupUniformLoad(&tl_uniform_i32) != 0i);
// CHECK-NEXT: workgroupBarrier();
// CHECK-NEXT: if (v1_uniform) {
// CHECK-NEXT: let v2 = x[thread_id_x];
// CHECK-NEXT: arg3[thread_id_x] = v2;
// CHECK-NEXT: storageBarrier();
// CHECK-NEXT: workgroupBarrier();
// CHECK-NEXT: }
// CHECK-NEXT: for (var arg4 = 0i; arg4 < n; arg4 = select(n, (arg4 + 16i), 16u < bitcast<u32>(n) - bitcast<u32>(arg4))) {
// CHECK-NEXT: storageBarrier();
// CHECK-NEXT: workgroupBarrier();
// CHECK-NEXT: }
// CHECK-NEXT: flags[0i] = 0i;
gpu.module @m {
  gpu.func @uniform_conditions(%flags: memref<4xi32>, %n: index, %x: memref<64xf32>) workgroup(%tile: memref<64xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0 : i32
    %t = gpu.thread_id x
    %f = memref.load %flags[%c0] : memref<4xi32>
    %p = arith.cmpi ne, %f, %zero : i32
    scf.if %p {
      %v = memref.load %x[%t] : memref<64xf32>
      memref.store %v, %tile[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    scf.for %i = %c0 to %n step %c16 {
      gpu.barrier
    }
    memref.store %zero, %flags[%c0] : memref<4xi32>
    gpu.return
  }
}
