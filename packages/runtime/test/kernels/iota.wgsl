// out(g) := g for every work-group g, one work-item each: cheap enough to dispatch grids that need folding.
struct Parameters {
  group_count: u32,
}

@group(0) @binding(0) var<uniform> params: Parameters;
@group(0) @binding(1) var<storage, read_write> out: array<i32>;

@compute @workgroup_size(1, 1, 1)
fn iota(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let g = wid.x + nwg.x * (wid.y + nwg.y * wid.z);
  if (g >= params.group_count) {
    return;
  }
  out[g] = i32(g);
}
