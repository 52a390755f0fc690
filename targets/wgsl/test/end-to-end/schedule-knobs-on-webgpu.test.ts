// The schedule knobs loop-order and matmul (conversions/tl-to-krnl/test/schedule-knobs.tl) on a WebGPU adapter against
// the interpreter: a batched GEMM, one C := alpha A B + beta C per work-group, whose 19x23 output and K = 13 are not
// multiples of the tiles (partial work-group tiles, register tiles across the edge, a partial K tile), and a gemm with a
// transposed A, which krnl.matmul reads from the tile buffers (copy=true). Random schedules with both knobs run in
// collectives-on-webgpu.property.test.ts.
import { describe, it } from 'vitest';
import { useWebGpuDevice } from '../../../../packages/runtime/test/support/webgpu-adapter.js';
import { batchedGemmSource, END_TO_END_ADAPTERS, expectSameResults } from '../support/end-to-end.js';

const device = useWebGpuDevice(END_TO_END_ADAPTERS);

// Sums of products in f32: the device may contract a * b + c.
const SUMS = 1e-5;

const batched = batchedGemmSource(4, 2);

const transposed = `func @transposed(%A: memref<f32x13x19>, %B: memref<f32x13x23>, %C: memref<f32x19x23>) work_group_size(4,2) {
  gemm.t.n 1.5, %A, %B, 0.5, %C : f32, memref<f32x13x19>, memref<f32x13x23>, f32, memref<f32x19x23>
}
`;

const GROUPS = 3;

describe('schedule knobs on WebGPU', () => {
  for (const knobs of [
    'tile-m=8 tile-n=8 tile-k=4 loop-order=n,m,k',
    'tile-m=8 tile-n=8 tile-k=4 matmul=true',
    'tile-m=8 tile-n=8 tile-k=4 matmul=true copy=true',
    'matmul=true copy=true loop-order=n,m,k tile-m=9 tile-n=10 tile-k=5 register-m=3 register-n=5',
    'matmul=true tile-m=6 tile-n=10 register-m=3 register-n=5 loop-order=n,m',
  ]) {
    it(`a batched gemm with ${knobs}`, async (ctx) => {
      await expectSameResults(device(ctx), {
        source: batched,
        file: 'batched.tl',
        kernel: 'batched',
        args: [{ sizes: [GROUPS] }, { sizes: [GROUPS] }, { sizes: [GROUPS] }],
        groups: GROUPS,
        tolerance: SUMS,
        lowering: `lower-to-krnl{${knobs}}`,
      });
    }, 120_000);
  }

  it('a gemm with a transposed A, matmul=true copy=true', async (ctx) => {
    await expectSameResults(device(ctx), {
      source: transposed,
      file: 'transposed.tl',
      kernel: 'transposed',
      args: [{}, {}, {}],
      groups: 1,
      tolerance: SUMS,
      lowering: 'lower-to-krnl{matmul=true copy=true loop-order=n,m,k}',
    });
  }, 120_000);
});
