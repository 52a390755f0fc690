// The gpu dialect under canonicalize, as mlir-opt 22 does it: waits on tokens that are ready at once or that merely
// forward another token disappear, copies into buffers nobody reads disappear, memref.casts fold into gpu.memcpy
// and gpu.memset, memref.dim of a gpu.alloc is the size it was given, ids of launch dimensions of size 1 are 0,
// back-to-back barriers are one, and reductions learn that they are uniform in a launch's entry block.
// RUN: %S/../../../test/interop/passes/compare-with-mlir-opt.sh %s %t --canonicalize --allow-unregistered-dialect
// RUN: tl-opt %s --split-input-file --canonicalize --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @ready_tokens
// CHECK-NEXT: %[[OTHER:.*]] = gpu.wait async
// CHECK-NEXT: "test.sink"(%[[OTHER]])
// CHECK-NEXT: return
func.func @ready_tokens() {
  %ready = gpu.wait async
  gpu.wait [%ready]
  %other = gpu.wait async
  gpu.wait []
  "test.sink"(%other) : (!gpu.async.token) -> ()
  return
}

// CHECK-LABEL: func.func @forwarded_tokens
// CHECK-SAME: (%[[T:.*]]: !gpu.async.token, %[[U:.*]]: !gpu.async.token)
// CHECK-NEXT: %[[BOTH:.*]] = gpu.wait async [%[[T]], %[[U]]]
// CHECK-NEXT: gpu.wait [%[[U]]]
// CHECK-NEXT: return %[[T]], %[[BOTH]]
func.func @forwarded_tokens(%t: !gpu.async.token, %u: !gpu.async.token) -> (!gpu.async.token, !gpu.async.token) {
  %a = gpu.wait async [%t]
  %b = gpu.wait async [%a]
  %both = gpu.wait async [%t, %u]
  %c = gpu.wait async [%both]
  %unused = gpu.wait async [%t, %u]
  gpu.wait [%u]
  return %b, %c : !gpu.async.token, !gpu.async.token
}

// A copy into a buffer that is only freed afterwards is dead; its token is the dependency it had.
// CHECK-LABEL: func.func @dead_copies
// CHECK-NOT: gpu.memcpy
// CHECK: return
func.func @dead_copies(%src: memref<8xf32>, %flag: i1, %t: !gpu.async.token) -> !gpu.async.token {
  %host = memref.alloc() : memref<8xf32>
  gpu.memcpy %host, %src : memref<8xf32>, memref<8xf32>
  scf.if %flag {
    memref.dealloc %host : memref<8xf32>
  } else {
    memref.dealloc %host : memref<8xf32>
  }
  %dev, %t1 = gpu.alloc async [%t] () : memref<8xf32>
  %t2 = gpu.memcpy async [%t1] %dev, %src : memref<8xf32>, memref<8xf32>
  %t3 = gpu.dealloc async [%t2] %dev : memref<8xf32>
  return %t3 : !gpu.async.token
}

// CHECK-LABEL: func.func @live_copies
// CHECK-COUNT-4: gpu.memcpy
func.func @live_copies(%src: memref<8xf32>, %dst: memref<8xf32>, %i: index, %t: !gpu.async.token, %u: !gpu.async.token) -> (f32, !gpu.async.token, !gpu.async.token) {
  // The destination is an argument.
  gpu.memcpy %dst, %src : memref<8xf32>, memref<8xf32>
  // The destination is read afterwards.
  %read = memref.alloc() : memref<8xf32>
  gpu.memcpy %read, %src : memref<8xf32>, memref<8xf32>
  %v = memref.load %read[%i] : memref<8xf32>
  // Two dependencies: the token cannot stand for both.
  %two = memref.alloc() : memref<8xf32>
  %t2 = gpu.memcpy async [%t, %u] %two, %src : memref<8xf32>, memref<8xf32>
  // A synchronous copy after a dependency.
  %sync = memref.alloc() : memref<8xf32>
  %t3 = gpu.memcpy async %sync, %src : memref<8xf32>, memref<8xf32>
  return %v, %t2, %t3 : f32, !gpu.async.token, !gpu.async.token
}

// CHECK-LABEL: func.func @casts_fold_into_copies
// CHECK: gpu.memcpy %{{.*}}, %{{.*}} : memref<16xf32>, memref<16xf32>
// CHECK: gpu.memset %{{.*}}, %{{.*}} : memref<4x4xi32, 1>, i32
// CHECK: %[[RANKED:.*]] = memref.cast %{{.*}} : memref<*xf32> to memref<16xf32>
// CHECK: gpu.memcpy async [%{{.*}}] %{{.*}}, %[[RANKED]] : memref<16xf32>, memref<16xf32>
func.func @casts_fold_into_copies(%a: memref<16xf32>, %b: memref<16xf32>, %m: memref<4x4xi32, 1>, %x: i32, %u: memref<*xf32>, %t: !gpu.async.token) -> !gpu.async.token {
  %0 = memref.cast %a : memref<16xf32> to memref<?xf32>
  %1 = memref.cast %b : memref<16xf32> to memref<?xf32>
  gpu.memcpy %0, %1 : memref<?xf32>, memref<?xf32>
  %2 = memref.cast %m : memref<4x4xi32, 1> to memref<?x4xi32, 1>
  gpu.memset %2, %x : memref<?x4xi32, 1>, i32
  // A cast from an unranked memref stays.
  %3 = memref.cast %u : memref<*xf32> to memref<16xf32>
  %t1 = gpu.memcpy async [%t] %a, %3 : memref<16xf32>, memref<16xf32>
  return %t1 : !gpu.async.token
}

// -----

// CHECK-LABEL: func.func @dims_of_gpu_alloc
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: index, %[[I:.*]]: index)
// CHECK: %[[D2:.*]] = memref.dim %{{.*}}, %[[I]]
// CHECK: return %[[N]], %[[M]], %[[D2]]
func.func @dims_of_gpu_alloc(%n: index, %m: index, %i: index) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %buf = gpu.alloc (%n, %m) : memref<?x4x?xf32>
  %d0 = memref.dim %buf, %c0 : memref<?x4x?xf32>
  %d2 = memref.dim %buf, %c2 : memref<?x4x?xf32>
  %di = memref.dim %buf, %i : memref<?x4x?xf32>
  // A static dimension is memref.dim's own fold (not the gpu pattern's).
  %d1 = memref.dim %buf, %c1 : memref<?x4x?xf32>
  "test.sink"(%d1) : (index) -> ()
  return %d0, %d2, %di, %d1 : index, index, index, index
}

// -----

// CHECK-LABEL: func.func @launch_of_one
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in
// CHECK-NEXT: "test.use"(%[[BX]], %[[C0]], %[[C0]], %[[TX]], %[[C0]], %[[C0]])
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %{{.*}} = gpu.all_reduce add %{{.*}} uniform {
// CHECK: gpu.subgroup_reduce add %{{.*}} uniform cluster(size = 4)
// CHECK-NOT: gpu.subgroup_reduce
// CHECK: scf.if
// CHECK-NEXT: gpu.subgroup_reduce add %{{.*}} : (f32) -> f32
func.func @launch_of_one(%n: index, %v: f32, %flag: i1) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    "test.use"(%bx, %by, %bz, %tx, %ty, %tz) : (index, index, index, index, index, index) -> ()
    gpu.barrier
    gpu.barrier
    %sum = gpu.all_reduce add %v {} : (f32) -> f32
    %r4 = gpu.subgroup_reduce add %v cluster(size = 4) : (f32) -> f32
    %r1 = gpu.subgroup_reduce add %v cluster(size = 1) : (f32) -> f32
    scf.if %flag {
      %inner = gpu.subgroup_reduce add %v : (f32) -> f32
      "test.use"(%inner) : (f32) -> ()
    }
    "test.use"(%sum, %r4, %r1) : (f32, f32, f32) -> ()
    gpu.terminator
  }
  return
}
