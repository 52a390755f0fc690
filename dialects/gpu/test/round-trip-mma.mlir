// gpu dialect, subgroup MMA ops and types: load, store, compute, constant and elementwise on !gpu.mma_matrix in
// custom and generic form round-trip, and print exactly as mlir-opt 22 prints them.
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

// CHECK-LABEL: func.func @mma(
func.func @mma(%m: memref<32x32xf16>, %d: memref<32x32xf32, 3>, %i: index, %f: f16, %g: f32, %v: memref<32xvector<4xf16>>) {
  // CHECK-NEXT: %0 = gpu.subgroup_mma_load_matrix %arg0[%arg2, %arg2] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
  // CHECK-NEXT: %1 = gpu.subgroup_mma_load_matrix %arg0[%arg2, %arg2] {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
  // CHECK-NEXT: %2 = gpu.subgroup_mma_load_matrix %arg5[%arg2] {leadDimension = 8 : index} : memref<32xvector<4xf16>> -> !gpu.mma_matrix<16x16xf16, "COp">
  %a = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
  %b = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
  %cv = gpu.subgroup_mma_load_matrix %v[%i] {leadDimension = 8 : index} : memref<32xvector<4xf16>> -> !gpu.mma_matrix<16x16xf16, "COp">
  // CHECK-NEXT: %3 = gpu.subgroup_mma_constant_matrix %arg4 : !gpu.mma_matrix<16x16xf32, "COp">
  // CHECK-NEXT: %4 = gpu.subgroup_mma_constant_matrix %arg3 : !gpu.mma_matrix<16x16xf16, "COp">
  %c = gpu.subgroup_mma_constant_matrix %g : !gpu.mma_matrix<16x16xf32, "COp">
  %c16 = gpu.subgroup_mma_constant_matrix %f : !gpu.mma_matrix<16x16xf16, "COp">
  // CHECK-NEXT: %5 = gpu.subgroup_mma_compute %0, %1, %3 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  // CHECK-NEXT: %6 = gpu.subgroup_mma_compute %0, %1, %4 {a_transpose, b_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  %r = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %r16 = gpu.subgroup_mma_compute %a, %b, %c16 {a_transpose, b_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  // CHECK-NEXT: %7 = gpu.subgroup_mma_elementwise  addf %5, %3 : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  // CHECK-NEXT: %8 = gpu.subgroup_mma_elementwise  negatef %7 : (!gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  // CHECK-NEXT: %9 = gpu.subgroup_mma_elementwise  extf %6 {t.tag} : (!gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  %e = gpu.subgroup_mma_elementwise addf %r, %c : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  %n = gpu.subgroup_mma_elementwise negatef %e : (!gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  %x = gpu.subgroup_mma_elementwise extf %r16 {t.tag} : (!gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  // CHECK-NEXT: gpu.subgroup_mma_store_matrix %8, %arg1[%arg2, %arg2] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, 3>
  // CHECK-NEXT: gpu.subgroup_mma_store_matrix %9, %arg1[%arg2, %arg2] {leadDimension = 32 : index, transpose} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, 3>
  gpu.subgroup_mma_store_matrix %n, %d[%i, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, 3>
  gpu.subgroup_mma_store_matrix %x, %d[%i, %i] {transpose, leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, 3>
  "t.use"(%cv) : (!gpu.mma_matrix<16x16xf16, "COp">) -> ()
  return
}

// Integer matrices: signed and unsigned i8 operands, an i32 accumulator; f64.
// CHECK-LABEL: func.func @mma_types(
// CHECK-SAME: !gpu.mma_matrix<16x16xsi8, "AOp">, %{{.*}}: !gpu.mma_matrix<16x16xui8, "BOp">, %{{.*}}: !gpu.mma_matrix<16x16xi32, "COp">
func.func @mma_types(%a: !gpu.mma_matrix<16x16xsi8, "AOp">, %b: !gpu.mma_matrix<16x16xui8, "BOp">, %c: !gpu.mma_matrix<16x16xi32, "COp">, %d: !gpu.mma_matrix<8x4xf64, "AOp">, %e: !gpu.mma_matrix<4x8xf64, "BOp">, %f: !gpu.mma_matrix<8x8xf64, "COp">, %s: si8, %m: memref<16x16xi8>, %i: index) {
  %r = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xsi8, "AOp">, !gpu.mma_matrix<16x16xui8, "BOp"> -> !gpu.mma_matrix<16x16xi32, "COp">
  %r64 = gpu.subgroup_mma_compute %d, %e, %f : !gpu.mma_matrix<8x4xf64, "AOp">, !gpu.mma_matrix<4x8xf64, "BOp"> -> !gpu.mma_matrix<8x8xf64, "COp">
  %k = gpu.subgroup_mma_constant_matrix %s : !gpu.mma_matrix<16x16xsi8, "AOp">
  %l = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 16 : index} : memref<16x16xi8> -> !gpu.mma_matrix<16x16xsi8, "AOp">
  %q = gpu.subgroup_mma_elementwise divs %r, %c : (!gpu.mma_matrix<16x16xi32, "COp">, !gpu.mma_matrix<16x16xi32, "COp">) -> !gpu.mma_matrix<16x16xi32, "COp">
  "t.use"(%r, %r64, %k, %l, %q) : (!gpu.mma_matrix<16x16xi32, "COp">, !gpu.mma_matrix<8x8xf64, "COp">, !gpu.mma_matrix<16x16xsi8, "AOp">, !gpu.mma_matrix<16x16xsi8, "AOp">, !gpu.mma_matrix<16x16xi32, "COp">) -> ()
  return
}

// Reading and writing the elements a work-item holds of a matrix (which ones is the target's business).
// CHECK-LABEL: func.func @thread_local(
// CHECK: %[[V:.*]] = gpu.subgroup_mma_extract_thread_local %{{.*}}[%{{.*}}] : !gpu.mma_matrix<16x16xf16, "COp"> -> f16
// CHECK: gpu.subgroup_mma_insert_thread_local %[[V]], %{{.*}}[%{{.*}}, %{{.*}}] : f16, !gpu.mma_matrix<16x16xf16, "COp"> -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK: gpu.subgroup_mma_extract_thread_local %{{.*}}[] : !gpu.mma_matrix<16x16xi32, "COp"> -> i32
func.func @thread_local(%m: !gpu.mma_matrix<16x16xf16, "COp">, %n: !gpu.mma_matrix<16x16xi32, "COp">, %i: index) {
  %v = gpu.subgroup_mma_extract_thread_local %m[%i] : !gpu.mma_matrix<16x16xf16, "COp"> -> f16
  %w = gpu.subgroup_mma_insert_thread_local %v, %m[%i, %i] : f16, !gpu.mma_matrix<16x16xf16, "COp"> -> !gpu.mma_matrix<16x16xf16, "AOp">
  %x = gpu.subgroup_mma_extract_thread_local %n[] : !gpu.mma_matrix<16x16xi32, "COp"> -> i32
  "t.use"(%w, %x) : (!gpu.mma_matrix<16x16xf16, "AOp">, i32) -> ()
  return
}
