// Syntax errors in the custom forms of the gpu ops, with their locations. Where mlir-opt 22 says the same, both
// tools check the file. Enum keywords that are not cases (Inputs/bad-enum-keywords.mlir) get two errors each,
// the second naming the attribute's ODS record, as mlir-opt reports them: both tools' output is compared.
// RUN: tl-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: not tl-opt --allow-unregistered-dialect %S/Inputs/bad-enum-keywords.mlir --split-input-file 2> %t.tl
// RUN: not mlir-opt --allow-unregistered-dialect %S/Inputs/bad-enum-keywords.mlir --split-input-file 2> %t.ref
// RUN: diff %t.ref %t.tl
// RUN: FileCheck %s < %t.tl
// RUN: not tl-opt %S/Inputs/tl-opt-only-errors.mlir --split-input-file 2>&1 | FileCheck %s --check-prefix=TLOPT
// RUN: not tl-opt %S/Inputs/bad-cluster-attributes.mlir --split-input-file 2> %t.cluster.tl
// RUN: not mlir-opt %S/Inputs/bad-cluster-attributes.mlir --split-input-file 2> %t.cluster.ref
// RUN: diff %t.cluster.ref %t.cluster.tl
// RUN: FileCheck %s --check-prefix=CLUSTER < %t.cluster.tl
// CLUSTER: bad-cluster-attributes.mlir:4:49: error: expected attribute value
// CLUSTER: bad-cluster-attributes.mlir:11:50: error: custom op 'gpu.subgroup_reduce' invalid kind of attribute specified
// CLUSTER: bad-cluster-attributes.mlir:18:53: error: floating point value not valid for specified type
// CLUSTER: bad-cluster-attributes.mlir:25:51: error: expected constant integer or floating point value
// CLUSTER: bad-cluster-attributes.mlir:32:62: error: custom op 'gpu.subgroup_reduce' invalid kind of attribute specified
// CLUSTER: bad-cluster-attributes.mlir:39:51: error: expected ')'

gpu.module @m {
  // expected-error@+1 {{custom op 'gpu.func' gpu.func requires named arguments}}
  gpu.func @k(i32) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{custom op 'gpu.func' expected valid '@'-identifier for symbol name}}
  gpu.func private @k() {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{expected '{' to begin a region}}
  gpu.func @k()
}

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'gpu.wait' needs to be named when marked 'async'}}
  gpu.wait async
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{custom op 'gpu.alloc' needs to be named when marked 'async'}}
  gpu.alloc async (%n) : memref<?xf32>
  return
}

// -----

func.func @f(%c1: index) {
  // expected-error@+1 {{custom op 'gpu.launch' needs to be named when marked 'async'}}
  gpu.launch async blocks(%bx, %by, %bz) in (%sx = %c1, %sy = %c1, %sz = %c1) threads(%tx, %ty, %tz) in (%tsx = %c1, %tsy = %c1, %tsz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @f(%c1: index) {
  // expected-error@+1 {{expected ','}}
  gpu.launch blocks(%bx, %by, %bz) in (%sx = %c1, %sy = %c1) threads(%tx, %ty, %tz) in (%tsx = %c1, %tsy = %c1, %tsz = %c1) {
    gpu.terminator
  }
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%c1: index, %f: f32) {
  // expected-error@+1 {{use of value '%f' expects different type than prior uses: 'i32' vs 'f32'}}
  gpu.launch blocks(%bx, %by, %bz) in (%sx = %c1, %sy = %c1, %sz = %c1) threads(%tx, %ty, %tz) in (%tsx = %c1, %tsy = %c1, %tsz = %c1) dynamic_shared_memory_size %f {
    gpu.terminator
  }
  return
}

// -----

func.func @f(%c1: index) {
  // expected-error@+1 {{custom op 'gpu.launch' expected 'threads'}}
  gpu.launch blocks(%bx, %by, %bz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{custom op 'gpu.all_reduce' invalid op kind}}
  %r = gpu.all_reduce foo %v {} : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{custom op 'gpu.subgroup_reduce' invalid op kind}}
  %r = gpu.subgroup_reduce foo %v : (f32) -> (f32)
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{custom op 'gpu.subgroup_reduce' expected 'stride'}}
  %r = gpu.subgroup_reduce add %v cluster(size = 4, width = 2) : (f32) -> (f32)
  return
}

// -----

module attributes {gpu.container_module} {
  func.func @f(%c1: index) {
    // expected-error@+1 {{expected ','}}
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @f(%c1: index, %a: f32) {
    // expected-error@+1 {{expected ':'}}
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @f(%c1: index, %a: f32) {
    // expected-error@+1 {{expected ')' in argument list}}
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : f32 %a : f32)
    return
  }
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{custom op 'gpu.host_register' invalid kind of type specified: expected builtin.unranked_memref, but found 'memref<4xf32>'}}
  gpu.host_register %m : memref<4xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{expected '('}}
  %m = gpu.alloc host_shared async (%n) : memref<?xf32>
  return
}

// -----

func.func @f(%m: memref<32x32xf16>, %i: index) {
  // expected-error@+1 {{custom op 'gpu.subgroup_mma_load_matrix' 'gpu.subgroup_mma_load_matrix' op attribute 'leadDimension' failed to satisfy constraint: index attribute}}
  %b = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : i32} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// The enum keywords that are not cases (Inputs/bad-enum-keywords.mlir): where the keyword is, then after it.
// CHECK: bad-enum-keywords.mlir:3:25: error: custom op 'gpu.shuffle' expected ::mlir::gpu::ShuffleMode to be one of: xor, up, down, idx
// CHECK: bad-enum-keywords.mlir:3:34: error: custom op 'gpu.shuffle' failed to parse GPU_ShuffleModeAttr parameter 'value' which is to be a `::mlir::gpu::ShuffleMode`
// CHECK: bad-enum-keywords.mlir:9:22: error: custom op 'gpu.thread_id' expected ::mlir::gpu::Dimension to be one of: x, y, z
// CHECK: bad-enum-keywords.mlir:15:37: error: custom op 'gpu.subgroup_mma_elementwise' expected ::mlir::gpu::MMAElementwiseOp to be one of: addf, mulf, subf, maxf, minf, divf, addi, muli, subi, divs, divu, negatef, negates, extf
// CHECK: bad-enum-keywords.mlir:20:33: error: expected ::mlir::gpu::AddressSpace to be one of: global, workgroup, private
// CHECK: bad-enum-keywords.mlir:20:39: error: failed to parse GPU_AddressSpaceAttr parameter 'value' which is to be a `::mlir::gpu::AddressSpace`
// CHECK: bad-enum-keywords.mlir:23:26: error: expected ::mlir::gpu::MappingId to be one of: x, y, z, linear_dim_0
// CHECK: bad-enum-keywords.mlir:23:27: error: failed to parse GPUThreadMappingAttr parameter 'thread' which is to be a `::mlir::gpu::MappingId`

// Inputs mlir-opt 22 mishandles (Inputs/tl-opt-only-errors.mlir):
// TLOPT: tl-opt-only-errors.mlir:4:19: error: custom op 'gpu.launch' has a result only when marked 'async'
// TLOPT: tl-opt-only-errors.mlir:11:20: error: expected 3 identifiers, one for each of x, y and z, got 2

// -----

func.func @f(%c1: index) {
  // expected-error@+1 {{expected ')' in operand list}}
  gpu.launch blocks(%bx, %by %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @f(%u: f32) {
  // expected-error@+1 {{custom op 'gpu.subgroup_reduce' invalid kind of type specified: expected builtin.function, but found 'f32'}}
  %r = gpu.subgroup_reduce add %u : f32
  return
}

// -----

// A named launch must be marked 'async', but that is checked after the rest: here the missing 'blocks' comes first.
func.func @f(%c1: index) {
  // expected-error@+1 {{custom op 'gpu.launch' expected 'blocks'}}
  %t = gpu.launch - async blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

// The ids are counted once their size assignment has parsed: here the missing 'in' comes first.
func.func @f(%c1: index) {
  // expected-error@+1 {{custom op 'gpu.launch' expected 'in'}}
  gpu.launch blocks() at (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @f(%c: index) {
  // expected-error@+1 {{invalid kind of attribute specified}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c, %gy = %c, %gz = %c) threads(%tx, %ty, %tz) in (%sx = %c, %sy = %c, %sz = %c) module("outlined") {
    gpu.terminator
  }
  return
}

// -----

func.func @f(%laneid: index) {
  // expected-error@+1 {{custom op 'gpu.warp_execute_on_lane_0' expected integer value}}
  gpu.warp_execute_on_lane_0(%laneid)[x] {
  }
  return
}
