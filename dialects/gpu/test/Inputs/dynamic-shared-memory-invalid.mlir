// The errors of gpu.dynamic_shared_memory (checked by ../dynamic-shared-memory.mlir with both tools).

gpu.module @kernels {
  gpu.func @kernel() kernel {
    // expected-error@+1 {{'gpu.dynamic_shared_memory' op address space must be address_space<workgroup>}}
    %raw = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<private>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @kernel() kernel {
    // expected-error@+1 {{'gpu.dynamic_shared_memory' op result memref type must be memref<?xi8, #gpu.address_space<workgroup>>}}
    %raw = gpu.dynamic_shared_memory : memref<64xi8, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @kernel() kernel {
    // expected-error@+1 {{'gpu.dynamic_shared_memory' op result #0 must be 1D memref of 8-bit signless integer values, but got 'memref<?xi16, #gpu.address_space<workgroup>>'}}
    %raw = gpu.dynamic_shared_memory : memref<?xi16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @kernel() kernel {
    // mlir-opt 22 does not take the integer space 3 for workgroup memory here.
    // expected-error@+1 {{'gpu.dynamic_shared_memory' op address space must be address_space<workgroup>}}
    %raw = gpu.dynamic_shared_memory : memref<?xi8, 3>
    gpu.return
  }
}
