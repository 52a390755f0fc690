// The reference of the WebGPU benchmark's memory-bound case, written by hand: a plain copy Y := X of n f32
// elements, the least traffic any kernel that reads one array and writes another can make (8 bytes per element),
// so its GB/s is what the adapter's memory gives a simple kernel. Work-group g copies the elements
// [4096 g, 4096 g + 4096), 256 invocations with 16 elements each, consecutive invocations on consecutive
// elements; the last work-group stops at n. Launch ceil(n / 4096) work-groups.
struct Parameters {
  group_count: u32,
  x_size: u32,
  y_size: u32,
}

@group(0) @binding(0) var<uniform> params: Parameters;
@group(0) @binding(1) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read_write> y: array<f32>;

const CHUNK: u32 = 4096u;  // elements per work-group

@compute @workgroup_size(256, 1, 1)
fn copy(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
  let g = wid.x + nwg.x * (wid.y + nwg.y * wid.z);
  if (g >= params.group_count) {
    return;
  }
  let n = min(params.x_size, params.y_size);
  let end = min(g * CHUNK + CHUNK, n);
  for (var i = g * CHUNK + lid; i < end; i += 256u) {
    y[i] = x[i];
  }
}
