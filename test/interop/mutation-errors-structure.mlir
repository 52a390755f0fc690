// mutation-errors.mlir's differential test of errors, on the file tests of blocks, modules and regions and
// on gpu kernels in their custom form, for the seeds at which the tools once differed: block arguments that
// are not SSA names (blocks.mlir, seed 406; round-trip-kernels.mlir, seed 408), a region left open at the end
// of the input (module.mlir, seeds 435 and 437), the plural of "operand types" (blocks.mlir, seed 441).
// RUN: node %S/mutation-errors.mjs --reference mlir-opt --seeds 401 --count 12 %S/../ir/blocks.mlir %S/../ir/regions.mlir %S/../../dialects/gpu/test/round-trip-kernels.mlir
// RUN: node %S/mutation-errors.mjs --reference mlir-opt --seeds 433 --count 10 %S/../ir/module.mlir %S/../ir/blocks.mlir
