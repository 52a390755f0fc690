// RUN: tl-translate --mlir-to-wgsl --split-input-file --verify-diagnostics %s

// WGSL has no f80 or f128 type: an argument is reported where it is declared, a value at its op.

gpu.module @m {
  // expected-error@+1 {{f80 is not supported by WGSL}}
  gpu.func @f80_argument(%x: memref<4xf80>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @f128_value(%x: f32, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{f128 is not supported by WGSL}}
    %d = arith.extf %x : f32 to f128
    %r = arith.truncf %d : f128 to f32
    memref.store %r, %out[%c0] : memref<1xf32>
    gpu.return
  }
}
