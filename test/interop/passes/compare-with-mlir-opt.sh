#!/usr/bin/env bash
# Runs a pass (or pipeline) with tl-opt and with mlir-opt on the same input and checks that mlir-opt 22 reads
# tl-opt's result as the same module as its own: both results are printed by mlir-opt in the generic form and
# compared. Usage: compare-with-mlir-opt.sh INPUT TMP PASS-FLAGS...
# (tl-opt and mlir-opt are the harness's wrappers; --split-input-file is passed to both.)
set -euo pipefail
input=$1
tmp=$2
shift 2
tl-opt --split-input-file "$@" "$input" -o "$tmp.tl.mlir"
mlir-opt --split-input-file "$@" "$input" --mlir-print-op-generic -o "$tmp.ref.mlir"
mlir-opt --split-input-file "$tmp.tl.mlir" --mlir-print-op-generic -o "$tmp.tl.generic.mlir"
if ! diff -u "$tmp.ref.mlir" "$tmp.tl.generic.mlir"; then
  echo "tl-opt $* differs from mlir-opt (- mlir-opt, + tl-opt re-read by mlir-opt)" >&2
  exit 1
fi
