// canonicalize gives the module mlir-opt 22 gives (both printed by mlir-opt in the generic form).
// RUN: %S/compare-with-mlir-opt.sh %s %t --canonicalize

func.func private @g(i32) -> i32
func.func @f(%a: i32) -> (i32, (i32) -> i32) {
  %0 = func.call @g(%a) : (i32) -> i32
  %f1 = func.constant @g : (i32) -> i32
  %f2 = func.constant @g : (i32) -> i32
  %dead = func.constant @g : (i32) -> i32
  %1 = func.call_indirect %f1(%0) : (i32) -> i32
  %2 = func.call_indirect %f2(%1) : (i32) -> i32
  return %2, %f2 : i32, (i32) -> i32
}
