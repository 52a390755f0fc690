// mutation-errors.mlir's differential test of errors, on the corpus files of dense elements, float formats,
// constants and the gpu dialect.
// RUN: node %S/mutation-errors.mjs --reference mlir-opt --seeds 1 --count 12 %S/dense-elements.mlir %S/float-formats.mlir %S/arith-constants.mlir %S/gpu.mlir
