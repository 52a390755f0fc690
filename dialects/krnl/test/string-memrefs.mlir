// `!krnl.string` may be the element type of a memref (onnx-mlir's KrnlStringType implements MLIR's
// MemRefElementTypeInterface): such memrefs parse, print and load; the types of other dialects may not (the
// `invalid memref element type` error, at the element type, as mlir-opt 22 reports it for any type without the
// interface: see test/ir/invalid-types.mlir).
// RUN: tl-opt %s | FileCheck %s
// RUN: tl-opt %s | tl-opt | FileCheck %s
// RUN: tl-opt --mlir-print-op-generic %s | tl-opt | FileCheck %s
// RUN: not tl-opt --split-input-file %S/Inputs/string-memrefs-invalid.mlir 2>&1 | FileCheck %S/Inputs/string-memrefs-invalid.mlir

// CHECK-LABEL: func.func @names(%arg0: memref<?x!krnl.string>, %arg1: index) -> i64
// CHECK-NEXT: %0 = memref.load %arg0[%arg1] : memref<?x!krnl.string>
// CHECK-NEXT: %1 = "krnl.strlen"(%0) : (!krnl.string) -> i64
func.func @names(%table: memref<?x!krnl.string>, %i: index) -> i64 {
  %s = memref.load %table[%i] : memref<?x!krnl.string>
  %n = "krnl.strlen"(%s) : (!krnl.string) -> i64
  return %n : i64
}
