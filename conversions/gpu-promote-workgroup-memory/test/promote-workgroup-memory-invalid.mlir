// gpu-promote-workgroup-memory's errors: a work-group buffer of dynamic size (workgroup memory is static), and a
// view of one passed where its type cannot follow it into workgroup memory.
// RUN: tl-opt %s --gpu-promote-workgroup-memory --split-input-file --verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @dynamic(%n: index) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      // expected-error@+1 {{gpu-promote-workgroup-memory: the work-group's buffer must have a static shape to be workgroup memory, got memref<?xf32>}}
      %a = memref.alloca(%n) : memref<?xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    func.func @use(%m: memref<4xf32>) {
      return
    }
    gpu.func @passed() kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %a = memref.alloca() : memref<4xf32>
      // expected-error@+1 {{gpu-promote-workgroup-memory: 'func.call' passes on a view of the work-group's buffer, which cannot move to workgroup memory here}}
      func.call @use(%a) : (memref<4xf32>) -> ()
      gpu.return
    }
  }
}
