// The cases of the WebGPU benchmark: for each, the tensor-language kernel and its launch, the hand-written
// reference (bench/webgpu/kernels), the inputs (deterministic, column-major as the kernels take them), the
// float64 CPU result every library's result is checked against, the work (flops or bytes) that the figures
// are computed from, and the same math written for each peer library.
//
// The peers are row-major libraries. A column-major array of shape [d0, d1, ..., dk] has the same bytes as the
// row-major array of shape [dk, ..., d1, d0], its transpose; so the peers get the very same data under the
// reversed shape (`x` below: one library tensor per array input, in the kernel's argument order; scalars as
// numbers), and compute the transposed formula: C := alpha A B + beta C becomes Ct := alpha Bt At + beta Ct.
// Their result, read back row-major, is then element for element the kernel's column-major result. Products are
// associated as the tl kernel associates them, so that every library does the same flops.

import { fillRandom } from './lib/data.mjs';

// ---------------------------------------------------------------------------------------------------------
// CPU computations (float64, column-major).

/** out := alpha A B + beta C for `batch` column-major m x k, k x n, m x n matrices stored one after the other. */
function cpuGemmBatched(alpha, A, B, beta, C, m, n, k, batch = 1) {
  const out = new Float64Array(m * n * batch);
  const column = new Float64Array(m);
  for (let g = 0; g < batch; g++) {
    const a0 = g * m * k;
    const b0 = g * k * n;
    const c0 = g * m * n;
    for (let j = 0; j < n; j++) {
      column.fill(0);
      for (let p = 0; p < k; p++) {
        const b = B[b0 + p + j * k];
        const a = a0 + p * m;
        for (let i = 0; i < m; i++) column[i] += A[a + i] * b;
      }
      for (let i = 0; i < m; i++) out[c0 + i + j * m] = alpha * column[i] + beta * C[c0 + i + j * m];
    }
  }
  return out;
}

/** D_g := alpha (A_g B^T) C + D_g for every g, A 16 x 8 x G, B 8 x 8, C 8 x 16, D 16 x 16 x G. */
function cpuSpecSample(alpha, A, B, C, D, groups) {
  const out = new Float64Array(D.length);
  const t = new Float64Array(16 * 8);
  for (let g = 0; g < groups; g++) {
    for (let col = 0; col < 8; col++) {
      for (let row = 0; row < 16; row++) {
        let sum = 0;
        for (let k = 0; k < 8; k++) sum += A[g * 128 + row + 16 * k] * B[col + 8 * k];
        t[row + 16 * col] = sum;
      }
    }
    for (let col = 0; col < 16; col++) {
      for (let row = 0; row < 16; row++) {
        let sum = 0;
        for (let k = 0; k < 8; k++) sum += t[row + 16 * k] * C[k + 8 * col];
        const at = g * 256 + row + 16 * col;
        out[at] = alpha * sum + D[at];
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The cases.

/** A column-major f32 array of this shape filled from `seed`. */
const array = (shape, seed) => ({ shape, data: fillRandom(new Float32Array(shape.reduce((a, b) => a * b, 1)), seed) });

/** The same data as a one-mode array. */
const flat = (a) => ({ shape: [a.data.length], data: a.data });

const SPEC_GROUPS = 10_000;
const BATCHED_GROUPS = 1_000;
const TALL_ROWS = 2 ** 18;
const AXPBY_GROUPS = 256;

/**
 * The tensor-language source of the n x n x n GEMM with one 64 x 64 block of C per work-group, as in
 * bench/webgpu/kernels/gemm-512.tl and gemm-1024.tl (a test checks that it gives those two files byte for byte).
 */
export function squareGemmSource(n) {
  const blocks = n / 64;
  return `; C := alpha A B + beta C for ${n}x${n} matrices, distributed over work-groups: work-group g computes the
; $tile x $tile block (g mod $blocks, g / $blocks) of C from a block row of A and a block column of B;
; launch $blocks^2 = ${blocks ** 2} work-groups.
$n = ${n}
$tile = 64
$blocks = ${blocks}
func @gemm_${n}(%alpha: f32,
               %A: memref<f32x$n x$n>,
               %B: memref<f32x$n x$n>,
               %beta: f32,
               %C: memref<f32x$n x$n>) {
  %g = group_id
  %bi = arith.rem %g, $blocks : index
  %bj = arith.div %g, $blocks : index
  %m0 = arith.mul %bi, $tile : index
  %n0 = arith.mul %bj, $tile : index
  %a = subview %A[%m0:$tile, :] : memref<f32x$n x$n>
  %b = subview %B[:, %n0:$tile] : memref<f32x$n x$n>
  %c = subview %C[%m0:$tile, %n0:$tile] : memref<f32x$n x$n>
  gemm.n.n %alpha, %a, %b, %beta, %c
    : f32, memref<f32x$tile x$n,strided<1,$n>>, memref<f32x$n x$tile>, f32, memref<f32x$tile x$tile,strided<1,$n>>
}
`;
}

/**
 * C := alpha A B + beta C, n x n x n, one 64 x 64 block of C per work-group. The case `name` keeps its name
 * when resized (`--size gemm-4096=256` runs that case at n = 256); its tl kernel is the committed file when
 * there is one for n, else squareGemmSource(n), written by run.mjs.
 */
function squareGemm(name, n, extra = {}) {
  if (!Number.isInteger(n) || n < 64 || n % 64 !== 0) throw new Error(`${name}: n must be a positive multiple of 64, got ${n}`);
  const file = n === 512 || n === 1024 ? `bench/webgpu/kernels/gemm-${n}.tl` : undefined;
  return {
    name,
    title: `${n}^3 GEMM`,
    description: `C := alpha A B + beta C, ${n}x${n}x${n}, one 64x64 block of C per work-group`,
    metric: 'GFLOP/s',
    work: 2 * n ** 3,
    size: { what: 'n', value: n },
    resize: (m) => squareGemm(name, m, extra),
    tl: file ? { file, groups: (n / 64) ** 2 } : { source: squareGemmSource(n), groups: (n / 64) ** 2 },
    reference: { kernel: 'gemm-tiled', groups: (n / 64) ** 2 },
    inputs: () => [1.5, array([n, n], 5), array([n, n], 6), 0.5, array([n, n], 7)],
    output: 4,
    expected: ([alpha, A, B, beta, C]) => cpuGemmBatched(alpha, A.data, B.data, beta, C.data, n, n, n),
    peers: 'alpha * matmul(Bt, At) + beta * Ct',
    jax: (np, [alpha, At, Bt, beta, Ct]) => np.matmul(Bt, At).mul(alpha).add(Ct.mul(beta)),
    tfjs: (tf, [alpha, At, Bt, beta, Ct]) => tf.add(tf.mul(tf.matMul(Bt, At), alpha), tf.mul(Ct, beta)),
    ...extra,
  };
}

/** C_g := alpha A_g B_g + beta C_g, 32 x 32 x 32, over `groups` groups. */
function batchedGemm32(groups) {
  return {
    name: 'batched-gemm-32',
    title: `batched 32x32x32 GEMM, ${groups.toLocaleString('en')} groups`,
    description: `C_g := alpha A_g B_g + beta C_g, 32x32x32, memref<f32x32x32x?> with a subview per group, ${groups.toLocaleString('en')} groups`,
    metric: 'GFLOP/s',
    work: groups * 2 * 32 ** 3,
    // The least memory traffic: A_g, B_g and C_g read, C_g written (for the % of memory bandwidth on a GPU).
    bytes: groups * 4 * 32 * 32 * 4,
    size: { what: 'groups', value: groups },
    resize: batchedGemm32,
    tl: { file: 'bench/webgpu/kernels/batched-gemm-32.tl', groups },
    reference: null,
    inputs: () => [1.5, array([32, 32, groups], 8), array([32, 32, groups], 9), 0.5, array([32, 32, groups], 10)],
    output: 4,
    expected: ([alpha, A, B, beta, C]) => cpuGemmBatched(alpha, A.data, B.data, beta, C.data, 32, 32, 32, groups),
    peers: `alpha * matmul(Bt, At) + beta * Ct on [${groups}, 32, 32] arrays`,
    jax: (np, [alpha, At, Bt, beta, Ct]) => np.matmul(Bt, At).mul(alpha).add(Ct.mul(beta)),
    tfjs: (tf, [alpha, At, Bt, beta, Ct]) => tf.add(tf.mul(tf.matMul(Bt, At), alpha), tf.mul(Ct, beta)),
  };
}

/** B_g := alpha A_g + beta B_g, 64 x 64, over `groups` groups; the hand-written reference is a copy. */
function axpbyBatch(groups) {
  return {
    name: 'axpby-batch',
    title: `batched axpby, ${groups.toLocaleString('en')} x 64x64 (hand-written: a copy)`,
    description: `B_g := alpha A_g + beta B_g, 64x64, memref<f32x64x64x?> with a subview per group, ${groups.toLocaleString('en')} groups; 12 bytes per element (A and B read, B written)`,
    metric: 'GB/s',
    work: 12 * 64 * 64 * groups,
    bytes: 12 * 64 * 64 * groups,
    size: { what: 'groups', value: groups },
    resize: axpbyBatch,
    tl: { file: 'bench/webgpu/kernels/axpby-batch.tl', groups },
    // The copy B := A of the same arrays, as one-mode memrefs: 8 bytes per element.
    reference: {
      kernel: 'copy',
      groups: Math.ceil((64 * 64 * groups) / 4096),
      arguments: ([, A, , B]) => [flat(A), flat(B)],
      output: 1,
      expected: ([, A]) => Float64Array.from(A.data),
      work: 8 * 64 * 64 * groups,
    },
    inputs: () => [1.5, array([64, 64, groups], 14), 0.5, array([64, 64, groups], 15)],
    output: 3,
    expected: ([alpha, A, beta, B]) => {
      const out = new Float64Array(B.data.length);
      for (let i = 0; i < out.length; i++) out[i] = alpha * A.data[i] + beta * B.data[i];
      return out;
    },
    peers: `alpha * At + beta * Bt on [${groups}, 64, 64] arrays`,
    jax: (np, [alpha, At, beta, Bt]) => At.mul(alpha).add(Bt.mul(beta)),
    tfjs: (tf, [alpha, At, beta, Bt]) => tf.add(tf.mul(At, alpha), tf.mul(Bt, beta)),
  };
}

export const CASES = [
  {
    name: 'spec-sample',
    title: 'spec sample, 10,000 groups',
    description: "the spec's sample kernel, D_g := alpha (A_g B^T) C + D_g (16x8 * 8x8, then 16x8 * 8x16), A a group, over 10,000 groups",
    metric: 'GFLOP/s',
    work: SPEC_GROUPS * (2 * 16 * 8 * 8 + 2 * 16 * 16 * 8),
    tl: { file: 'examples/kernels/fused-kernel.tl', groups: SPEC_GROUPS },
    reference: { kernel: 'batched-small-gemm', groups: SPEC_GROUPS },
    inputs: () => [1.5, array([16, 8, SPEC_GROUPS], 1), array([8, 8], 2), array([8, 16], 3), array([16, 16, SPEC_GROUPS], 4)],
    output: 4,
    expected: ([alpha, A, B, C, D]) => cpuSpecSample(alpha, A.data, B.data, C.data, D.data, SPEC_GROUPS),
    // D^T = alpha C^T (B A_g^T) + D^T: Ct (16 x 8) times B = Bt^T (8 x 8) times At_g (8 x 16), batched over g.
    // jax-js's matmul broadcasts batch modes of equal rank only: B and Ct get a batch mode of 1.
    peers: 'alpha * matmul(Ct, matmul(Bt^T, At)) + Dt, Bt^T and Ct broadcast over the batch',
    jax: (np, [alpha, At, Bt, Ct, Dt]) => np.matmul(Ct.reshape([1, 16, 8]), np.matmul(Bt.transpose().reshape([1, 8, 8]), At)).mul(alpha).add(Dt),
    tfjs: (tf, [alpha, At, Bt, Ct, Dt]) => tf.add(tf.mul(tf.matMul(Ct, tf.matMul(Bt, At, true, false)), alpha), Dt),
  },
  batchedGemm32(BATCHED_GROUPS),
  squareGemm('gemm-512', 512),
  squareGemm('gemm-1024', 1024),
  // Only where the adapter is a GPU (far too long on a CPU adapter): run.mjs leaves it out of the default set
  // elsewhere; `--case gemm-4096 --size gemm-4096=256` runs it small anywhere.
  squareGemm('gemm-4096', 4096, { gpuOnly: true }),
  {
    name: 'tall-skinny',
    title: `tall-and-skinny GEMM, M = 2^${Math.log2(TALL_ROWS)}`,
    description: `C := alpha A B + beta C, A ${TALL_ROWS}x8, B 8x4 (examples/kernels/tall-and-skinny-gemm.tl, 64 rows of C per work-group)`,
    metric: 'GFLOP/s',
    work: 2 * TALL_ROWS * 8 * 4,
    tl: { file: 'examples/kernels/tall-and-skinny-gemm.tl', groups: Math.ceil(TALL_ROWS / 64) },
    // None: gemm-tiled takes these sizes, but computes 64 x 64 blocks of which 4 columns are used (16 times the
    // work), which makes it no yardstick here.
    reference: null,
    inputs: () => [1.5, array([TALL_ROWS, 8], 11), array([8, 4], 12), 0.5, array([TALL_ROWS, 4], 13)],
    output: 4,
    expected: ([alpha, A, B, beta, C]) => cpuGemmBatched(alpha, A.data, B.data, beta, C.data, TALL_ROWS, 4, 8),
    peers: 'alpha * matmul(Bt, At) + beta * Ct, Bt 4 x 8, At 8 x M',
    jax: (np, [alpha, At, Bt, beta, Ct]) => np.matmul(Bt, At).mul(alpha).add(Ct.mul(beta)),
    tfjs: (tf, [alpha, At, Bt, beta, Ct]) => tf.add(tf.mul(tf.matMul(Bt, At), alpha), tf.mul(Ct, beta)),
  },
  axpbyBatch(AXPBY_GROUPS),
];

/**
 * The case `name`, resized when `sizes[name]` is given (run.mjs's --size: n for the square GEMMs, the number of
 * groups for the batched cases; the case's `size.what` says which).
 */
export function findCase(name, sizes = {}) {
  const found = CASES.find((c) => c.name === name);
  if (!found) throw new Error(`unknown case '${name}' (cases: ${CASES.map((c) => c.name).join(', ')})`);
  const size = sizes[name];
  if (size === undefined || size === found.size?.value) return found;
  if (!found.resize) throw new Error(`the case '${name}' has no size to change`);
  return found.resize(size);
}
