// A differential test of errors against mlir-opt-22 (mutation-errors.mjs says how): valid files of this corpus,
// damaged at random for fixed seeds, must fail in both tools with the same first error, at the same
// file:line:col. Seeds 1 to 30 of these files agreed when it was written, once the differences it found were
// fixed (bad tokens reported first, byte columns, dialect bodies, enum keywords, list messages, ...); run the
// script with other seeds or files to explore further. mutation-errors-dialects.mlir and
// mutation-errors-data.mlir do the same for ops and for dense data, constants and the gpu dialect.
// RUN: node %S/mutation-errors.mjs --reference mlir-opt --seeds 1 --count 12 %S/generic-ops.mlir %S/builtin-attributes.mlir %S/locations.mlir %S/aliases.mlir
