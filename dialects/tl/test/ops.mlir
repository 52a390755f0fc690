// RUN: tl-opt %s | FileCheck %s
// RUN: tl-opt %s | tl-opt - | FileCheck %s
// RUN: tl-opt %s --mlir-print-op-generic | tl-opt - | FileCheck %s
// RUN: tl-opt %s --emit=tl > %t.tl
// RUN: tl-opt %t.tl | tl-opt - --emit=tl | diff %t.tl -

// The tl ops in MLIR syntax (custom forms), as passes see and print them; they read back from their custom and
// generic forms, and print as the tensor language.

// CHECK-LABEL: tl.func @scalars(%arg0: i32, %arg1: f32, %arg2: i1)
tl.func @scalars(%a: i32, %x: f32, %b: i1) {
  // CHECK-NEXT: %[[C:.*]] = constant 2 : i32
  // CHECK-NEXT: %[[ADD:.*]] = arith add %arg0, %[[C]] : i32
  // CHECK-NEXT: arith_unary neg %arg1 : f32
  // CHECK-NEXT: arith_unary not %arg2 : i1
  // CHECK-NEXT: cast %[[ADD]] : i32 -> f64
  // CHECK-NEXT: cmp ge %arg1, %arg1 : f32
  // CHECK-NEXT: group_id
  // CHECK-NEXT: group_size
  %c = tl.constant 2 : i32
  %0 = tl.arith add %a, %c : i32
  %1 = tl.arith_unary neg %x : f32
  %2 = tl.arith_unary not %b : i1
  %3 = tl.cast %0 : i32 -> f64
  %4 = tl.cmp ge %x, %x : f32
  %5 = tl.group_id
  %6 = tl.group_size
}

// CHECK-LABEL: tl.func @memory(%arg0: !tl.memref<f32x8x?>, %arg1: !tl.group<memref<f32x4>, offset: ?>, %arg2: index)
tl.func @memory(%m: !tl.memref<f32x8x?>, %g: !tl.group<memref<f32x4>, offset: ?>, %i: index) {
  // CHECK-NEXT: %[[A:.*]] = alloca : !tl.memref<f32x16x8>
  // CHECK-NEXT: %[[X:.*]] = load %arg0[%arg2, %arg2] : !tl.memref<f32x8x?> -> f32
  // CHECK-NEXT: load %arg1[%arg2] : !tl.group<memref<f32x4>, offset: ?> -> !tl.memref<f32x4>
  // CHECK-NEXT: store %[[X]], %arg0[%arg2, %arg2] : f32, !tl.memref<f32x8x?>
  // CHECK-NEXT: size %arg0[1] : !tl.memref<f32x8x?>
  // CHECK-NEXT: lifetime_stop %[[A]] : !tl.memref<f32x16x8>
  %a = tl.alloca : !tl.memref<f32x16x8>
  %0 = tl.load %m[%i, %i] : !tl.memref<f32x8x?> -> f32
  %1 = tl.load %g[%i] : !tl.group<memref<f32x4>, offset: ?> -> !tl.memref<f32x4>
  tl.store %0, %m[%i, %i] : f32, !tl.memref<f32x8x?>
  %2 = tl.size %m[1] : !tl.memref<f32x8x?>
  tl.lifetime_stop %a : !tl.memref<f32x16x8>
}

// CHECK-LABEL: tl.func @views(%arg0: !tl.memref<f32x32x16>, %arg1: index)
tl.func @views(%m: !tl.memref<f32x32x16>, %i: index) {
  // CHECK-NEXT: subview %arg0[4:8, %arg1] : !tl.memref<f32x32x16> -> !tl.memref<f32x8>
  // CHECK-NEXT: subview %arg0[%arg1:?, 2:%arg1] : !tl.memref<f32x32x16> -> !tl.memref<f32x?x?,strided<1,32>>
  // CHECK-NEXT: subview %arg0[0:?, 3:?] : !tl.memref<f32x32x16> -> !tl.memref<f32x32x13>
  // CHECK-NEXT: expand %arg0[1 -> 2, ?] : !tl.memref<f32x32x16> -> !tl.memref<f32x32x2x8>
  // CHECK-NEXT: expand %arg0[0 -> %arg1, ?, 2] : !tl.memref<f32x32x16> -> !tl.memref<f32x?x?x2x16,strided<1,?,?,32>>
  // CHECK-NEXT: fuse %arg0[0, 1] : !tl.memref<f32x32x16> -> !tl.memref<f32x512>
  %0 = tl.subview %m[4:8, %i] : !tl.memref<f32x32x16> -> !tl.memref<f32x8>
  %1 = tl.subview %m[%i:?, 2:%i] : !tl.memref<f32x32x16> -> !tl.memref<f32x?x?,strided<1,32>>
  %2 = tl.subview %m[0:?, 3:?] : !tl.memref<f32x32x16> -> !tl.memref<f32x32x13>
  %3 = tl.expand %m[1 -> 2, ?] : !tl.memref<f32x32x16> -> !tl.memref<f32x32x2x8>
  %4 = tl.expand %m[0 -> %i, ?, 2] : !tl.memref<f32x32x16> -> !tl.memref<f32x?x?x2x16,strided<1,?,?,32>>
  %5 = tl.fuse %m[0, 1] : !tl.memref<f32x32x16> -> !tl.memref<f32x512>
}

// CHECK-LABEL: tl.func @collectives
tl.func @collectives(%A: !tl.memref<f32x16x8>, %B: !tl.memref<f32x8x16>, %C: !tl.memref<f32x16x16>, %v: !tl.memref<f32x16>,
                     %w: !tl.memref<f32x8>, %s: !tl.memref<f32>, %x: f32) {
  // CHECK-NEXT: gemm n n %arg6, %arg0, %arg1, %arg6, %arg2 : f32, !tl.memref<f32x16x8>, !tl.memref<f32x8x16>, f32, !tl.memref<f32x16x16>
  // CHECK-NEXT: gemm t t atomic %arg6, %arg1, %arg0, %arg6, %arg2
  // CHECK-NEXT: gemv n %arg6, %arg0, %arg4, %arg6, %arg3
  // CHECK-NEXT: ger atomic %arg6, %arg3, %arg3, %arg6, %arg2
  // CHECK-NEXT: hadamard_product %arg6, %arg3, %arg3, %arg6, %arg3
  // CHECK-NEXT: sum t %arg6, %arg0, %arg6, %arg4
  // CHECK-NEXT: axpby t atomic %arg6, %arg0, %arg6, %arg1
  // CHECK-NEXT: barrier
  tl.gemm n n %x, %A, %B, %x, %C : f32, !tl.memref<f32x16x8>, !tl.memref<f32x8x16>, f32, !tl.memref<f32x16x16>
  tl.gemm t t atomic %x, %B, %A, %x, %C : f32, !tl.memref<f32x8x16>, !tl.memref<f32x16x8>, f32, !tl.memref<f32x16x16>
  tl.gemv n %x, %A, %w, %x, %v : f32, !tl.memref<f32x16x8>, !tl.memref<f32x8>, f32, !tl.memref<f32x16>
  tl.ger atomic %x, %v, %v, %x, %C : f32, !tl.memref<f32x16>, !tl.memref<f32x16>, f32, !tl.memref<f32x16x16>
  tl.hadamard_product %x, %v, %v, %x, %v : f32, !tl.memref<f32x16>, !tl.memref<f32x16>, f32, !tl.memref<f32x16>
  tl.sum t %x, %A, %x, %w : f32, !tl.memref<f32x16x8>, f32, !tl.memref<f32x8>
  tl.axpby t atomic %x, %A, %x, %B : f32, !tl.memref<f32x16x8>, f32, !tl.memref<f32x8x16>
  tl.barrier
}

// CHECK-LABEL: tl.func @control_flow(%arg0: index, %arg1: i32, %arg2: i1)
tl.func @control_flow(%n: index, %m: i32, %c: i1) attributes {subgroup_size = 16 : i32, work_group_size = array<i32: 32, 2>} {
  // CHECK-NEXT: for %[[I:.*]] = %arg0 to %arg0 : index {
  // CHECK-NEXT: for %{{.*}} = %arg1 to %arg1 step %arg1 : i32 {
  // CHECK-NEXT: yield{{$}}
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  // CHECK-NEXT: foreach %{{.*}} = %arg1 to %arg1 : i32 {
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[R:.*]]:2 = if %arg2 -> (i32, i1) {
  // CHECK-NEXT: yield %arg1, %arg2 : i32, i1
  // CHECK-NEXT: } else {
  // CHECK-NEXT: yield %arg1, %arg2 : i32, i1
  // CHECK-NEXT: }
  // CHECK-NEXT: if %[[R]]#1 {
  // CHECK-NEXT: }
  tl.for %i = %n to %n {
    tl.for %j = %m to %m step %m : i32 {
      tl.yield
    }
  }
  tl.foreach %i = %m to %m : i32 {
  }
  %r:2 = tl.if %c -> (i32, i1) {
    tl.yield %m, %c : i32, i1
  } else {
    tl.yield %m, %c : i32, i1
  }
  tl.if %r#1 {
  }
}
