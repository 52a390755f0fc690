// Inputs mlir-opt 22 handles badly (invalid-syntax.mlir checks tl-opt's messages): a result on a gpu.launch that is
// not async crashes mlir-opt; two block ids are taken for three.
func.func @f(%c1: index) {
  %t = gpu.launch blocks(%bx, %by, %bz) in (%sx = %c1, %sy = %c1, %sz = %c1) threads(%tx, %ty, %tz) in (%tsx = %c1, %tsy = %c1, %tsz = %c1) {
    gpu.terminator
  }
  return
}
// -----
func.func @f(%c1: index) {
  gpu.launch blocks(%bx, %by) in (%sx = %c1, %sy = %c1, %sz = %c1) threads(%tx, %ty, %tz) in (%tsx = %c1, %tsy = %c1, %tsz = %c1) {
    gpu.terminator
  }
  return
}
