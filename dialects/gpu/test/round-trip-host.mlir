// gpu dialect, host-side ops: alloc, dealloc, memcpy, memset, wait with async tokens, host_register/unregister,
// printf and set_default_device in custom and generic form round-trip, and print exactly as mlir-opt 22 prints them.
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

// CHECK-LABEL: func.func @memory(
func.func @memory(%n: index, %s: index, %src: memref<?xf32, 1>, %v: f32, %u: memref<*xf32>) {
  // CHECK-NEXT: %0 = gpu.wait async
  // CHECK-NEXT: %memref, %asyncToken = gpu.alloc async [%0] host_shared (%arg0) : memref<?xf32, 1>
  // CHECK-NEXT: %memref_0 = gpu.alloc  (%arg0) : memref<?xf32, 1>
  // CHECK-NEXT: %memref_1 = gpu.alloc  () : memref<4x8xi32>
  // CHECK-NEXT: %memref_2, %asyncToken_3 = gpu.alloc async (%arg0)[%arg1] : memref<4x?xf32, strided<[?, 1]>>
  // CHECK-NEXT: %memref_4 = gpu.alloc  host_shared () {t.tag} : memref<2xf32, #gpu.address_space<global>>
  %t0 = gpu.wait async
  %m, %t1 = gpu.alloc async [%t0] host_shared (%n) : memref<?xf32, 1>
  %m2 = gpu.alloc (%n) : memref<?xf32, 1>
  %m3 = gpu.alloc () : memref<4x8xi32>
  %m4, %t4 = gpu.alloc async (%n) [%s] : memref<4x?xf32, strided<[?, 1]>>
  %m5 = gpu.alloc host_shared () {t.tag} : memref<2xf32, #gpu.address_space<global>>
  // CHECK-NEXT: %1 = gpu.memcpy async [%asyncToken] %memref, %arg2 : memref<?xf32, 1>, memref<?xf32, 1>
  // CHECK-NEXT: gpu.memcpy  %memref_0, %memref : memref<?xf32, 1>, memref<?xf32, 1>
  // CHECK-NEXT: %2 = gpu.memcpy async [%1, %asyncToken_3] %memref_0, %arg2 : memref<?xf32, 1>, memref<?xf32, 1> {t.tag}
  %t2 = gpu.memcpy async [%t1] %m, %src : memref<?xf32, 1>, memref<?xf32, 1>
  gpu.memcpy %m2, %m : memref<?xf32, 1>, memref<?xf32, 1>
  %t3 = gpu.memcpy async [%t2, %t4] %m2, %src : memref<?xf32, 1>, memref<?xf32, 1> {t.tag}
  // CHECK-NEXT: %3 = gpu.memset async [%2] %memref, %arg3 : memref<?xf32, 1>, f32
  // CHECK-NEXT: gpu.memset  %memref_0, %arg3 : memref<?xf32, 1>, f32
  %t5 = gpu.memset async [%t3] %m, %v : memref<?xf32, 1>, f32
  gpu.memset %m2, %v : memref<?xf32, 1>, f32
  // CHECK-NEXT: %4 = gpu.dealloc async [%3] %memref : memref<?xf32, 1>
  // CHECK-NEXT: gpu.dealloc  %memref_0 : memref<?xf32, 1>
  // CHECK-NEXT: gpu.dealloc  %memref_1 {t.tag} : memref<4x8xi32>
  %t6 = gpu.dealloc async [%t5] %m : memref<?xf32, 1>
  gpu.dealloc %m2 : memref<?xf32, 1>
  gpu.dealloc %m3 {t.tag} : memref<4x8xi32>
  // CHECK-NEXT: %5 = gpu.wait async [%4, %asyncToken_3]
  // CHECK-NEXT: gpu.wait [%5]
  // CHECK-NEXT: gpu.wait
  // CHECK-NEXT: gpu.wait {t.tag}
  %t7 = gpu.wait async [%t6, %t4]
  gpu.wait [%t7]
  gpu.wait
  gpu.wait {t.tag}
  // CHECK-NEXT: gpu.host_register %arg4 : memref<*xf32>
  // CHECK-NEXT: gpu.host_unregister %arg4 : memref<*xf32>
  gpu.host_register %u : memref<*xf32>
  gpu.host_unregister %u : memref<*xf32>
  "t.use"(%m4, %m5) : (memref<4x?xf32, strided<[?, 1]>>, memref<2xf32, #gpu.address_space<global>>) -> ()
  return
}

// CHECK-LABEL: func.func @host(
func.func @host(%i: i32, %x: index, %f: f64, %h: f16) {
  // CHECK-NEXT: gpu.set_default_device %arg0
  // CHECK-NEXT: gpu.set_default_device {t.tag} %arg0
  gpu.set_default_device %i
  gpu.set_default_device {t.tag} %i
  // CHECK-NEXT: gpu.printf "hello\0A"
  // CHECK-NEXT: gpu.printf "%d %ld %f %f\0A", %arg0, %arg1, %arg2, %arg3 : i32, index, f64, f16
  // CHECK-NEXT: gpu.printf "tagged" {t.tag}
  gpu.printf "hello\n"
  gpu.printf "%d %ld %f %f\n", %i, %x, %f, %h : i32, index, f64, f16
  gpu.printf "tagged" {t.tag}
  return
}
