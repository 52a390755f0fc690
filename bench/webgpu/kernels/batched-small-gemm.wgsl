// The reference batched small GEMM of the WebGPU benchmark, written by hand: the tensor-language spec's sample
// kernel (examples/kernels/fused-kernel.tl), for every batch entry g (one work-group each)
//
//     D_g := alpha (A_g B^T) C + D_g
//
// with A_g the g-th 16 x 8 member of a group (its data buffer and offset table), B (8 x 8) and C (8 x 16)
// shared, D_g the g-th 16 x 16 slice of D; all column-major. 64 invocations: B and C are staged in workgroup
// memory, each invocation computes two elements of T = A_g B^T (kept in workgroup memory) and then four
// elements of D_g, one row of D_g in four columns, with T's row in registers.
struct Parameters {
  group_count: u32,
  alpha: f32,
  d_offset: u32,
  d_stride2: u32,
}

@group(0) @binding(0) var<uniform> params: Parameters;
@group(0) @binding(1) var<storage, read> a_data: array<f32>;
@group(0) @binding(2) var<storage, read> a_offsets: array<u32>;
@group(0) @binding(3) var<storage, read> b: array<f32>;
@group(0) @binding(4) var<storage, read> c: array<f32>;
@group(0) @binding(5) var<storage, read_write> d: array<f32>;

var<workgroup> b_shared: array<f32, 64>;    // B, 8 x 8, column-major
var<workgroup> c_shared: array<f32, 128>;   // C, 8 x 16, column-major
var<workgroup> t_shared: array<f32, 128>;   // T = A_g B^T, 16 x 8, column-major

@compute @workgroup_size(64, 1, 1)
fn batched_small_gemm(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
                      @builtin(local_invocation_index) lid: u32) {
  let g = wid.x + nwg.x * (wid.y + nwg.y * wid.z);
  if (g >= params.group_count) {
    return;
  }
  b_shared[lid] = b[lid];
  c_shared[lid] = c[lid];
  c_shared[lid + 64u] = c[lid + 64u];
  workgroupBarrier();

  // T(row, col) for col = lid / 16 and col + 4: T(row, col) = sum_k A_g(row, k) B(col, k).
  let a_base = a_offsets[g];
  let row = lid % 16u;
  let col = lid / 16u;
  var t0 = 0.0;
  var t1 = 0.0;
  for (var k = 0u; k < 8u; k++) {
    let a = a_data[a_base + row + 16u * k];
    t0 = fma(a, b_shared[col + 8u * k], t0);
    t1 = fma(a, b_shared[col + 4u + 8u * k], t1);
  }
  t_shared[row + 16u * col] = t0;
  t_shared[row + 16u * (col + 4u)] = t1;
  workgroupBarrier();

  // D_g(row, j) for j = col, col + 4, col + 8, col + 12.
  var t_row: array<f32, 8>;
  for (var k = 0u; k < 8u; k++) {
    t_row[k] = t_shared[row + 16u * k];
  }
  let d_base = params.d_offset + g * params.d_stride2;
  for (var s = 0u; s < 4u; s++) {
    let j = col + 4u * s;
    var sum = 0.0;
    for (var k = 0u; k < 8u; k++) {
      sum = fma(t_row[k], c_shared[k + 8u * j], sum);
    }
    let at = d_base + row + 16u * j;
    d[at] = fma(params.alpha, sum, d[at]);
  }
}
