// memref dialect: custom and generic forms round-trip, and print exactly as mlir-opt 22 prints them.
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

// CHECK-LABEL: func.func @alloc(
// CHECK-NEXT:    %alloc = memref.alloc() : memref<4x8xf32>
// CHECK-NEXT:    %alloc_0 = memref.alloc(%arg0) : memref<?x8xf32>
// CHECK-NEXT:    %alloc_1 = memref.alloc(%arg0, %arg1) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK-NEXT:    %alloc_2 = memref.alloc()[%arg0, %arg1] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:    %alloc_3 = memref.alloc(%arg1)[%arg0] {t.tag} : memref<?x4xf32, strided<[?, 1]>, 3>
// CHECK-NEXT:    %alloca = memref.alloca() : memref<16xi8>
// CHECK-NEXT:    %alloca_4 = memref.alloca(%arg0) {alignment = 8 : i64} : memref<?xindex>
// CHECK-NEXT:    %alloca_5 = memref.alloca()[%arg0] : memref<2x2xf32, strided<[2, 1], offset: ?>>
// CHECK-NEXT:    memref.dealloc %alloc : memref<4x8xf32>
// CHECK-NEXT:    memref.dealloc %alloc_0 : memref<?x8xf32>
func.func @alloc(%n: index, %m: index, %u: memref<*xf32>) {
  %0 = memref.alloc() : memref<4x8xf32>
  %1 = memref.alloc(%n) : memref<?x8xf32>
  %2 = memref.alloc(%n, %m) {alignment = 64} : memref<?x?xf32>
  %3 = memref.alloc()[%n, %m] : memref<4xf32, strided<[?], offset: ?>>
  %4 = memref.alloc(%m)[%n] {t.tag} : memref<?x4xf32, strided<[?, 1]>, 3>
  %5 = memref.alloca() : memref<16xi8>
  %6 = memref.alloca(%n) {alignment = 8 : i64} : memref<?xindex>
  %7 = memref.alloca()[%n] : memref<2x2xf32, strided<[2, 1], offset: ?>>
  memref.dealloc %0 : memref<4x8xf32>
  memref.dealloc %1 : memref<?x8xf32>
  memref.dealloc %u : memref<*xf32>
  %8 = memref.alloc() : memref<f64>
  %9 = memref.alloc() : memref<0xf32, "gpu">
  %10 = memref.alloc() : memref<4xf32, {kind = "workgroup"}>
  %11 = memref.alloc() : memref<2xvector<4xf32>>
  return
}

// CHECK-LABEL: func.func @load_store(
// CHECK-NEXT:    %0 = memref.load %arg0[%arg1, %arg2] : memref<?x?xf32>
// CHECK-NEXT:    memref.store %arg3, %arg0[%arg2, %arg1] : memref<?x?xf32>
// CHECK-NEXT:    %1 = memref.load %arg0[%arg1, %arg2] {nontemporal = true} : memref<?x?xf32>
// CHECK-NEXT:    %2 = memref.load %arg0[%arg1, %arg2] : memref<?x?xf32>
// CHECK-NEXT:    memref.store %arg3, %arg0[%arg1, %arg2] {alignment = 16 : i64, nontemporal = true} : memref<?x?xf32>
// CHECK-NEXT:    %3 = memref.load %arg4[] : memref<i64>
// CHECK-NEXT:    memref.store %0, %arg0[%arg1, %arg1] {t.note = "x"} : memref<?x?xf32>
func.func @load_store(%m: memref<?x?xf32>, %i: index, %j: index, %v: f32, %s: memref<i64>) -> f32 {
  %0 = memref.load %m[%i, %j] : memref<?x?xf32>
  memref.store %v, %m[%j, %i] : memref<?x?xf32>
  %1 = memref.load %m[%i, %j] {nontemporal = true} : memref<?x?xf32>
  %2 = memref.load %m[%i, %j] {nontemporal = false} : memref<?x?xf32>
  memref.store %v, %m[%i, %j] {alignment = 16, nontemporal = true} : memref<?x?xf32>
  %3 = memref.load %s[] : memref<i64>
  memref.store %0, %m[%i, %i] {t.note = "x"} : memref<?x?xf32>
  return %0 : f32
}

// CHECK-LABEL: func.func @metadata(
// CHECK-NEXT:    %dim = memref.dim %arg0, %arg2 : memref<?x4xf32>
// CHECK-NEXT:    %dim_0 = memref.dim %arg1, %arg2 : memref<*xf32>
// CHECK-NEXT:    %0 = memref.rank %arg0 : memref<?x4xf32>
// CHECK-NEXT:    %1 = memref.rank %arg1 : memref<*xf32>
// CHECK-NEXT:    %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<?x4xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:    %base_buffer_1, %offset_2 = memref.extract_strided_metadata %arg3 : memref<i8, 3> -> memref<i8, 3>, index
// CHECK-NEXT:    %assume_align = memref.assume_alignment %arg0, 16 : memref<?x4xf32>
func.func @metadata(%m: memref<?x4xf32>, %u: memref<*xf32>, %i: index, %z: memref<i8, 3>) -> index {
  %d = memref.dim %m, %i : memref<?x4xf32>
  %e = memref.dim %u, %i : memref<*xf32>
  %r = memref.rank %m : memref<?x4xf32>
  %q = memref.rank %u : memref<*xf32>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x4xf32> -> memref<f32>, index, index, index, index, index
  %b0, %o0 = memref.extract_strided_metadata %z : memref<i8, 3> -> memref<i8, 3>, index
  %a = memref.assume_alignment %m, 16 : memref<?x4xf32>
  "t.use"(%sizes#1, %strides#0) : (index, index) -> ()
  return %d : index
}

// CHECK-LABEL: func.func @views(
// CHECK-NEXT:    %subview = memref.subview %arg0[0, 0] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
// CHECK-NEXT:    %subview_0 = memref.subview %arg0[2, 3] [3, 4] [2, 1] : memref<8x16xf32> to memref<3x4xf32, strided<[32, 1], offset: 35>>
// CHECK-NEXT:    %subview_1 = memref.subview %arg0[%arg1, %arg1] [%arg2, 4] [1, %arg2] : memref<8x16xf32> to memref<?x4xf32, strided<[16, ?], offset: ?>>
// CHECK-NEXT:    %subview_2 = memref.subview %arg0[1, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: 16>>
func.func @views(%m: memref<8x16xf32>, %o: index, %s: index, %d: memref<?x?xf32, strided<[?, ?], offset: ?>>, %big: memref<8x16x4xf32>) {
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  %1 = memref.subview %m[2, 3][3, 4][2, 1] : memref<8x16xf32> to memref<3x4xf32, strided<[32, 1], offset: 35>>
  %2 = memref.subview %m[%o, %o][%s, 4][1, %s] : memref<8x16xf32> to memref<?x4xf32, strided<[16, ?], offset: ?>>
  %3 = memref.subview %m[1, 0][1, 16][1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: 16>>
  // Subviews of subviews, dynamic layouts, unit dimensions kept or dropped.
  %4 = memref.subview %1[1, 1][2, 2][1, 1] : memref<3x4xf32, strided<[32, 1], offset: 35>> to memref<2x2xf32, strided<[32, 1], offset: 68>>
  %5 = memref.subview %d[%o, 2][4, %s][%s, 1] : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<4x?xf32, strided<[?, ?], offset: ?>>
  %6 = memref.subview %big[0, 0, 0][1, 16, 4][1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32>
  %7 = memref.subview %big[3, 4, 1][1, 6, 3][1, 1, 1] : memref<8x16x4xf32> to memref<6x3xf32, strided<[4, 1], offset: 209>>
  %8 = memref.subview %big[0, 0, 0][1, 1, 4][1, 1, 1] : memref<8x16x4xf32> to memref<1x4xf32, strided<[4, 1]>>
  %9 = memref.subview %big[0, 0, 0][1, 1, 4][1, 1, 1] : memref<8x16x4xf32> to memref<1x4xf32, strided<[64, 1]>>
  %10 = memref.subview %big[0, 0, 0][8, 16, 4][1, 1, 1] : memref<8x16x4xf32> to memref<8x16x4xf32>
  %11 = memref.subview %m[0, 0][0, 4][1, 1] {t.x} : memref<8x16xf32> to memref<0x4xf32, strided<[16, 1]>>
  return
}

// CHECK-LABEL: func.func @casts_and_reshapes(
// CHECK-NEXT:    %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [128], strides: [1] : memref<8x16xf32> to memref<128xf32>
// CHECK-NEXT:    %reinterpret_cast_0 = memref.reinterpret_cast %arg2 to offset: [%arg1], sizes: [%arg1, 4], strides: [4, 1] : memref<*xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
// CHECK-NEXT:    %expand_shape = memref.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [2, 4, 16] : memref<8x16xf32> into memref<2x4x16xf32>
// CHECK-NEXT:    %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<8x16xf32> into memref<128xf32>
// CHECK-NEXT:    %cast = memref.cast %arg0 : memref<8x16xf32> to memref<?x?xf32>
// CHECK-NEXT:    %cast_1 = memref.cast %arg0 : memref<8x16xf32> to memref<*xf32>
func.func @casts_and_reshapes(%m: memref<8x16xf32>, %n: index, %u: memref<*xf32>, %d: memref<?x?xf32>, %st: memref<4x8xf32, strided<[16, 2], offset: 3>>) {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [128], strides: [1] : memref<8x16xf32> to memref<128xf32>
  %1 = memref.reinterpret_cast %u to offset: [%n], sizes: [%n, 4], strides: [4, 1] : memref<*xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  %2 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 16] : memref<8x16xf32> into memref<2x4x16xf32>
  %3 = memref.collapse_shape %m [[0, 1]] : memref<8x16xf32> into memref<128xf32>
  %4 = memref.cast %m : memref<8x16xf32> to memref<?x?xf32>
  %5 = memref.cast %m : memref<8x16xf32> to memref<*xf32>
  %6 = memref.cast %u : memref<*xf32> to memref<4x?xf32>
  %7 = memref.cast %st : memref<4x8xf32, strided<[16, 2], offset: 3>> to memref<4x8xf32, strided<[?, ?], offset: ?>>
  %8 = memref.expand_shape %d [[0, 1], [2]] output_shape [%n, 4, %n] : memref<?x?xf32> into memref<?x4x?xf32>
  %9 = memref.expand_shape %st [[0], [1, 2]] output_shape [4, 2, 4] : memref<4x8xf32, strided<[16, 2], offset: 3>> into memref<4x2x4xf32, strided<[16, 8, 2], offset: 3>>
  %10 = memref.collapse_shape %st [[0], [1]] : memref<4x8xf32, strided<[16, 2], offset: 3>> into memref<4x8xf32, strided<[16, 2], offset: 3>>
  %11 = memref.reinterpret_cast %m to offset: [%n], sizes: [], strides: [] : memref<8x16xf32> to memref<f32, strided<[], offset: ?>>
  %12 = memref.alloc() : memref<1x1xf32>
  %13 = memref.collapse_shape %12 [] : memref<1x1xf32> into memref<f32>
  %14 = memref.expand_shape %13 [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  %15 = memref.collapse_shape %d [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  return
}

// CHECK-LABEL: func.func @copy_and_view(
// CHECK-NEXT:    memref.copy %arg0, %arg1 : memref<4xf32> to memref<4xf32, strided<[2]>>
// CHECK-NEXT:    memref.copy %arg2, %arg0 : memref<*xf32> to memref<4xf32>
// CHECK-NEXT:    %view = memref.view %arg3[%arg4][%arg4] : memref<2048xi8> to memref<?x4xf32>
// CHECK-NEXT:    %view_0 = memref.view %arg3[%arg4][] : memref<2048xi8> to memref<64x4xf32>
func.func @copy_and_view(%a: memref<4xf32>, %b: memref<4xf32, strided<[2]>>, %u: memref<*xf32>, %buf: memref<2048xi8>, %n: index) {
  memref.copy %a, %b : memref<4xf32> to memref<4xf32, strided<[2]>>
  memref.copy %u, %a : memref<*xf32> to memref<4xf32>
  %0 = memref.view %buf[%n][%n] : memref<2048xi8> to memref<?x4xf32>
  %1 = memref.view %buf[%n][] : memref<2048xi8> to memref<64x4xf32>
  return
}

// CHECK:       memref.global "private" constant @table : memref<4xi32> = dense<[1, 2, 3, 4]>
// CHECK-NEXT:  memref.global @splat : memref<2x3xf32> = dense<1.500000e+00>
// CHECK-NEXT:  memref.global @uninit : memref<16xf32> = uninitialized
// CHECK-NEXT:  memref.global @external_decl : memref<8xi8>
// CHECK-NEXT:  memref.global "private" @aligned : memref<4xf32> = dense<0.000000e+00> {alignment = 64 : i64}
memref.global "private" constant @table : memref<4xi32> = dense<[1, 2, 3, 4]>
memref.global @splat : memref<2x3xf32> = dense<1.5>
memref.global @uninit : memref<16xf32> = uninitialized
memref.global @external_decl : memref<8xi8>
memref.global "private" @aligned : memref<4xf32> = dense<0.0> {alignment = 64}
memref.global "private" @in_space : memref<4xf16, 3> = uninitialized
memref.global "public" @scalar : memref<i64> = dense<42>
memref.global "nested" constant @bools : memref<2xi1> = dense<[true, false]> {t.attr}
memref.global "private" @strided : memref<4xf32, strided<[1]>> = dense<[1.0, 2.0, 3.0, 4.0]>

// CHECK-LABEL: func.func @globals_and_atomics(
// CHECK-NEXT:    %0 = memref.get_global @table : memref<4xi32>
// CHECK-NEXT:    %1 = memref.get_global @in_space : memref<4xf16, 3>
// CHECK-NEXT:    %2 = memref.atomic_rmw addf %arg3, %arg0[%arg2] : (f32, memref<10xf32>) -> f32
// CHECK-NEXT:    %3 = memref.atomic_rmw maxs %arg4, %arg1[%arg2] {t.order} : (i32, memref<10xi32>) -> i32
// CHECK-NEXT:    %4 = memref.generic_atomic_rmw %arg0[%arg2] : memref<10xf32> {
// CHECK-NEXT:    ^bb0(%arg5: f32):
// CHECK-NEXT:      memref.atomic_yield %arg5 : f32
// CHECK-NEXT:    }
func.func @globals_and_atomics(%m: memref<10xf32>, %n: memref<10xi32>, %i: index, %f: f32, %v: i32) {
  %t = memref.get_global @table : memref<4xi32>
  %s = memref.get_global @in_space : memref<4xf16, 3> {t.x}
  %0 = memref.atomic_rmw addf %f, %m[%i] : (f32, memref<10xf32>) -> f32
  %1 = memref.atomic_rmw maxs %v, %n[%i] {t.order} : (i32, memref<10xi32>) -> i32
  %2 = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%current: f32):
    memref.atomic_yield %current : f32
  }
  %3 = memref.atomic_rmw assign %f, %m[%i] : (f32, memref<10xf32>) -> f32
  %4 = memref.atomic_rmw minnumf %f, %m[%i] : (f32, memref<10xf32>) -> f32
  %5 = memref.atomic_rmw xori %v, %n[%i] : (i32, memref<10xi32>) -> i32
  return
}

// CHECK-LABEL: func.func @scopes(
// CHECK-NEXT:    %0 = memref.alloca_scope  -> (index) {
// CHECK-NEXT:      %alloca = memref.alloca() : memref<8xf32>
// CHECK-NEXT:      memref.alloca_scope.return %arg0 : index
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.alloca_scope  {
func.func @scopes(%n: index) -> index {
  %0 = memref.alloca_scope -> (index) {
    %t = memref.alloca() : memref<8xf32>
    memref.alloca_scope.return %n : index
  }
  memref.alloca_scope {
    %u = memref.alloca() : memref<8xf32>
  }
  return %0 : index
}
