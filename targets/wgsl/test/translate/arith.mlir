// RUN: tl-translate --mlir-to-wgsl --split-input-file %s | FileCheck %s

// Integer arithmetic on i32 and index is WGSL's i32 arithmetic (which wraps); i8 and i16 live sign-extended in an
// i32 and are wrapped back to their width; unsigned ops go through u32; shifts past the width give APInt's result.

// CHECK-LABEL: fn integers(
// CHECK: let a = params.a;
// CHECK-NEXT: let b = params.b;
// CHECK-NEXT: let v0 = a + b;
// CHECK-NEXT: let v1 = v0 - b;
// CHECK-NEXT: let v2 = v1 * a;
// CHECK-NEXT: let v3 = v2 / b;
// CHECK-NEXT: let v4 = v3 % b;
// CHECK-NEXT: let v5 = bitcast<i32>((bitcast<u32>(v4) / bitcast<u32>(b)));
// CHECK-NEXT: let v6 = bitcast<i32>((bitcast<u32>(v5) % bitcast<u32>(b)));
// CHECK-NEXT: let v7 = v6 & a;
// CHECK-NEXT: let v8 = v7 | a;
// CHECK-NEXT: let v9 = v8 ^ a;
// CHECK-NEXT: let v10 = select(0i, (v9 << bitcast<u32>(b)), bitcast<u32>(b) < 32u);
// CHECK-NEXT: let v11 = (v10 >> min(bitcast<u32>(b), 31u));
// CHECK-NEXT: let v12 = select(0i, bitcast<i32>((bitcast<u32>(v11) >> bitcast<u32>(b))), bitcast<u32>(b) < 32u);
// CHECK-NEXT: let v13 = max(v12, a);
// CHECK-NEXT: let v14 = min(v13, a);
// CHECK-NEXT: let v15 = bitcast<i32>(max(bitcast<u32>(v14), bitcast<u32>(a)));
// CHECK-NEXT: let v16 = bitcast<i32>(min(bitcast<u32>(v15), bitcast<u32>(a)));
// CHECK-NEXT: let quotient = v16 / b;
// CHECK-NEXT: let v17 = select(quotient, quotient - 1i, quotient * b != v16 && (v16 < 0i) != (b < 0i));
// CHECK-NEXT: let quotient_1 = v17 / b;
// CHECK-NEXT: let v18 = select(quotient_1, quotient_1 + 1i, quotient_1 * b != v17 && (v17 < 0i) == (b < 0i));
// CHECK-NEXT: let v19 = bitcast<i32>(select((bitcast<u32>(v18) - 1u) / bitcast<u32>(b) + 1u, 0u, bitcast<u32>(v18) == 0u));
// CHECK-NEXT: out[params.out_offset] = v19;
gpu.module @m {
  gpu.func @integers(%a: i32, %b: i32, %out: memref<1xi32, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %0 = arith.addi %a, %b : i32
    %1 = arith.subi %0, %b : i32
    %2 = arith.muli %1, %a : i32
    %3 = arith.divsi %2, %b : i32
    %4 = arith.remsi %3, %b : i32
    %5 = arith.divui %4, %b : i32
    %6 = arith.remui %5, %b : i32
    %7 = arith.andi %6, %a : i32
    %8 = arith.ori %7, %a : i32
    %9 = arith.xori %8, %a : i32
    %10 = arith.shli %9, %b : i32
    %11 = arith.shrsi %10, %b : i32
    %12 = arith.shrui %11, %b : i32
    %13 = arith.maxsi %12, %a : i32
    %14 = arith.minsi %13, %a : i32
    %15 = arith.maxui %14, %a : i32
    %16 = arith.minui %15, %a : i32
    %17 = arith.floordivsi %16, %b : i32
    %18 = arith.ceildivsi %17, %b : i32
    %19 = arith.ceildivui %18, %b : i32
    memref.store %19, %out[%c0] : memref<1xi32, strided<[1], offset: ?>>
    gpu.return
  }
}

// -----

// CHECK-LABEL: fn narrow(
// CHECK: let a = params.a;
// CHECK-NEXT: let b = params.b;
// CHECK-NEXT: let v0 = (((a + b) << 24u) >> 24u);
// CHECK-NEXT: let v1 = (((v0 * b) << 24u) >> 24u);
// CHECK-NEXT: let v2 = ((((a & 0xffi) / (b & 0xffi)) << 24u) >> 24u);
// CHECK-NEXT: let v3 = select(0i, (((v2 << u32((b & 0xffi))) << 24u) >> 24u), u32((b & 0xffi)) < 8u);
// CHECK-NEXT: let v4 = (((v3 >> min(u32((b & 0xffi)), 7u)) << 24u) >> 24u);
// CHECK-NEXT: let v5 = v4 < b;
// CHECK-NEXT: let v6 = (v4 & 0xffi) < (b & 0xffi);
// CHECK-NEXT: let v7 = v5 != v6;
// CHECK-NEXT: let v8 = select(0i, -1i, v7);
// CHECK-NEXT: let v9 = (v4 & 0xffi);
// CHECK-NEXT: let v10 = (((select(0i, -1i, v7) + select(0i, -1i, v5)) & 1i) != 0i);
// CHECK-NEXT: let v11 = (((v9 + 300i) << 16u) >> 16u);
// CHECK-NEXT: let v12 = ((v11 << 24u) >> 24u);
// CHECK-NEXT: out[params.out_offset] = v8;
// CHECK-NEXT: out[params.out_offset + 1i] = v11;
// CHECK-NEXT: flags[params.flags_offset] = select(0i, 1i, v10);
gpu.module @m {
  gpu.func @narrow(%a: i8, %b: i8, %out: memref<3xi16, strided<[1], offset: ?>>, %flags: memref<1xi1, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c300 = arith.constant 300 : i16
    %0 = arith.addi %a, %b : i8
    %1 = arith.muli %0, %b : i8
    %2 = arith.divui %a, %b : i8
    %3 = arith.shli %2, %b : i8
    %4 = arith.shrsi %3, %b : i8
    %5 = arith.cmpi slt, %4, %b : i8
    %6 = arith.cmpi ult, %4, %b : i8
    %7 = arith.xori %5, %6 : i1
    %8 = arith.extsi %7 : i1 to i16
    %9 = arith.extui %4 : i8 to i16
    %10 = arith.addi %7, %5 : i1
    %11 = arith.addi %9, %c300 : i16
    %12 = arith.trunci %11 : i16 to i8
    %13 = arith.extsi %12 : i8 to i16
    memref.store %8, %out[%c0] : memref<3xi16, strided<[1], offset: ?>>
    memref.store %11, %out[%c1] : memref<3xi16, strided<[1], offset: ?>>
    memref.store %10, %flags[%c0] : memref<1xi1, strided<[1], offset: ?>>
    gpu.return
  }
}

// -----

// Floats: NaN tests on the bits (a WGSL compiler may assume floats are never NaN); maximumf and friends through
// helper functions; literals read back to the same f32.

// CHECK: fn tl_isnan_f32(a: f32) -> bool {
// CHECK-NEXT:   return (bitcast<u32>(a) & 0x7fffffffu) > 0x7f800000u;
// CHECK-LABEL: fn floats(
// CHECK: let x = params.x;
// CHECK-NEXT: let y = params.y;
// CHECK-NEXT: let v0 = x + 0.1f;
// CHECK-NEXT: let v1 = v0 - y;
// CHECK-NEXT: let v2 = v1 * -2.5f;
// CHECK-NEXT: let v3 = v2 / y;
// CHECK-NEXT: let v4 = tl_fmod_f32(v3, y);
// CHECK-NEXT: let v5 = -(v4);
// CHECK-NEXT: let v6 = tl_maximumf_f32(v5, y);
// CHECK-NEXT: let v7 = tl_minnumf_f32(v6, tl_from_bits_f32(0x7fc00000u));
// CHECK-NEXT: let v8 = !(tl_isnan_f32(v7) || tl_isnan_f32(y)) && v7 < y;
// CHECK-NEXT: let v9 = (tl_isnan_f32(v7) || tl_isnan_f32(y)) || v7 != y;
// CHECK-NEXT: let v10 = select(y, v7, v8);
// CHECK-NEXT: let v11 = i32(v10);
// CHECK-NEXT: let v12 = f32(v11);
// CHECK-NEXT: let v13 = f32(bitcast<u32>(v11));
// CHECK-NEXT: let v14 = bitcast<i32>(u32(v13));
// CHECK-NEXT: let v15 = bitcast<f32>(v14);
// CHECK-NEXT: let v16 = select(0.0f, -1.0f, v9);
// CHECK-NEXT: let v17 = v15 + tl_from_bits_f32(0x7f800000u);
// CHECK-NEXT: out[params.out_offset] = v17;
// CHECK-NEXT: out[params.out_offset + 1i] = v16;
gpu.module @m {
  gpu.func @floats(%x: f32, %y: f32, %out: memref<2xf32, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tenth = arith.constant 0.1 : f32
    %m = arith.constant -2.5 : f32
    %nan = arith.constant 0x7FC00000 : f32
    %inf = arith.constant 0x7F800000 : f32
    %0 = arith.addf %x, %tenth : f32
    %1 = arith.subf %0, %y : f32
    %2 = arith.mulf %1, %m : f32
    %3 = arith.divf %2, %y : f32
    %4 = arith.remf %3, %y : f32
    %5 = arith.negf %4 : f32
    %6 = arith.maximumf %5, %y : f32
    %7 = arith.minnumf %6, %nan : f32
    %8 = arith.cmpf olt, %7, %y : f32
    %9 = arith.cmpf une, %7, %y : f32
    %10 = arith.select %8, %7, %y : f32
    %11 = arith.fptosi %10 : f32 to i32
    %12 = arith.sitofp %11 : i32 to f32
    %13 = arith.uitofp %11 : i32 to f32
    %14 = arith.fptoui %13 : f32 to i32
    %15 = arith.bitcast %14 : i32 to f32
    %16 = arith.sitofp %9 : i1 to f32
    %17 = arith.addf %15, %inf : f32
    memref.store %17, %out[%c0] : memref<2xf32, strided<[1], offset: ?>>
    memref.store %16, %out[%c1] : memref<2xf32, strided<[1], offset: ?>>
    gpu.return
  }
}

// -----

// index is WGSL's i32: the tensor language's casts between index and floats go through i64, which carries only a
// 32-bit value there and is translated as an i32.

// CHECK-LABEL: fn casts(
// CHECK: let x = params.x;
// CHECK-NEXT: let n = params.n;
// CHECK-NEXT: let v1 = f32(n);
// CHECK-NEXT: let v2 = i32(x);
// CHECK-NEXT: let v4 = ((n << 24u) >> 24u);
// CHECK-NEXT: out[params.out_offset] = v1;
// CHECK-NEXT: idx[params.idx_offset] = v2;
// CHECK-NEXT: small[params.small_offset] = v4;
gpu.module @m {
  gpu.func @casts(%x: f32, %n: index, %out: memref<1xf32, strided<[1], offset: ?>>, %idx: memref<1xindex, strided<[1], offset: ?>>, %small: memref<1xi8, strided<[1], offset: ?>>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    %0 = arith.index_cast %n : index to i64
    %1 = arith.sitofp %0 : i64 to f32
    %2 = arith.fptosi %x : f32 to i64
    %3 = arith.index_cast %2 : i64 to index
    %4 = arith.index_cast %n : index to i8
    memref.store %1, %out[%c0] : memref<1xf32, strided<[1], offset: ?>>
    memref.store %3, %idx[%c0] : memref<1xindex, strided<[1], offset: ?>>
    memref.store %4, %small[%c0] : memref<1xi8, strided<[1], offset: ?>>
    gpu.return
  }
}
