// The reference GEMM of the WebGPU benchmark, written by hand: C := alpha A B + beta C for column-major
// A (M x K), B (K x N) and C (M x N) with leading dimensions from the dope vectors (the calling convention of
// docs/runtime.md). A work-group of 16 x 16 invocations computes a 64 x 64 block of C: block b is
// (b mod ceil(M / 64), b / ceil(M / 64)). K is walked in steps of 16: the 64 x 16 slice of A and the 16 x 64
// slice of B are staged in workgroup memory as vec4s (four rows of A, four columns of B), and each invocation
// keeps a 4 x 4 block of C in registers: rows 4 tx .. 4 tx + 3, columns 4 ty .. 4 ty + 3, four vec4 FMAs per
// step of k. Sizes need not be multiples of the tiles: loads past the edges read zero, stores are guarded.
// beta == 0 does not read C (as the tensor language's gemm).
struct Parameters {
  group_count: u32,
  alpha: f32,
  beta: f32,
  m: u32,           // size 0 of A (and C)
  k: u32,           // size 1 of A (size 0 of B)
  n: u32,           // size 1 of B (and C)
  lda: u32,         // stride 1 of A
  ldb: u32,         // stride 1 of B
  ldc: u32,         // stride 1 of C
}

@group(0) @binding(0) var<uniform> params: Parameters;
@group(0) @binding(1) var<storage, read> a: array<f32>;
@group(0) @binding(2) var<storage, read> b: array<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;

const TILE: u32 = 64u;    // rows and columns of C per work-group
const TILE_K: u32 = 16u;  // the step in k

// a_tile[k * 16 + r] holds rows 4 r .. 4 r + 3 of column k of the A slice; b_tile[k * 16 + q] columns
// 4 q .. 4 q + 3 of row k of the B slice.
var<workgroup> a_tile: array<vec4<f32>, 256>;
var<workgroup> b_tile: array<vec4<f32>, 256>;

fn load_a(row: u32, col: u32) -> f32 {
  if (row < params.m && col < params.k) {
    return a[row + col * params.lda];
  }
  return 0.0;
}

fn load_b(row: u32, col: u32) -> f32 {
  if (row < params.k && col < params.n) {
    return b[row + col * params.ldb];
  }
  return 0.0;
}

@compute @workgroup_size(16, 16, 1)
fn gemm_tiled(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
              @builtin(local_invocation_id) lid: vec3<u32>, @builtin(local_invocation_index) index: u32) {
  let block = wid.x + nwg.x * (wid.y + nwg.y * wid.z);
  if (block >= params.group_count) {
    return;
  }
  let row_blocks = (params.m + TILE - 1u) / TILE;
  let row0 = (block % row_blocks) * TILE;
  let col0 = (block / row_blocks) * TILE;
  // What this invocation stages: four rows of A at one k, four columns of B at one k.
  let a_k = index / 16u;
  let a_row = row0 + 4u * (index % 16u);
  let b_k = index % 16u;
  let b_col = col0 + 4u * (index / 16u);

  var acc: array<vec4<f32>, 4>;  // acc[j] holds rows 4 tx .. 4 tx + 3 of column 4 ty + j
  for (var j = 0u; j < 4u; j++) {
    acc[j] = vec4<f32>(0.0);
  }
  for (var k0 = 0u; k0 < params.k; k0 += TILE_K) {
    a_tile[index] = vec4<f32>(load_a(a_row, k0 + a_k), load_a(a_row + 1u, k0 + a_k),
                              load_a(a_row + 2u, k0 + a_k), load_a(a_row + 3u, k0 + a_k));
    b_tile[b_k * 16u + index / 16u] = vec4<f32>(load_b(k0 + b_k, b_col), load_b(k0 + b_k, b_col + 1u),
                                                load_b(k0 + b_k, b_col + 2u), load_b(k0 + b_k, b_col + 3u));
    workgroupBarrier();
    for (var k = 0u; k < TILE_K; k++) {
      let av = a_tile[k * 16u + lid.x];
      let bv = b_tile[k * 16u + lid.y];
      acc[0] = fma(av, vec4<f32>(bv.x), acc[0]);
      acc[1] = fma(av, vec4<f32>(bv.y), acc[1]);
      acc[2] = fma(av, vec4<f32>(bv.z), acc[2]);
      acc[3] = fma(av, vec4<f32>(bv.w), acc[3]);
    }
    workgroupBarrier();
  }
  let row = row0 + 4u * lid.x;
  for (var j = 0u; j < 4u; j++) {
    let col = col0 + 4u * lid.y + j;
    if (col < params.n) {
      for (var i = 0u; i < 4u; i++) {
        if (row + i < params.m) {
          let at = row + i + col * params.ldc;
          var value = params.alpha * acc[j][i];
          if (params.beta != 0.0) {
            value += params.beta * c[at];
          }
          c[at] = value;
        }
      }
    }
  }
}
