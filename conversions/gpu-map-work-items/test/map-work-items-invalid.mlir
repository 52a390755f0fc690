// gpu-map-work-items' errors, each at the op at fault.
// RUN: tl-opt %s --gpu-map-work-items --allow-unregistered-dialect --split-input-file --verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error@+1 {{gpu-map-work-items: the kernel has no known_block_size: the work-group size its work is dealt to}}
    gpu.func @no_size() kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @reduction(%n: index) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : index
      // expected-error@+1 {{gpu-map-work-items: a parallel loop with reductions cannot be dealt to work-items}}
      %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> index {
        scf.reduce(%i : index) {
        ^bb0(%a: index, %b: index):
          %t = arith.addi %a, %b : index
          scf.reduce.return %t : index
        }
      }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @same_dimension(%n: index) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      scf.parallel (%i) = (%c0) to (%n) step (%c1) {
        // expected-error@+1 {{gpu-map-work-items: the loop is mapped to work-items along x, which a parallel loop around it already deals}}
        scf.parallel (%j) = (%c0) to (%n) step (%c1) {
          scf.reduce
        } {krnl.mapping = [#krnl<processor workitem_x>]}
        scf.reduce
      } {krnl.mapping = [#krnl<processor workitem_x>]}
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @used_results(%A: memref<4xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      // expected-error@+1 {{gpu-map-work-items: 'memref.atomic_rmw' writes shared memory, so one work-item must run it, but every work-item uses its results}}
      %old = memref.atomic_rmw addf %one, %A[%c0] : (f32, memref<4xf32>) -> f32
      "test.use"(%old) : (f32) -> ()
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @foreign_region(%n: index) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // expected-error@+1 {{gpu-map-work-items: 'test.region' holds parallel loops or barriers, which only scf control flow may hold}}
      "test.region"() ({
        scf.parallel (%i) = (%c0) to (%n) step (%c1) {
          scf.reduce
        }
        "test.end"() : () -> ()
      }) : () -> ()
      gpu.return
    }
  }
}
