// mutation-errors.mlir's differential test of errors, on the corpus files of the arith, scf and memref ops
// (their custom forms).
// RUN: node %S/mutation-errors.mjs --reference mlir-opt --seeds 1 --count 12 %S/arith-ops.mlir %S/scf.mlir %S/memref.mlir
