// Affine expressions that are `e mod q` in disguise: `e - (e floordiv q) * q` and `e + (e floordiv c) * -c` become
// `e mod q`; a floordiv added to e together with a constant is not one and stays. mlir-opt 22 and tl-opt print
// the same text.
// RUN: mlir-opt --allow-unregistered-dialect %s -o %t.ref
// RUN: tl-opt --allow-unregistered-dialect %s | diff %t.ref -
// RUN: tl-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK-DAG: #[[MOD:.*]] = affine_map<(d0) -> (d0 mod 8)>
// CHECK-DAG: #[[SMOD:.*]] = affine_map<(d0)[s0] -> (d0 mod s0)>
// CHECK-DAG: #[[KEEP:.*]] = affine_map<(d0) -> (d0 + d0 floordiv 8 - 8)>
// CHECK: is_mod = #[[MOD]], is_mod_negated = #[[MOD]], is_symbolic_mod = #[[SMOD]], plus_quotient_minus_constant = #[[KEEP]]
"t.maps"() {
  is_mod = affine_map<(x) -> (x - (x floordiv 8) * 8)>,
  is_mod_negated = affine_map<(x) -> (x + (x floordiv 8) * -8)>,
  is_symbolic_mod = affine_map<(x)[n] -> (x - (x floordiv n) * n)>,
  plus_quotient_minus_constant = affine_map<(x) -> (x + ((x floordiv 8) - 8))>
} : () -> ()
