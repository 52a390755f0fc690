// The hand-written reference kernels of the WebGPU benchmark (bench/webgpu/kernels) load on a WebGPU adapter
// and compute what they should on small sizes, so that the benchmark cannot rot. No times are measured here.
// Without an adapter the tests are skipped; under CI=true they fail (packages/runtime/test/support).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { zeros, type NdArray, type RuntimeDevice } from '../../packages/runtime/src/index.js';
import { useWebGpuDevice } from '../../packages/runtime/test/support/webgpu-adapter.js';

const device = useWebGpuDevice();
const KERNELS = fileURLToPath(new URL('../../bench/webgpu/kernels/', import.meta.url));

async function loadReference(gpu: RuntimeDevice, name: string) {
  const kernel = await gpu.loadKernel({
    wgsl: readFileSync(`${KERNELS}${name}.wgsl`, 'utf8'),
    manifest: readFileSync(`${KERNELS}${name}.manifest.json`, 'utf8'),
    wgslFile: `${name}.wgsl`,
    manifestFile: `${name}.manifest.json`,
  });
  expect(kernel.diagnostics).toEqual([]);
  return kernel;
}

/** Small integers, exact in f32 sums of these sizes, so results compare exactly. */
function fill(array: NdArray<'f32'>, seed: number): NdArray<'f32'> {
  for (let i = 0; i < array.data.length; i++) array.data[i] = ((i * 7 + seed * 13) % 9) - 4;
  return array;
}

describe('gemm-tiled (C := alpha A B + beta C, 64x64 blocks)', () => {
  // Sizes that are not multiples of the 64x64 block or of the step 16 in k exercise the edges.
  for (const [m, n, k] of [[70, 50, 40], [64, 128, 16], [1, 3, 5]] as const) {
    it(`${m}x${n}x${k}`, async (ctx) => {
      const kernel = await loadReference(device(ctx), 'gemm-tiled');
      const A = fill(zeros('f32', [m, k], 'F'), 1);
      const B = fill(zeros('f32', [k, n], 'F'), 2);
      const C = fill(zeros('f32', [m, n], 'F'), 3);
      const expected = Array.from({ length: m * n }, (_, at) => {
        const i = at % m;
        const j = Math.floor(at / m);
        let sum = 0;
        for (let p = 0; p < k; p++) sum += A.data[i + p * m]! * B.data[p + j * k]!;
        return 1.5 * sum + 0.5 * C.data[at]!;
      });
      const groups = Math.ceil(m / 64) * Math.ceil(n / 64);
      await kernel.launch({ alpha: 1.5, A, B, beta: 0.5, C }, { groups });
      expect([...C.data]).toEqual(expected);
    });
  }

  it('does not read C when beta is 0', async (ctx) => {
    const kernel = await loadReference(device(ctx), 'gemm-tiled');
    const A = fill(zeros('f32', [9, 4], 'F'), 1);
    const B = fill(zeros('f32', [4, 9], 'F'), 2);
    const C = zeros('f32', [9, 9], 'F');
    C.data.fill(Number.NaN);
    await kernel.launch({ alpha: 1, A, B, beta: 0, C }, { groups: 1 });
    expect(C.data.every((value) => Number.isFinite(value))).toBe(true);
  });
});

describe('batched-small-gemm (D_g := alpha (A_g B^T) C + D_g)', () => {
  it('over 7 groups', async (ctx) => {
    const G = 7;
    const kernel = await loadReference(device(ctx), 'batched-small-gemm');
    const A = fill(zeros('f32', [16, 8, G], 'F'), 1);
    const B = fill(zeros('f32', [8, 8], 'F'), 2);
    const C = fill(zeros('f32', [8, 16], 'F'), 3);
    const D = fill(zeros('f32', [16, 16, G], 'F'), 4);
    const expected = Array.from({ length: 256 * G }, (_, at) => {
      const row = at % 16;
      const col = Math.floor(at / 16) % 16;
      const g = Math.floor(at / 256);
      let sum = 0;
      for (let k = 0; k < 8; k++) {
        let t = 0;
        for (let q = 0; q < 8; q++) t += A.data[g * 128 + row + 16 * q]! * B.data[k + 8 * q]!;
        sum += t * C.data[k + 8 * col]!;
      }
      return 2 * sum + D.data[at]!;
    });
    const result = await kernel.launch({ alpha: 2, A, B, C, D });
    expect(result.groups).toBe(G);
    expect([...D.data]).toEqual(expected);
  });
});

describe('copy (Y := X, the memory-bound case\'s reference)', () => {
  // 4096 elements per work-group: one full work-group, a partial one, and fewer elements than one work-group.
  for (const n of [4096, 10_000, 37]) {
    it(`${n} elements`, async (ctx) => {
      const kernel = await loadReference(device(ctx), 'copy');
      const X = fill(zeros('f32', [n]), 1);
      const Y = zeros('f32', [n]);
      await kernel.launch({ X, Y }, { groups: Math.ceil(n / 4096) });
      expect([...Y.data]).toEqual([...X.data]);
    });
  }

  it('writes every element of Y (which starts as NaN)', async (ctx) => {
    const kernel = await loadReference(device(ctx), 'copy');
    const X = fill(zeros('f32', [5000]), 2);
    const Y = zeros('f32', [5000]);
    Y.data.fill(Number.NaN);
    await kernel.launch({ X, Y }, { groups: 2 });
    expect([...Y.data]).toEqual([...X.data]);
  });
});
