// RUN: tl-translate --mlir-to-wgsl --split-input-file --verify-diagnostics %s

// WGSL has no 64-bit types: an f64 argument is reported where it is declared, an f64 value at its op (the
// interpreter still runs such kernels). Each problem is reported once; what depends on it is not reported again.

gpu.module @m {
  // expected-error@+1 {{f64 is not supported by WGSL}}
  gpu.func @f64_argument(%x: memref<4xf64>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @f64_value(%x: f32, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{f64 is not supported by WGSL}}
    %d = arith.extf %x : f32 to f64
    %s = arith.addf %d, %d : f64
    %r = arith.truncf %s : f64 to f32
    memref.store %r, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @i64_value(%x: i32, %out: memref<1xi32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{i64 is not supported by WGSL}}
    %w = arith.extsi %x : i32 to i64
    %s = arith.muli %w, %w : i64
    %r = arith.trunci %s : i64 to i32
    memref.store %r, %out[%c0] : memref<1xi32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @f16_without_feature(%x: f32, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{f16 needs the WebGPU feature 'shader-f16' (translate with --wgsl-features=shader-f16)}}
    %h = arith.truncf %x : f32 to f16
    %r = arith.extf %h : f16 to f32
    memref.store %r, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @subgroups_without_feature(%x: f32, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{'gpu.subgroup_reduce' needs the WebGPU feature 'subgroups' (translate with --wgsl-features=subgroups for an adapter that has it)}}
    %s = gpu.subgroup_reduce add %x : (f32) -> f32
    memref.store %s, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @two_dimensional_grid(%out: memref<4xi32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    // expected-error@+1 {{the WGSL launch numbers work-groups along x only (a grid of 'groups' work-groups, folded into y and z by the host); 'gpu.block_id' y has no translation}}
    %y = gpu.block_id y
    %v = arith.index_cast %y : index to i32
    memref.store %v, %out[%y] : memref<4xi32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @allocations(%n: index, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{memref.alloc has no WGSL translation: a kernel cannot allocate memory (use memref.alloca of a static size)}}
    %a = memref.alloc() : memref<4xf32>
    // expected-error@+1 {{a memref.alloca with dynamic sizes has no WGSL translation: WGSL arrays need a size known at translation time}}
    %b = memref.alloca(%n) : memref<?xf32>
    %v = memref.load %a[%c0] : memref<4xf32>
    %w = memref.load %b[%c0] : memref<?xf32>
    %s = arith.addf %v, %w : f32
    memref.store %s, %out[%c0] : memref<1xf32>
    memref.dealloc %a : memref<4xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @memref_chosen_at_run_time(%p: i1, %x: memref<4xf32>, %y: memref<4xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{'scf.if' results of memref type have no WGSL translation: WGSL cannot choose a memref at run time}}
    %m = scf.if %p -> (memref<4xf32>) {
      scf.yield %x : memref<4xf32>
    } else {
      scf.yield %y : memref<4xf32>
    }
    %v = memref.load %m[%c0] : memref<4xf32>
    memref.store %v, %x[%c0] : memref<4xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @printing(%x: f32) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    // expected-error@+1 {{gpu.printf has no WGSL translation: WGSL cannot print}}
    gpu.printf "%f\n", %x : f32
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @big_index(%out: memref<1xindex>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{the index constant 4294967296 does not fit WGSL's 32-bit index}}
    %big = arith.constant 4294967296 : index
    memref.store %big, %out[%c0] : memref<1xindex>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @dynamic_dim(%x: memref<?x?xf32>, %k: index, %out: memref<1xindex>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{memref.dim needs a constant dimension within the rank to be translated}}
    %d = memref.dim %x, %k : memref<?x?xf32>
    memref.store %d, %out[%c0] : memref<1xindex>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @mapped_loop(%out: memref<64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    // expected-error@+1 {{this scf.parallel is mapped to work-items or work-groups; map it to gpu ids first (--lower-to-gpu)}}
    scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
      memref.store %zero, %out[%i] : memref<64xf32>
      scf.reduce
    } {krnl.mapping = [#krnl<processor workitem_x>]}
    gpu.return
  }
}

// -----

gpu.module @m {
  memref.global "private" constant @table : memref<4xf32> = dense<1.0>
  gpu.func @unknown_op(%x: memref<4xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{'memref.get_global' has no WGSL translation}}
    %g = memref.get_global @table : memref<4xf32>
    %v = memref.load %g[%c0] : memref<4xf32>
    memref.store %v, %x[%c0] : memref<4xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{the kernel @no_size has no known_block_size: WGSL needs the work-group size at translation time}}
  gpu.func @no_size(%x: memref<4xf32>) kernel {
    gpu.return
  }
}

// -----

// expected-error@+1 {{no kernel to translate: the input has no gpu.func with the kernel attribute (run --lower-to-gpu first)}}
module {
  func.func @host(%x: memref<4xf32>) {
    return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{f16 arguments are not supported: the runtime passes i1, i8, i16, i32, index and f32 values}}
  gpu.func @f16_argument(%x: memref<4xf16>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @reduction_region(%x: f32, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{'gpu.all_reduce' with a reduction region has no WGSL translation; name the reduction (add, mul, ...)}}
    %r = gpu.all_reduce %x {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      gpu.yield %s : f32
    } : (f32) -> f32
    memref.store %r, %out[%c0] : memref<1xf32>
    gpu.return
  }
}
