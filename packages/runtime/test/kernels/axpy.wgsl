// y := alpha * x + y, x with stride 2 (memref<f32x?,strided<2>>): one element per invocation.
struct Parameters {
  alpha: f32,
  x_size: u32,
  x_stride: u32,
  y_size: u32,
  group_count: u32,
}

@group(0) @binding(0) var<uniform> params: Parameters;
@group(0) @binding(1) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read_write> y: array<f32>;

@compute @workgroup_size(64, 1, 1)
fn axpy(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
  let group_id = wid.x + nwg.x * (wid.y + nwg.y * wid.z);
  if (group_id >= params.group_count) {
    return;
  }
  let i = group_id * 64u + lid;
  if (i < params.y_size) {
    let a = x[i * params.x_stride];
    let b = y[i];
    let p = params.alpha * a;
    let s = p + b;
    y[i] = s;
  }
}
