// e + ((e floordiv q) * q - 1) is not e mod q (for e = 9, q = 8 it is 16, e mod q is 1): tl-opt keeps it. mlir-opt
// 22 rewrites it to e mod q (the MLIR lines show its output), a bug of its AffineExpr simplification that tlir does
// not copy.
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=MLIR

// CHECK-DAG: affine_map<(d0) -> (d0 + (d0 floordiv 8) * 8 - 1)>
// CHECK-DAG: affine_map<(d0)[s0] -> (d0 + (d0 floordiv s0) * s0 - 1)>
// CHECK-NOT: {{ mod }}
// MLIR-DAG: affine_map<(d0) -> (d0 mod 8)>
// MLIR-DAG: affine_map<(d0)[s0] -> (d0 mod s0)>
"t.maps"() {
  plus_multiple_minus_one = affine_map<(x) -> (x + ((x floordiv 8) * 8 - 1))>,
  plus_symbolic_multiple_minus_one = affine_map<(x)[n] -> (x + ((x floordiv n) * n - 1))>
} : () -> ()
