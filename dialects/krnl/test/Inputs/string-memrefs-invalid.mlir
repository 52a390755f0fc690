// A krnl loop handle is no memref element (only `!krnl.string` is).
// CHECK: string-memrefs-invalid.mlir:[[# @LINE + 1]]:27: error: invalid memref element type
func.func @f(%m: memref<4x!krnl.loop>) {
  return
}
