// The examples of the krnl dialect's documentation (docs/dialects/krnl.md), wrapped in functions that define the
// values they use: they parse and verify.
// RUN: tl-opt %s | FileCheck %s

// The dialect's overview.
// CHECK-LABEL: func.func @add(
// CHECK: krnl.parallel %{{.*}} : !krnl.loop
func.func @add(%A: memref<40x80xf32>, %B: memref<40x80xf32>, %C: memref<40x80xf32>) {
  %ii, %jj = krnl.define_loops 2
  %ib, %il = krnl.block %ii 8 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.permute(%ib, %il, %jj) [0, 2, 1] : !krnl.loop, !krnl.loop, !krnl.loop
  krnl.parallel %ib : !krnl.loop
  krnl.iterate(%ib, %il, %jj) with (%ii -> %i = 0 to 40, %jj -> %j = 0 to 80) {
    %a = krnl.load %A[%i, %j] : memref<40x80xf32>
    %b = krnl.load %B[%i, %j] : memref<40x80xf32>
    %c = arith.addf %a, %b : f32
    krnl.store %c, %C[%i, %j] : memref<40x80xf32>
  }
  return
}

// krnl.iterate.
// CHECK-LABEL: func.func @iterate(
// CHECK: krnl.yield
func.func @iterate(%n: index, %zero: f32, %A: memref<8xf32>) -> f32 {
  %kk = krnl.define_loops 1
  %ii, %jj = krnl.define_loops 2
  %ib, %il = krnl.block %ii 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.permute(%ib, %il, %jj) [0, 2, 1] : !krnl.loop, !krnl.loop, !krnl.loop
  krnl.iterate(%ib, %jj) with (%ii -> %i = 0 to 10, %jj -> %j = 0 to %n) {
    %ti, %tj = krnl.get_induction_var_value(%ib, %jj) : (!krnl.loop, !krnl.loop) -> (index, index)
    krnl.iterate(%il) with () {
      %e = krnl.get_induction_var_value(%il) : (!krnl.loop) -> (index)
    }
  }
  %s = krnl.iterate(%kk) with (%kk -> %k = 0 to 8) iter_args(%acc = %zero) -> (f32) {
    %v = krnl.load %A[%k] : memref<8xf32>
    %next = arith.addf %acc, %v : f32
    krnl.yield %next : f32
  }
  return %s : f32
}

// krnl.permute, krnl.parallel, krnl.specialized_kernel, krnl.movable.
// CHECK-LABEL: func.func @schedule_ops(
// CHECK: krnl.parallel %{{.*}} mapping workitem_x : !krnl.loop
func.func @schedule_ops(%A: memref<10xf32>) {
  %ii, %jj, %kk = krnl.define_loops 3
  krnl.permute(%ii, %jj, %kk) [1, 2, 0] : !krnl.loop, !krnl.loop, !krnl.loop
  krnl.iterate(%ii, %jj, %kk) with (%ii -> %i = 0 to 10, %jj -> %j = 0 to 20, %kk -> %k = 0 to 30) {
  }
  %i2, %j2, %k2 = krnl.define_loops 3
  %ib, %il = krnl.block %i2 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  %jb, %jl = krnl.block %j2 4 : (!krnl.loop) -> (!krnl.loop, !krnl.loop)
  krnl.permute(%ib, %il, %jb, %jl) [0, 2, 1, 3] : !krnl.loop, !krnl.loop, !krnl.loop, !krnl.loop
  krnl.parallel %ib mapping workgroup_x : !krnl.loop
  krnl.parallel %il mapping workitem_x : !krnl.loop
  krnl.specialized_kernel(%jb, %jl) : !krnl.loop, !krnl.loop
  krnl.iterate(%ib, %il) with (%i2 -> %i = 0 to 10, %j2 -> %j = 0 to 10) {
    krnl.movable {
      %v = krnl.load %A[%i] : memref<10xf32>
    }
  }
  return
}
