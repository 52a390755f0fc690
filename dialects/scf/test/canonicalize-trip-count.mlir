// Where tl-opt's canonicalization of scf loops deliberately differs from mlir-opt 22's (the MLIR lines record what
// mlir-opt 22 does). tl-opt counts iterations exactly, as the interpreter runs them: the bounds' difference is
// taken without wrapping, unsigned loops compare and step unsigned, and a loop with a constant step that is not
// positive (invalid: MLIR requires a positive step, the interpreter reports it) is left alone. mlir-opt 22 takes
// the difference at the type's width and reads the step as signed, so it removes loops that do run.
// RUN: tl-opt %s --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: mlir-opt %s --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s --check-prefix=MLIR

// i8 from -100 to 100 by 127: two iterations (-100 and 27). 100 - (-100) wraps to -56 in i8.
// CHECK-LABEL: func.func @difference_wraps
// CHECK: scf.for
// CHECK: "test.use"
// MLIR-LABEL: func.func @difference_wraps
// MLIR-NOT: scf.for
// MLIR-NOT: "test.use"
// MLIR: return
func.func @difference_wraps() {
  %lb = arith.constant -100 : i8
  %ub = arith.constant 100 : i8
  %step = arith.constant 127 : i8
  scf.for %i = %lb to %ub step %step : i8 {
    "test.use"(%i) : (i8) -> ()
  }
  return
}

// -----

// i64 from -(2^63 - 1) to 2^63 - 1 by 2^63 - 1: two iterations.
// CHECK-LABEL: func.func @difference_wraps_i64
// CHECK: scf.for
// CHECK: "test.use"
// MLIR-LABEL: func.func @difference_wraps_i64
// MLIR-NOT: scf.for
// MLIR-NOT: "test.use"
func.func @difference_wraps_i64() {
  %lb = arith.constant -9223372036854775807 : i64
  %ub = arith.constant 9223372036854775807 : i64
  scf.for %i = %lb to %ub step %ub : i64 {
    "test.use"(%i) : (i64) -> ()
  }
  return
}

// -----

// Unsigned i32 from 5 to 2^32 - 1 by 2^32 - 2: one iteration (i = 5). mlir-opt 22 reads the step as negative.
// CHECK-LABEL: func.func @unsigned_large_step
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : i32
// CHECK-NOT: scf.for
// CHECK: "test.use"(%[[C5]]) : (i32) -> ()
// MLIR-LABEL: func.func @unsigned_large_step
// MLIR-NOT: "test.use"
func.func @unsigned_large_step() {
  %lb = arith.constant 5 : i32
  %ub = arith.constant -1 : i32
  %step = arith.constant -2 : i32
  scf.for unsigned %i = %lb to %ub step %step : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  return
}

// -----

// Unsigned i32 from 5 to 2^32 - 1 by 1 runs; signed, the bounds would make it empty (both agree here).
// CHECK-LABEL: func.func @unsigned_bounds
// CHECK: scf.for unsigned
// CHECK: "test.use"
// CHECK-NOT: scf.for
// CHECK-NOT: "test.use"
// CHECK: return
// MLIR-LABEL: func.func @unsigned_bounds
// MLIR: scf.for unsigned
// MLIR-NOT: scf.for
// MLIR: return
func.func @unsigned_bounds() {
  %lb = arith.constant 5 : i32
  %ub = arith.constant -1 : i32
  %step = arith.constant 1 : i32
  scf.for unsigned %i = %lb to %ub step %step : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  scf.for %i = %lb to %ub step %step : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  return
}

// -----

// A step of zero or less: an invalid loop, kept (the interpreter reports it when it runs).
// CHECK-LABEL: func.func @non_positive_step
// CHECK: scf.for
// CHECK: scf.for
// MLIR-LABEL: func.func @non_positive_step
// MLIR-NOT: scf.for
func.func @non_positive_step() {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %cm1 = arith.constant -1 : index
  scf.for %i = %c0 to %c10 step %c0 {
    "test.use"(%i) : (index) -> ()
  }
  scf.for %i = %c0 to %c10 step %cm1 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// An scf.parallel with attributes (a work-item mapping names each dimension) keeps its dimensions; mlir-opt 22 drops
// the single-iteration one and the attribute with it.
// CHECK-LABEL: func.func @parallel_mapped
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) =
// CHECK: } {mapping = ["x", "y"]}
// MLIR-LABEL: func.func @parallel_mapped
// MLIR: scf.parallel (%{{[^,]*}}) =
// MLIR-NOT: mapping
func.func @parallel_mapped(%m: memref<?x?xf32>, %x: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c1, %n) step (%c1, %c1) {
    memref.store %x, %m[%i, %j] : memref<?x?xf32>
    scf.reduce
  } {mapping = ["x", "y"]}
  return
}
