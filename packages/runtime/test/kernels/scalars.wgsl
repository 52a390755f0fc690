// Scalars of three integer types in a uniform; memrefs of i8 (one i32 word each), i32 and i1 (a u32 word, 0 or 1).
struct Parameters {
  value: i32,
  flag: u32,
  bias: i32,
  n: u32,
}

@group(0) @binding(0) var<uniform> params: Parameters;
@group(0) @binding(1) var<storage, read> src: array<i32>;
@group(0) @binding(2) var<storage, read_write> out: array<i32>;
@group(0) @binding(3) var<storage, read_write> back: array<i32>;
@group(0) @binding(4) var<storage, read_write> mask: array<u32>;

@compute @workgroup_size(32, 1, 1)
fn scalars(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
           @builtin(local_invocation_index) lid: u32) {
  let g = wid.x + nwg.x * (wid.y + nwg.y * wid.z);
  let i = g * 32u + lid;
  var v = -params.value;
  if (params.flag != 0u) {
    v = params.value;
  }
  let base = v + params.bias;
  if (i < params.n) {
    let s = src[i];
    out[i] = base + s;
    back[i] = -s;
    mask[i] = select(0u, 1u, s > 0);
  }
}
