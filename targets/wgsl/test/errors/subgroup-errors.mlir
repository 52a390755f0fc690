// RUN: tl-translate --mlir-to-wgsl --wgsl-features=subgroups --split-input-file --verify-diagnostics %s

// With the 'subgroups' feature, what WGSL's subgroup builtins cannot express is still an error.

gpu.module @m {
  gpu.func @clustered(%x: f32, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{a clustered gpu.subgroup_reduce has no WGSL translation}}
    %s = gpu.subgroup_reduce add %x cluster(size = 4) : (f32) -> f32
    memref.store %s, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @boolean_shuffle(%p: i1, %out: memref<1xi1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %w = arith.constant 32 : i32
    // expected-error@+1 {{a gpu.shuffle of i1 has no WGSL translation}}
    %v, %valid = gpu.shuffle xor %p, %one, %w : i1
    memref.store %v, %out[%c0] : memref<1xi1>
    gpu.return
  }
}
