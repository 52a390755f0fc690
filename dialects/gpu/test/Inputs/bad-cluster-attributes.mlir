// gpu.subgroup_reduce's cluster size and stride are I32Attr properties in MLIR's format: each is read as an
// attribute typed i32 (so the errors are the attribute parser's) and must be an integer attribute.
func.func @f(%x: f32) {
  %0 = gpu.subgroup_reduce add %x cluster(size = x) : (f32) -> f32
  return
}

// -----

func.func @f(%x: f32) {
  %0 = gpu.subgroup_reduce add %x cluster(size = "a") : (f32) -> f32
  return
}

// -----

func.func @f(%x: f32) {
  %0 = gpu.subgroup_reduce add %x cluster(size = 1.5) : (f32) -> f32
  return
}

// -----

func.func @f(%x: f32) {
  %0 = gpu.subgroup_reduce add %x cluster(size = -x) : (f32) -> f32
  return
}

// -----

func.func @f(%x: f32) {
  %0 = gpu.subgroup_reduce add %x cluster(size = 4, stride = [2]) : (f32) -> f32
  return
}

// -----

func.func @f(%x: f32) {
  %0 = gpu.subgroup_reduce add %x cluster(size = 4 : i64) : (f32) -> f32
  return
}
