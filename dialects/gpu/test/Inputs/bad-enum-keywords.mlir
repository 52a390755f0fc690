// Enum keywords that are not cases (invalid-syntax.mlir compares the errors with mlir-opt's).
func.func @f(%v: f32, %o: i32) {
  %r, %ok = gpu.shuffle sideways %v, %o, %o : f32
  return
}
// -----
func.func @f() {
  // The id ops' dimension.
  %t = gpu.thread_id w
  return
}
// -----
func.func @f(%a: !gpu.mma_matrix<16x16xf16, "COp">) {
  // An MMA elementwise operation.
  %e = gpu.subgroup_mma_elementwise foo %a : (!gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}
// -----
// An address space.
"t.x"() {a = #gpu.address_space<shared>} : () -> ()
// -----
// A mapping dimension.
"t.x"() {a = #gpu.thread<w>} : () -> ()
