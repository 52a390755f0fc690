// memref globals with dense initializers (splat, lists, floats, booleans), uninitialized, external and
// aligned globals in memory spaces, get_global, and atomics: atomic_rmw with each kind, generic_atomic_rmw (its body
// holds no arith op, which tl-opt would see as an op with side effects while arith is not registered). Custom and
// generic forms, both ways.
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.generic
// tl-opt reads mlir-opt's custom and generic forms and prints them as mlir-opt does:
// RUN: tl-opt --allow-unregistered-dialect %t.ref | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %t.ref.generic | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %t.ref | diff %t.ref.generic -
// mlir-opt reads tl-opt's custom and generic forms to the same module:
// RUN: tl-opt --allow-unregistered-dialect %s -o %t.tlir
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.tlir.generic
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir | diff %t.ref -
// RUN: mlir-opt --allow-unregistered-dialect %t.tlir.generic | diff %t.ref -
// The same with locations, in both forms:
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.ref.loc | diff %t.ref.loc -
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-debuginfo %s -o %t.tlir.loc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %t.tlir.loc | diff %t.ref.loc -
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.ref.gloc
// RUN: tl-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.ref.gloc | diff %t.ref.gloc -

memref.global "private" constant @table : memref<4xi32> = dense<[1, 2, 3, 4]>
memref.global @splat : memref<2x3xf32> = dense<1.5>
memref.global "private" @weights : memref<2x2xf64> = dense<[[0.25, -0.5], [1.0e+10, 3.0e-3]]>
memref.global @flags : memref<3xi1> = dense<[true, false, true]>
memref.global @uninit : memref<16xf32> = uninitialized
memref.global @external_decl : memref<8xi8>
memref.global "private" @aligned : memref<4xf32> = dense<0.0> {alignment = 64}
memref.global "private" @in_space : memref<4xf16, 3> = uninitialized
memref.global "public" @scalar : memref<i64> = dense<42>
memref.global "private" constant @halfs : memref<3xf16> = dense<[0.1, 0.2, 0.3]>

func.func @use_globals() -> memref<4xi32> {
  %t = memref.get_global @table : memref<4xi32>
  %s = memref.get_global @splat : memref<2x3xf32>
  %i = memref.get_global @in_space : memref<4xf16, 3>
  %x = memref.get_global @scalar : memref<i64>
  return %t : memref<4xi32>
}

func.func @atomics(%m: memref<10xf32>, %n: memref<10xi32>, %i: index, %f: f32, %v: i32) {
  %0 = memref.atomic_rmw addf %f, %m[%i] : (f32, memref<10xf32>) -> f32
  %1 = memref.atomic_rmw assign %f, %m[%i] : (f32, memref<10xf32>) -> f32
  %2 = memref.atomic_rmw maximumf %f, %m[%i] : (f32, memref<10xf32>) -> f32
  %3 = memref.atomic_rmw minimumf %f, %m[%i] : (f32, memref<10xf32>) -> f32
  %4 = memref.atomic_rmw mulf %f, %m[%i] : (f32, memref<10xf32>) -> f32
  %5 = memref.atomic_rmw addi %v, %n[%i] : (i32, memref<10xi32>) -> i32
  %6 = memref.atomic_rmw maxs %v, %n[%i] : (i32, memref<10xi32>) -> i32
  %7 = memref.atomic_rmw maxu %v, %n[%i] : (i32, memref<10xi32>) -> i32
  %8 = memref.atomic_rmw mins %v, %n[%i] : (i32, memref<10xi32>) -> i32
  %9 = memref.atomic_rmw minu %v, %n[%i] : (i32, memref<10xi32>) -> i32
  %10 = memref.atomic_rmw muli %v, %n[%i] : (i32, memref<10xi32>) -> i32
  %11 = memref.atomic_rmw ori %v, %n[%i] : (i32, memref<10xi32>) -> i32
  %12 = memref.atomic_rmw andi %v, %n[%i] : (i32, memref<10xi32>) -> i32
  %13 = memref.atomic_rmw xori %v, %n[%i] : (i32, memref<10xi32>) -> i32
  %14 = memref.atomic_rmw maxnumf %f, %m[%i] : (f32, memref<10xf32>) -> f32
  %15 = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%current: f32):
    memref.atomic_yield %current : f32
  }
  return
}
