// RUN: mlir-opt %s -convert-scf-to-cf | FileCheck %s

func.func @f() {
  return
}
