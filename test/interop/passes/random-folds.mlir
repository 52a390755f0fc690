// A differential test of folding against mlir-opt-22: functions of random arith ops on constants
// (gen-random-folds.mjs), written for fixed seeds, canonicalize to the same constants in the same order in both
// tools (both results printed by mlir-opt in the generic form and compared). The order depends on the greedy
// driver's worklist and on which fold applies first: an op's own, or its traits' (`x op x` of two equal
// constants folds to a new constant, as in MLIR). Seeds 1 to 60 agreed when it was written; the build before
// those fixes differs on seed 3.
// RUN: node %S/gen-random-folds.mjs --seed 1 > %t.1.mlir
// RUN: %S/compare-with-mlir-opt.sh %t.1.mlir %t.1 --canonicalize
// RUN: node %S/gen-random-folds.mjs --seed 2 > %t.2.mlir
// RUN: %S/compare-with-mlir-opt.sh %t.2.mlir %t.2 --canonicalize
// RUN: node %S/gen-random-folds.mjs --seed 3 > %t.3.mlir
// RUN: %S/compare-with-mlir-opt.sh %t.3.mlir %t.3 --canonicalize
// RUN: node %S/gen-random-folds.mjs --seed 4 --ops 80 > %t.4.mlir
// RUN: %S/compare-with-mlir-opt.sh %t.4.mlir %t.4 --canonicalize=top-down=false
