// gpu-outline-executables' errors, at the export or the dispatch at fault.
// RUN: tl-opt %s --gpu-outline-executables --split-input-file --verify-diagnostics

flow.executable private @ex {
  // expected-error@+1 {{gpu-outline-executables: the export has no 'workgroup_size' (array<i32: x, y, z>): the work-group size its kernel runs with}}
  flow.executable.export public @k
  builtin.module {
    func.func @k() {
      return
    }
  }
}

// -----

flow.executable private @ex {
  flow.executable.export public @k attributes {workgroup_size = array<i32: 4, 1, 1>}
  builtin.module {
    func.func @k(%t: tensor<4xf32>) {
      return
    }
  }
}
func.func @host(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  // expected-error@+1 {{gpu-outline-executables: a dispatch with results (tensors) cannot be launched: only kernels of memrefs, groups and scalars can}}
  %r = flow.dispatch @ex::@k[%n](%t) : (tensor<4xf32>) -> %t
  return %r : tensor<4xf32>
}

// -----

flow.executable private @ex {
  flow.executable.export public @a attributes {workgroup_size = array<i32: 4, 1, 1>}
  flow.executable.export public @b attributes {workgroup_size = array<i32: 4, 1, 1>}
  builtin.module {
    func.func @a(%m: memref<4xf32>) {
      return
    }
    func.func @b(%m: memref<4xf32>) {
      return
    }
  }
}
func.func @host(%m: memref<4xf32>, %n: index) {
  // expected-error@+1 {{gpu-outline-executables: a dispatch of several entry points (variants) cannot be launched: choose one first}}
  flow.dispatch {@ex::@a, @ex::@b}[%n](%m) : (memref<4xf32>) -> ()
  return
}
