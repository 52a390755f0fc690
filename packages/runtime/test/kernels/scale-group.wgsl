// B(:, :, g) := 2 * A_g + B(:, :, g). A is a group: one buffer holding every member and a table of where each
// member starts; its members start 2 elements after that (the group's offset). B is in bind group 1.
struct Parameters {
  a_size0: u32,
  a_stride1: u32,
  b_stride1: u32,
  b_stride2: u32,
  group_count: u32,
}

@group(0) @binding(0) var<uniform> params: Parameters;
@group(0) @binding(1) var<storage, read> a_data: array<f32>;
@group(0) @binding(2) var<storage, read> a_offsets: array<u32>;
@group(1) @binding(0) var<storage, read_write> b: array<f32>;

const A_OFFSET: u32 = 2u;

@compute @workgroup_size(16, 1, 1)
fn scale_group(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
               @builtin(local_invocation_index) lid: u32) {
  let g = wid.x + nwg.x * (wid.y + nwg.y * wid.z);
  if (g >= params.group_count) {
    return;
  }
  let a_base = a_offsets[g] + A_OFFSET;
  let b_base = g * params.b_stride2;
  let count = params.a_size0 * 3u;
  for (var e = lid; e < count; e += 16u) {
    let i = e % params.a_size0;
    let j = e / params.a_size0;
    let a = a_data[a_base + i + j * params.a_stride1];
    let at = b_base + i + j * params.b_stride1;
    b[at] = 2.0 * a + b[at];
  }
}
