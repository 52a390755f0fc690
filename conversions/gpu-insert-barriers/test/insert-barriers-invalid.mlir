// gpu-insert-barriers' errors: work-items that may meet in memory inside control flow that depends on the
// work-item (no barrier can go there: not every work-item would reach it), and a barrier already there.
// RUN: tl-opt %s --gpu-insert-barriers --split-input-file --verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @meet(%A: memref<8xf32>) workgroup(%tile : memref<8xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 4, 2, 1>} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %one = arith.constant 1.0 : f32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %low = arith.cmpi slt, %tx, %c2 : index
      // expected-note@+1 {{the control flow that diverges}}
      scf.if %low {
        // Each work-item along y stores its element, then reads element 0, which another one stored.
        // expected-note@+1 {{the earlier access}}
        memref.store %one, %tile[%ty] : memref<8xf32, #gpu.address_space<workgroup>>
        // expected-error@+1 {{gpu-insert-barriers: work-items may meet in memory here ('memref.load' reads what another work-item's 'memref.store' wrote), but the control flow around depends on the work-item ids along x, so no barrier can go between them}}
        %v = memref.load %tile[%c0] : memref<8xf32, #gpu.address_space<workgroup>>
        memref.store %v, %A[%tx] : memref<8xf32>
      }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @divergent_barrier() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %c2 = arith.constant 2 : index
      %tx = gpu.thread_id x
      %low = arith.cmpi slt, %tx, %c2 : index
      // expected-note@+1 {{the control flow that diverges}}
      scf.if %low {
        // expected-error@+1 {{gpu-insert-barriers: a barrier in control flow that depends on the work-item ids along x: not every work-item would reach it}}
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// Work-items that each touch only their own elements inside divergent control flow need no barrier: no error.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @own_elements(%A: memref<8xf32>) workgroup(%tile : memref<8xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c4 = arith.constant 4 : index
      %one = arith.constant 1.0 : f32
      %tx = gpu.thread_id x
      %low = arith.cmpi slt, %tx, %c4 : index
      scf.if %low {
        memref.store %one, %tile[%tx] : memref<8xf32, #gpu.address_space<workgroup>>
        %v = memref.load %tile[%tx] : memref<8xf32, #gpu.address_space<workgroup>>
        memref.store %v, %A[%tx] : memref<8xf32>
      }
      gpu.return
    }
  }
}
