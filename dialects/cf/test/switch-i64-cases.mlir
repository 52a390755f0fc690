// cf.switch on i64: mlir-opt 22 prints a case value as unsigned (getLimitedValue), so a negative one comes out as
// 2^64 + value, which neither it nor tlir reads back ("integer value too large"). tlir prints such values as the
// negative numbers they are: its output reads back in both tools, and means the same switch.
// RUN: tl-opt %s | FileCheck %s
// RUN: tl-opt %s | tl-opt | FileCheck %s
// RUN: tl-opt %s | mlir-opt > /dev/null
// Narrower flags print as unsigned, as MLIR prints them (they read back).

// CHECK-LABEL: func.func @negative_cases(
// CHECK:         cf.switch %{{.*}} : i64, [
// CHECK-NEXT:      default: ^bb1,
// CHECK-NEXT:      -8589934592: ^bb1,
// CHECK-NEXT:      -1: ^bb1,
// CHECK-NEXT:      9223372036854775807: ^bb1
// CHECK-NEXT:    ]
func.func @negative_cases(%x: i64) {
  cf.switch %x : i64, [
    default: ^bb1,
    -8589934592: ^bb1,
    -1: ^bb1,
    9223372036854775807: ^bb1
  ]
^bb1:
  return
}

// CHECK-LABEL: func.func @narrow(
// CHECK:         cf.switch %{{.*}} : i8, [
// CHECK-NEXT:      default: ^bb1,
// CHECK-NEXT:      255: ^bb1
// CHECK-NEXT:    ]
func.func @narrow(%x: i8) {
  cf.switch %x : i8, [
    default: ^bb1,
    -1: ^bb1
  ]
^bb1:
  return
}
