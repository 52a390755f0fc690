// Fails verification (read by ../cli.mlir): canonicalize crashed on it under --verify-each=false.
func.func @f(%a: i32) -> i32 {
  %0 = "arith.addi"(%a) : (i32) -> i32
  return %0 : i32
}
