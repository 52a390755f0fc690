// gpu dialect, kernels and launches: gpu.module, gpu.func, gpu.return, gpu.launch_func, gpu.launch and
// gpu.terminator in custom and generic form round-trip, and print exactly as mlir-opt 22 prints them.
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tlir
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: diff %t.ref %t.tlir
// RUN: tl-opt --allow-unregistered-dialect %t.tlir | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.tlir.generic
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// RUN: diff %t.ref.generic %t.tlir.generic
// RUN: tl-opt --allow-unregistered-dialect %t.tlir.generic | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.tlir.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: diff %t.ref.loc %t.tlir.loc

// CHECK-LABEL: module attributes {gpu.container_module} {
module attributes {gpu.container_module} {
  // CHECK: gpu.module @empty {
  // CHECK-NEXT: }
  gpu.module @empty {}
  // CHECK: gpu.module @with_targets<#gpu.select_object<1 : i64>> [#nvvm.target, #rocdl.target<chip = "gfx90a">] attributes {t.flag} {
  gpu.module @with_targets <#gpu.select_object<1>> [#nvvm.target, #rocdl.target<chip = "gfx90a">] attributes {t.flag} {
  }
  // CHECK-LABEL: gpu.module @kernels {
  gpu.module @kernels {
    // CHECK-NEXT: gpu.func @no_args() kernel {
    // CHECK-NEXT:   gpu.return
    // CHECK-NEXT: }
    gpu.func @no_args() kernel {
      gpu.return
    }
    // CHECK: gpu.func @attributions(%arg0: f32, %arg1: memref<?xf32, 1>) workgroup(%arg2 : memref<32xf32, #gpu.address_space<workgroup>>, %arg3 : memref<4xi32, 3>) private(%arg4 : memref<1xf32, #gpu.address_space<private>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>, known_grid_size = array<i32: 4, 2, 1>, t.qux = "quux"} {
    gpu.func @attributions(%a: f32, %m: memref<?xf32, 1>)
        workgroup(%w: memref<32xf32, #gpu.address_space<workgroup>>, %w2: memref<4xi32, 3>)
        private(%p: memref<1xf32, #gpu.address_space<private>>)
        kernel attributes {t.qux = "quux", known_grid_size = array<i32: 4, 2, 1>, known_block_size = array<i32: 32, 1, 1>} {
      "t.use"(%a, %m, %w, %w2, %p) : (f32, memref<?xf32, 1>, memref<32xf32, #gpu.address_space<workgroup>>, memref<4xi32, 3>, memref<1xf32, #gpu.address_space<private>>) -> ()
      gpu.return
    }
    // Attribution attributes; a private attribution without workgroup ones.
    // CHECK: gpu.func @attribution_attrs() workgroup(%arg0 : memref<4xf32, 3> {t.align = 4 : i64}) private(%arg1 : memref<1xf32, 5>, %arg2 : memref<2xi32, 5> {t.a})
    gpu.func @attribution_attrs() workgroup(%w: memref<4xf32, 3> {t.align = 4}) private(%p: memref<1xf32, 5>, %q: memref<2xi32, 5> {t.a}) {
      gpu.return
    }
    // CHECK: gpu.func @only_private() private(%arg0 : memref<1xf32, 5>) {
    gpu.func @only_private() private(%p: memref<1xf32, 5>) {
      gpu.return
    }
    // A device function with results and argument attributes, and a body of several blocks.
    // CHECK: gpu.func @device(%arg0: i32 {t.x}, %arg1: i1) -> (f32 {t.y}, i32) {
    // CHECK:   "t.cond_br"
    // CHECK: ^bb1:
    // CHECK:   gpu.return %{{.*}}, %arg0 : f32, i32
    gpu.func @device(%a: i32 {t.x}, %c: i1) -> (f32 {t.y}, i32) {
      %f = arith.constant 1.0 : f32
      "t.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
    ^bb1:
      gpu.return %f, %a : f32, i32
    ^bb2:
      %g = arith.constant 2.0 : f32
      gpu.return %g, %a : f32, i32
    }
  }

  // CHECK-LABEL: func.func @launch_func(
  func.func @launch_func(%c1: index, %i: i32, %f: f32, %m: memref<?xf32, 1>, %t: !gpu.async.token, %o: !t.object) {
    // CHECK: gpu.launch_func  @kernels::@no_args blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)
    gpu.launch_func @kernels::@no_args blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    // CHECK: %0 = gpu.launch_func async [%arg4] @kernels::@attributions blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)  args(%arg2 : f32, %arg3 : memref<?xf32, 1>)
    %t1 = gpu.launch_func async [%t] @kernels::@attributions blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%f : f32, %m : memref<?xf32, 1>)
    // CHECK: %1 = gpu.launch_func async @kernels::@no_args
    %t2 = gpu.launch_func async @kernels::@no_args blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    // i32 sizes, clusters and dynamic shared memory.
    // CHECK: gpu.launch_func  @kernels::@no_args clusters in (%arg1, %arg1, %arg1) blocks in (%arg1, %arg1, %arg1) threads in (%arg1, %arg1, %arg1) : i32 dynamic_shared_memory_size %arg1
    gpu.launch_func @kernels::@no_args clusters in (%i, %i, %i) blocks in (%i, %i, %i) threads in (%i, %i, %i) : i32 dynamic_shared_memory_size %i
    // CHECK: gpu.launch_func <%arg5 : !t.object> @kernels::@no_args blocks in
    gpu.launch_func <%o : !t.object> @kernels::@no_args blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    // CHECK: gpu.launch_func  @kernels::@no_args blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)  {t.tag}
    gpu.launch_func @kernels::@no_args blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) {t.tag}
    gpu.wait [%t1, %t2]
    return
  }
}

// CHECK-LABEL: func.func @launch(
func.func @launch(%c1: index, %s: i32, %t: !gpu.async.token, %m: memref<?xf32>) {
  // CHECK: gpu.launch blocks(%arg4, %arg5, %arg6) in (%arg10 = %arg0, %arg11 = %arg0, %arg12 = %arg0) threads(%arg7, %arg8, %arg9) in (%arg13 = %arg0, %arg14 = %arg0, %arg15 = %arg0) {
  // CHECK-NEXT: "t.use"(%arg4, %arg7, %arg10, %arg13, %arg3) : (index, index, index, index, memref<?xf32>) -> ()
  // CHECK-NEXT: gpu.terminator
  // CHECK-NEXT: }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    "t.use"(%bx, %tx, %gx, %sx, %m) : (index, index, index, index, memref<?xf32>) -> ()
    gpu.terminator
  }
  // Where the outlined kernel goes: module(@m) function(@f), printed after the sizes and before the attributions.
  // CHECK: gpu.launch blocks(%arg4, %arg5, %arg6) in (%arg10 = %arg0, %arg11 = %arg0, %arg12 = %arg0) threads(%arg7, %arg8, %arg9) in (%arg13 = %arg0, %arg14 = %arg0, %arg15 = %arg0) dynamic_shared_memory_size %arg1 module(@outlined) function(@body) workgroup(%arg16 : memref<2xf32, 3>) {
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) dynamic_shared_memory_size %s module(@outlined) function(@body) workgroup(%w: memref<2xf32, 3>) {
    gpu.terminator
  }
  // Async with dependencies, clusters, dynamic shared memory, attributions and discardable attributes.
  // CHECK: %0 = gpu.launch async [%arg2] clusters(%arg16, %arg17, %arg18) in (%arg19 = %arg0, %arg20 = %arg0, %arg21 = %arg0) blocks(%arg4, %arg5, %arg6) in (%arg10 = %arg0, %arg11 = %arg0, %arg12 = %arg0) threads(%arg7, %arg8, %arg9) in (%arg13 = %arg0, %arg14 = %arg0, %arg15 = %arg0) dynamic_shared_memory_size %arg1 workgroup(%arg22 : memref<4xf32, 3>) private(%arg23 : memref<1xf32, 5>) {
  // CHECK: } {kernelFunc = @kf, kernelModule = @km}
  %tok = gpu.launch async [%t] clusters(%cx, %cy, %cz) in (%ncx = %c1, %ncy = %c1, %ncz = %c1) blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) dynamic_shared_memory_size %s workgroup(%w: memref<4xf32, 3>) private(%p: memref<1xf32, 5>) {
    "t.use"(%cx, %ncx, %w, %p) : (index, index, memref<4xf32, 3>, memref<1xf32, 5>) -> ()
    gpu.terminator
  } {kernelFunc = @kf, kernelModule = @km}
  // CHECK: %1 = gpu.launch async blocks
  %tok2 = gpu.launch async blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  // A body of several blocks: those that end without successors end with gpu.terminator.
  // CHECK: gpu.launch blocks
  // CHECK: "t.br"
  // CHECK: ^bb1:
  // CHECK-NEXT: gpu.terminator
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    "t.br"()[^bb1] : () -> ()
  ^bb1:
    gpu.terminator
  }
  return
}
