// arith dialect: every op in custom and generic form, on scalars, index, vectors and tensors, with its flags;
// tl-opt prints exactly what mlir-opt 22 prints (result names included) and reads its own output back.
// RUN: tl-opt %s | FileCheck %s
// RUN: tl-opt %s -o %t.tlir
// RUN: mlir-opt %s -o %t.ref
// RUN: diff %t.ref %t.tlir
// RUN: tl-opt %t.tlir | diff %t.ref -
// RUN: tl-opt --mlir-print-op-generic %s -o %t.tlir.generic
// RUN: mlir-opt --mlir-print-op-generic %s -o %t.ref.generic
// RUN: diff %t.ref.generic %t.tlir.generic
// RUN: tl-opt %t.tlir.generic | diff %t.ref -
// RUN: tl-opt --mlir-print-debuginfo %s -o %t.tlir.loc
// RUN: mlir-opt --mlir-print-debuginfo %s -o %t.ref.loc
// RUN: diff %t.ref.loc %t.tlir.loc

// CHECK-LABEL: func.func @constants
func.func @constants() {
  // CHECK-NEXT: %c0 = arith.constant 0 : index
  %0 = arith.constant 0 : index
  // CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
  %1 = arith.constant 42 : i32
  // CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
  %2 = arith.constant -1 : i64
  // CHECK-NEXT: %true = arith.constant true
  %3 = arith.constant true
  // CHECK-NEXT: %false = arith.constant false
  %4 = arith.constant 0 : i1
  // CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f32
  %5 = arith.constant 1.5 : f32
  // CHECK-NEXT: %cst_0 = arith.constant -0.000000e+00 : f64
  %6 = arith.constant -0.0 : f64
  // CHECK-NEXT: %cst_1 = arith.constant 0x7FC00000 : f32
  %7 = arith.constant 0x7FC00000 : f32
  // CHECK-NEXT: %cst_2 = arith.constant 1.000000e+00 : bf16
  %8 = arith.constant 1.0 : bf16
  // CHECK-NEXT: %cst_3 = arith.constant dense<1.000000e+00> : vector<4xf32>
  %9 = arith.constant dense<1.0> : vector<4xf32>
  // CHECK-NEXT: %cst_4 = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %10 = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  // CHECK-NEXT: %cst_5 = arith.constant dense<[true, false]> : vector<2xi1>
  %11 = arith.constant dense<[true, false]> : vector<2xi1>
  // CHECK-NEXT: %c7 = arith.constant 7 : index
  %12 = arith.constant 7 : index
  // CHECK-NEXT: %c7_6 = arith.constant 7 : index
  %13 = arith.constant 7 : index
  // CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
  %14 = "arith.constant"() <{value = 255 : i8}> : () -> i8
  // CHECK-NEXT: %cst_7 = arith.constant dense<0> : vector<[4]xi32>
  %15 = arith.constant dense<0> : vector<[4]xi32>
  // CHECK-NEXT: %c1_i32 = arith.constant {test.attr} 1 : i32
  %16 = arith.constant {test.attr} 1 : i32
  // CHECK-NEXT: %cst_8 = arith.constant dense<2> : tensor<2x3xi64>
  %17 = arith.constant dense<2> : tensor<2x3xi64>
  return
}

// CHECK-LABEL: func.func @integer_binary
func.func @integer_binary(%a: i32, %b: i32, %i: index, %v: vector<4xi8>, %t: tensor<?x4xi64>) {
  // CHECK: arith.addi %arg0, %arg1 : i32
  %0 = arith.addi %a, %b : i32
  // CHECK: arith.addi %arg0, %arg1 overflow<nsw> : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  // CHECK: arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
  %2 = arith.addi %a, %b overflow<nuw, nsw> : i32
  // CHECK: arith.subi %arg0, %arg1 overflow<nuw> : i32
  %3 = arith.subi %a, %b overflow<nuw> : i32
  // CHECK: arith.muli %arg2, %arg2 : index
  %4 = arith.muli %i, %i : index
  // CHECK: arith.muli %arg3, %arg3 overflow<nsw> : vector<4xi8>
  %5 = arith.muli %v, %v overflow<nsw> : vector<4xi8>
  // CHECK: arith.addi %arg4, %arg4 : tensor<?x4xi64>
  %6 = arith.addi %t, %t : tensor<?x4xi64>
  // CHECK: arith.divui %arg0, %arg1 : i32
  %7 = arith.divui %a, %b : i32
  // CHECK: arith.divsi %arg0, %arg1 exact : i32
  %8 = arith.divsi %a, %b exact : i32
  // CHECK: arith.ceildivui %arg0, %arg1 : i32
  %9 = arith.ceildivui %a, %b : i32
  // CHECK: arith.ceildivsi %arg2, %arg2 : index
  %10 = arith.ceildivsi %i, %i : index
  // CHECK: arith.floordivsi %arg0, %arg1 : i32
  %11 = arith.floordivsi %a, %b : i32
  // CHECK: arith.remui %arg0, %arg1 : i32
  %12 = arith.remui %a, %b : i32
  // CHECK: arith.remsi %arg3, %arg3 : vector<4xi8>
  %13 = arith.remsi %v, %v : vector<4xi8>
  // CHECK: arith.andi %arg0, %arg1 : i32
  %14 = arith.andi %a, %b : i32
  // CHECK: arith.ori %arg0, %arg1 : i32
  %15 = arith.ori %a, %b : i32
  // CHECK: arith.xori %arg0, %arg1 : i32
  %16 = arith.xori %a, %b : i32
  // CHECK: arith.shli %arg0, %arg1 overflow<nsw, nuw> : i32
  %17 = arith.shli %a, %b overflow<nsw, nuw> : i32
  // CHECK: arith.shrui %arg0, %arg1 exact : i32
  %18 = arith.shrui %a, %b exact : i32
  // CHECK: arith.shrsi %arg0, %arg1 : i32
  %19 = arith.shrsi %a, %b : i32
  // CHECK: arith.maxsi %arg0, %arg1 : i32
  %20 = arith.maxsi %a, %b : i32
  // CHECK: arith.maxui %arg0, %arg1 : i32
  %21 = arith.maxui %a, %b : i32
  // CHECK: arith.minsi %arg2, %arg2 : index
  %22 = arith.minsi %i, %i : index
  // CHECK: arith.minui %arg0, %arg1 : i32
  %23 = arith.minui %a, %b : i32
  // CHECK: arith.divui %arg0, %arg1 {test.note = "kept"} : i32
  %24 = arith.divui %a, %b {test.note = "kept"} : i32
  // CHECK: arith.addi %arg0, %arg1 : i32
  %25 = arith.addi %a, %b overflow<none> : i32
  // CHECK: arith.addi %arg0, %arg1 overflow<nsw> : i32
  %26 = arith.addi %a, %b {overflowFlags = #arith.overflow<nsw>} : i32
  return
}

// CHECK-LABEL: func.func @extended
func.func @extended(%a: i32, %b: i32, %v: vector<4xi32>, %t: tensor<?xi8>, %i: index) {
  // CHECK: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
  %sum, %overflow = arith.addui_extended %a, %b : i32, i1
  // CHECK: %sum_0, %overflow_1 = arith.addui_extended %arg2, %arg2 : vector<4xi32>, vector<4xi1>
  %0:2 = arith.addui_extended %v, %v : vector<4xi32>, vector<4xi1>
  // CHECK: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
  %1:2 = arith.mulsi_extended %a, %b : i32
  // CHECK: %low_2, %high_3 = arith.mului_extended %arg3, %arg3 : tensor<?xi8>
  %2:2 = arith.mului_extended %t, %t : tensor<?xi8>
  // CHECK: %low_4, %high_5 = arith.mulsi_extended %arg4, %arg4 : index
  %3:2 = arith.mulsi_extended %i, %i : index
  return
}

// CHECK-LABEL: func.func @float_ops
func.func @float_ops(%x: f32, %y: f32, %d: f64, %h: f16, %v: vector<4xbf16>, %t: tensor<*xf32>) {
  // CHECK: arith.addf %arg0, %arg1 : f32
  %0 = arith.addf %x, %y : f32
  // CHECK: arith.subf %arg0, %arg1 fastmath<fast> : f32
  %1 = arith.subf %x, %y fastmath<fast> : f32
  // CHECK: arith.mulf %arg0, %arg1 fastmath<nnan,ninf> : f32
  %2 = arith.mulf %x, %y fastmath<nnan,ninf> : f32
  // CHECK: arith.divf %arg2, %arg2 fastmath<reassoc,nsz,arcp,contract,afn> : f64
  %3 = arith.divf %d, %d fastmath<reassoc,nsz,arcp,contract,afn> : f64
  // CHECK: arith.remf %arg3, %arg3 : f16
  %4 = arith.remf %h, %h : f16
  // CHECK: arith.negf %arg4 : vector<4xbf16>
  %5 = arith.negf %v : vector<4xbf16>
  // CHECK: arith.negf %arg0 fastmath<nsz> : f32
  %6 = arith.negf %x fastmath<nsz> : f32
  // CHECK: arith.maximumf %arg0, %arg1 : f32
  %7 = arith.maximumf %x, %y : f32
  // CHECK: arith.maxnumf %arg0, %arg1 : f32
  %8 = arith.maxnumf %x, %y : f32
  // CHECK: arith.minimumf %arg5, %arg5 : tensor<*xf32>
  %9 = arith.minimumf %t, %t : tensor<*xf32>
  // CHECK: arith.minnumf %arg0, %arg1 fastmath<fast> : f32
  %10 = arith.minnumf %x, %y fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  // CHECK: arith.addf %arg0, %arg1 : f32
  %11 = arith.addf %x, %y fastmath<none> : f32
  // CHECK: arith.addf %arg0, %arg1 fastmath<contract> : f32
  %12 = arith.addf %x, %y {fastmath = #arith.fastmath<contract>} : f32
  return
}

// CHECK-LABEL: func.func @casts
func.func @casts(%i8: i8, %i32: i32, %i64: i64, %idx: index, %f16: f16, %f32: f32, %f64: f64, %vi: vector<2xi32>, %tf: tensor<4x?xf32>, %m: memref<4xi32>) {
  // CHECK: arith.extui %arg0 : i8 to i32
  %0 = arith.extui %i8 : i8 to i32
  // CHECK: arith.extsi %arg7 : vector<2xi32> to vector<2xi64>
  %1 = arith.extsi %vi : vector<2xi32> to vector<2xi64>
  // CHECK: arith.trunci %arg2 : i64 to i32
  %2 = arith.trunci %i64 : i64 to i32
  // CHECK: arith.trunci %arg1 overflow<nsw, nuw> : i32 to i8
  %3 = arith.trunci %i32 overflow<nsw, nuw> : i32 to i8
  // CHECK: arith.extf %arg4 : f16 to f32
  %4 = arith.extf %f16 : f16 to f32
  // CHECK: arith.extf %arg5 fastmath<contract> : f32 to f64
  %5 = arith.extf %f32 fastmath<contract> : f32 to f64
  // CHECK: arith.truncf %arg6 : f64 to f32
  %6 = arith.truncf %f64 : f64 to f32
  // CHECK: arith.truncf %arg5 to_nearest_even : f32 to f16
  %7 = arith.truncf %f32 to_nearest_even : f32 to f16
  // CHECK: arith.truncf %arg5 downward fastmath<fast> : f32 to bf16
  %8 = arith.truncf %f32 downward fastmath<fast> : f32 to bf16
  // CHECK: arith.truncf %arg5 upward : f32 to f16
  %9 = arith.truncf %f32 upward : f32 to f16
  // CHECK: arith.truncf %arg5 toward_zero : f32 to f16
  %10 = arith.truncf %f32 toward_zero : f32 to f16
  // CHECK: arith.truncf %arg5 to_nearest_away : f32 to f16
  %11 = arith.truncf %f32 to_nearest_away : f32 to f16
  // CHECK: arith.truncf %arg5 fastmath<nnan> : f32 to f16
  %12 = arith.truncf %f32 fastmath<nnan> : f32 to f16
  // CHECK: arith.uitofp %arg1 : i32 to f32
  %13 = arith.uitofp %i32 : i32 to f32
  // CHECK: arith.sitofp %arg7 : vector<2xi32> to vector<2xf64>
  %14 = arith.sitofp %vi : vector<2xi32> to vector<2xf64>
  // CHECK: arith.fptoui %arg5 : f32 to i8
  %15 = arith.fptoui %f32 : f32 to i8
  // CHECK: arith.fptosi %arg8 : tensor<4x?xf32> to tensor<4x?xi32>
  %16 = arith.fptosi %tf : tensor<4x?xf32> to tensor<4x?xi32>
  // CHECK: arith.index_cast %arg1 : i32 to index
  %17 = arith.index_cast %i32 : i32 to index
  // CHECK: arith.index_cast %arg3 : index to i64
  %18 = arith.index_cast %idx : index to i64
  // CHECK: arith.index_castui %arg0 : i8 to index
  %19 = arith.index_castui %i8 : i8 to index
  // CHECK: arith.index_cast %arg9 : memref<4xi32> to memref<4xindex>
  %20 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  // CHECK: arith.bitcast %arg1 : i32 to f32
  %21 = arith.bitcast %i32 : i32 to f32
  // CHECK: arith.bitcast %arg4 : f16 to i16
  %22 = arith.bitcast %f16 : f16 to i16
  // CHECK: arith.bitcast %arg9 : memref<4xi32> to memref<4xf32>
  %23 = arith.bitcast %m : memref<4xi32> to memref<4xf32>
  // CHECK: arith.scaling_extf %arg4, %arg4 : f16, f16 to f32
  %24 = arith.scaling_extf %f16, %f16 : f16, f16 to f32
  // CHECK: arith.scaling_truncf %arg5, %arg4 toward_zero fastmath<nsz> : f32, f16 to f16
  %25 = arith.scaling_truncf %f32, %f16 toward_zero fastmath<nsz> : f32, f16 to f16
  // CHECK: arith.extf %arg4 : f16 to f64
  %26 = arith.extf %f16 : f16 to f64
  return
}

// CHECK-LABEL: func.func @compare_select
func.func @compare_select(%a: i32, %b: i32, %x: f32, %c: i1, %vi: vector<4xi32>, %vf: vector<4xf32>, %t: tensor<?xf32>, %tm: tensor<?xi1>, %idx: index) {
  // CHECK: arith.cmpi eq, %arg0, %arg1 : i32
  %0 = arith.cmpi eq, %a, %b : i32
  // CHECK: arith.cmpi ne, %arg0, %arg1 : i32
  %1 = arith.cmpi ne, %a, %b : i32
  // CHECK: arith.cmpi slt, %arg0, %arg1 : i32
  %2 = arith.cmpi slt, %a, %b : i32
  // CHECK: arith.cmpi sle, %arg0, %arg1 : i32
  %3 = arith.cmpi sle, %a, %b : i32
  // CHECK: arith.cmpi sgt, %arg0, %arg1 : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  // CHECK: arith.cmpi sge, %arg8, %arg8 : index
  %5 = arith.cmpi sge, %idx, %idx : index
  // CHECK: arith.cmpi ult, %arg0, %arg1 : i32
  %6 = arith.cmpi ult, %a, %b : i32
  // CHECK: arith.cmpi ule, %arg0, %arg1 : i32
  %7 = arith.cmpi ule, %a, %b : i32
  // CHECK: arith.cmpi ugt, %arg4, %arg4 : vector<4xi32>
  %8 = arith.cmpi ugt, %vi, %vi : vector<4xi32>
  // CHECK: arith.cmpi uge, %arg0, %arg1 : i32
  %9 = arith.cmpi "uge", %a, %b : i32
  // CHECK: arith.cmpf false, %arg2, %arg2 : f32
  %10 = arith.cmpf false, %x, %x : f32
  // CHECK: arith.cmpf oeq, %arg2, %arg2 : f32
  %11 = arith.cmpf oeq, %x, %x : f32
  // CHECK: arith.cmpf ogt, %arg2, %arg2 : f32
  %12 = arith.cmpf ogt, %x, %x : f32
  // CHECK: arith.cmpf oge, %arg2, %arg2 : f32
  %13 = arith.cmpf oge, %x, %x : f32
  // CHECK: arith.cmpf olt, %arg5, %arg5 : vector<4xf32>
  %14 = arith.cmpf olt, %vf, %vf : vector<4xf32>
  // CHECK: arith.cmpf ole, %arg2, %arg2 : f32
  %15 = arith.cmpf ole, %x, %x : f32
  // CHECK: arith.cmpf one, %arg2, %arg2 : f32
  %16 = arith.cmpf one, %x, %x : f32
  // CHECK: arith.cmpf ord, %arg2, %arg2 fastmath<nnan> : f32
  %17 = arith.cmpf ord, %x, %x fastmath<nnan> : f32
  // CHECK: arith.cmpf ueq, %arg2, %arg2 : f32
  %18 = arith.cmpf ueq, %x, %x : f32
  // CHECK: arith.cmpf ugt, %arg6, %arg6 : tensor<?xf32>
  %19 = arith.cmpf ugt, %t, %t : tensor<?xf32>
  // CHECK: arith.cmpf uge, %arg2, %arg2 : f32
  %20 = arith.cmpf uge, %x, %x : f32
  // CHECK: arith.cmpf ult, %arg2, %arg2 : f32
  %21 = arith.cmpf ult, %x, %x : f32
  // CHECK: arith.cmpf ule, %arg2, %arg2 : f32
  %22 = arith.cmpf ule, %x, %x : f32
  // CHECK: arith.cmpf une, %arg2, %arg2 : f32
  %23 = arith.cmpf une, %x, %x : f32
  // CHECK: arith.cmpf uno, %arg2, %arg2 : f32
  %24 = arith.cmpf uno, %x, %x : f32
  // CHECK: arith.cmpf true, %arg2, %arg2 : f32
  %25 = arith.cmpf "true", %x, %x : f32
  // CHECK: arith.select %arg3, %arg0, %arg1 : i32
  %26 = arith.select %c, %a, %b : i32
  // CHECK: arith.select %arg3, %arg5, %arg5 : vector<4xf32>
  %27 = arith.select %c, %vf, %vf : vector<4xf32>
  // CHECK: arith.cmpf olt, %arg5, %arg5 : vector<4xf32>
  %28 = arith.cmpf olt, %vf, %vf : vector<4xf32>
  %29 = arith.select %28, %vf, %vf : vector<4xi1>, vector<4xf32>
  // CHECK: arith.select %arg7, %arg6, %arg6 : tensor<?xi1>, tensor<?xf32>
  %30 = arith.select %tm, %t, %t : tensor<?xi1>, tensor<?xf32>
  // CHECK: arith.select %arg3, %arg0, %arg1 {test.attr = 1 : i64} : i32
  %31 = arith.select %c, %a, %b {test.attr = 1} : i32
  return
}
