// Verifier errors of gpu.module, gpu.func, gpu.return, gpu.launch_func, gpu.launch and gpu.terminator. Both tools
// check the same expected-* comments: the messages are mlir-opt 22's.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// ==== gpu.func ====

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected void return type for kernel function}}
  gpu.func @k() -> i32 kernel {
    %c = arith.constant 0 : i32
    gpu.return %c : i32
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op attribute 'known_block_size' failed to satisfy constraint: i32 dense array attribute with 3 elements (if present)}}
  gpu.func @k() kernel attributes {known_block_size = array<i32: 1, 2>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected memref type in attribution}}
  gpu.func @k() workgroup(%w: i32) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected memory space workgroup in attribution}}
  gpu.func @k() workgroup(%w: memref<4xf32, #gpu.address_space<private>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected memory space private in attribution}}
  gpu.func @k() private(%p: memref<4xf32, #gpu.address_space<workgroup>>) {
    gpu.return
  }
}

// -----

// expected-error@+1 {{'gpu.func' op expects parent op 'gpu.module'}}
gpu.func @k() {
  gpu.return
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected at least 1 arguments to body region}}
  "gpu.func"() ({
  ^bb0:
    gpu.return
  }) {function_type = (i32) -> (), sym_name = "k", workgroup_attributions = 0 : i64} : () -> ()
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected at least 2 arguments to body region}}
  "gpu.func"() ({
  ^bb0(%a: i32):
    gpu.return
  }) {function_type = (i32) -> (), sym_name = "k", workgroup_attributions = 1 : i64} : () -> ()
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected body region argument #0 to be of type 'i32', got 'f32'}}
  "gpu.func"() ({
  ^bb0(%a: f32):
    gpu.return
  }) {function_type = (i32) -> (), sym_name = "k", workgroup_attributions = 0 : i64} : () -> ()
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op requires string attribute 'sym_name'}}
  "gpu.func"() ({
    gpu.return
  }) {function_type = () -> (), workgroup_attributions = 0 : i64} : () -> ()
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected body with at least one block}}
  gpu.func @k() {
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op requires attribute 'function_type'}}
  "gpu.func"() ({
    gpu.return
  }) {sym_name = "k"} : () -> ()
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 0, but expected 1}}
  "gpu.func"() <{function_type = (i32) -> (), arg_attrs = []}> ({
  ^bb0(%a: i32):
    gpu.return
  }) {sym_name = "k"} : () -> ()
}

// ==== gpu.return ====

// -----

gpu.module @m {
  // expected-note@+1 {{return type declared here}}
  gpu.func @k() -> i32 {
    // expected-error@+1 {{'gpu.return' op expected 1 result operands}}
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() -> i32 {
    %c = arith.constant 0 : i64
    // expected-error@+1 {{'gpu.return' op unexpected type `'i64'' for operand #0}}
    gpu.return %c : i64
  }
}

// -----

func.func @f() {
  // expected-error@+1 {{'gpu.return' op expects parent op 'gpu.func'}}
  gpu.return
}

// ==== gpu.module ====

// -----

// expected-error@+1 {{'gpu.module' op requires attribute 'sym_name'}}
"gpu.module"() ({
}) : () -> ()

// -----

// expected-error@+1 {{'gpu.module' op expects region #0 to have 0 or 1 blocks}}
"gpu.module"() <{sym_name = "m"}> ({
^bb0:
  "t.br"()[^bb1] : () -> ()
^bb1:
  "t.end"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'gpu.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"gpu.module"() <{sym_name = "m"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'gpu.module' op attribute 'targets' failed to satisfy constraint: array of GPU target attributes with at least 1 elements}}
"gpu.module"() <{sym_name = "m", targets = []}> ({
^bb0:
}) : () -> ()

// -----

// A builtin attribute is no target.
// expected-error@+1 {{'gpu.module' op attribute 'targets' failed to satisfy constraint: array of GPU target attributes with at least 1 elements}}
gpu.module @m ["sm_80"] {
}

// -----

// The function's type is checked before its body: the kernel's result, not the return that lacks it.
gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected void return type for kernel function}}
  gpu.func @k() -> f32 kernel {
    gpu.return
  }
}

// -----

// ==== launch size hints, on any op ====

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op gpu.known_block_size must be a dense i32 array}}
  gpu.func @k() kernel attributes {gpu.known_block_size = array<i64: 1, 1, 1>} {
    gpu.return
  }
}

// -----

// expected-error@+1 {{'t.any' op gpu.known_grid_size must contain exactly 3 elements}}
"t.any"() {gpu.known_grid_size = array<i32: 4, 4>} : () -> ()

// -----

// expected-error@+1 {{'t.any' op gpu.known_grid_size must be a dense i32 array}}
"t.any"() {gpu.known_grid_size = [4, 4, 4]} : () -> ()

// ==== gpu.launch_func ====

// -----

gpu.module @kernels {
  gpu.func @k() kernel { gpu.return }
}
func.func @f(%c1: index) {
  // expected-error@+1 {{'gpu.launch_func' op expected the closest surrounding module to have the 'gpu.container_module' attribute}}
  gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
  return
}

// -----

module attributes {gpu.container_module} {
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel container 'absent' is undefined}}
    gpu.launch_func @absent::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @not_a_module() {
    return
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel module 'not_a_module' is undefined}}
    gpu.launch_func @not_a_module::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel function '@kernels::@absent' is undefined}}
    gpu.launch_func @kernels::@absent blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-note@+1 {{see the kernel definition here}}
    "t.symbol"() {sym_name = "k"} : () -> ()
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op referenced kernel '@kernels::@k' is not a function}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() { gpu.return }
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32) kernel { gpu.return }
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op got 0 kernel operands but expected 1}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32) kernel { gpu.return }
  }
  func.func @f(%c1: index, %i: i32) {
    // expected-error@+1 {{'gpu.launch_func' op type of function argument 0 does not match}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%i : i32)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel { gpu.return }
  }
  func.func @f(%c1: index, %i: i32) {
    // expected-error@+1 {{'gpu.launch_func' op failed to verify that all of {gridSizeX, gridSizeY, gridSizeZ, blockSizeX, blockSizeY, blockSizeZ} have same type}}
    "gpu.launch_func"(%c1, %c1, %c1, %c1, %c1, %i) <{kernel = @kernels::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (index, index, index, index, index, i32) -> ()
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel { gpu.return }
  }
  func.func @f(%f: f32) {
    // expected-error@+1 {{'gpu.launch_func' op operand #0 must be index or 32-bit signless integer or 64-bit signless integer, but got 'f32'}}
    "gpu.launch_func"(%f, %f, %f, %f, %f, %f) <{kernel = @kernels::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (f32, f32, f32, f32, f32, f32) -> ()
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel { gpu.return }
  }
  func.func @f(%c1: index, %i: i32, %j: i64) {
    // expected-error@+1 {{'gpu.launch_func' op expects types of the cluster dimensions must be the same}}
    "gpu.launch_func"(%c1, %c1, %c1, %c1, %c1, %c1, %i, %i, %j) <{kernel = @kernels::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0>}> : (index, index, index, index, index, index, i32, i32, i64) -> ()
    return
  }
}

// -----

func.func @f(%c1: index) {
  // expected-error@+1 {{'gpu.launch_func' op requires attribute 'kernel'}}
  "gpu.launch_func"(%c1, %c1, %c1, %c1, %c1, %c1) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (index, index, index, index, index, index) -> ()
  return
}

// ==== gpu.launch and gpu.terminator ====

// -----

func.func @f(%c1: index) {
  gpu.launch blocks(%bx, %by, %bz) in (%sx = %c1, %sy = %c1, %sz = %c1) threads(%tx, %ty, %tz) in (%tsx = %c1, %tsy = %c1, %tsz = %c1) {
    // expected-error@+1 {{expected 'gpu.terminator' or a terminator with successors}}
    "t.x"() : () -> ()
  // expected-note@-3 {{in 'gpu.launch' body region}}
  }
  return
}

// -----

func.func @f(%c1: index) {
  // expected-error@+1 {{'gpu.launch' op expected memory space workgroup in attribution}}
  gpu.launch blocks(%bx, %by, %bz) in (%sx = %c1, %sy = %c1, %sz = %c1) threads(%tx, %ty, %tz) in (%tsx = %c1, %tsy = %c1, %tsz = %c1) workgroup(%w: memref<4xf32, #gpu.address_space<private>>) {
    gpu.terminator
  }
  return
}

// -----

func.func @f(%c1: index) {
  // expected-error@+1 {{'gpu.launch' op expected memref type in attribution}}
  gpu.launch blocks(%bx, %by, %bz) in (%sx = %c1, %sy = %c1, %sz = %c1) threads(%tx, %ty, %tz) in (%tsx = %c1, %tsy = %c1, %tsz = %c1) private(%p: f32) {
    gpu.terminator
  }
  return
}

// -----

func.func @f(%c1: index) {
  // expected-error@+1 {{'gpu.launch' op unexpected number of region arguments}}
  "gpu.launch"(%c1, %c1, %c1, %c1, %c1, %c1) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}> ({
  ^bb0(%a: index):
    "gpu.terminator"() : () -> ()
  }) : (index, index, index, index, index, index) -> ()
  return
}

// -----

func.func @f(%c1: index) {
  // expected-error@+1 {{'gpu.launch' op cluster size must be all present}}
  "gpu.launch"(%c1, %c1, %c1, %c1, %c1, %c1, %c1) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0>}> ({
  ^bb0(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index, %a7: index, %a8: index, %a9: index, %a10: index, %a11: index):
    "gpu.terminator"() : () -> ()
  }) : (index, index, index, index, index, index, index) -> ()
  return
}

// -----

func.func @f(%c1: index) {
  "t.region"() ({
    // expected-error@+1 {{'gpu.terminator' op expects parent op 'gpu.launch'}}
    gpu.terminator
  }) : () -> ()
  return
}
