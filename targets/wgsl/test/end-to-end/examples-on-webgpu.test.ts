// Every example kernel (examples/kernels/) through --lower-to-krnl --lower-to-gpu, the WGSL translation and the
// runtime on a WebGPU adapter, against the reference interpreter on the tensor language, for several numbers of
// work-groups. matrix-chain.tl computes in f64, which WGSL does not have: its translation is a located error, and
// the same kernel in f32 runs instead.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DIALECTS, createPassRegistry } from '@tlir/registry';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { translateToWgsl } from '@tlir/target-wgsl';
import { Context, formatDiagnostic } from '@tlir/ir';
import { parsePassPipeline } from '@tlir/pass';
import { useWebGpuDevice } from '../../../../packages/runtime/test/support/webgpu-adapter.js';
import { END_TO_END_ADAPTERS, expectSameResults } from '../support/end-to-end.js';

const device = useWebGpuDevice(END_TO_END_ADAPTERS);
const EXAMPLES = fileURLToPath(new URL('../../../../examples/kernels/', import.meta.url));
const example = (file: string): { source: string; file: string } => ({ source: readFileSync(EXAMPLES + file, 'utf8'), file: `examples/kernels/${file}` });

// Sums of products in f32 may add in another order on the device (register tiles, work-items).
const SUMS = 1e-5;

describe('examples/kernels on WebGPU', () => {
  it('bias-relu.tl', async (ctx) => {
    for (const [rows, cols] of [[1, 1], [17, 3], [100, 5]] as const) {
      await expectSameResults(device(ctx), {
        ...example('bias-relu.tl'),
        kernel: 'bias_relu',
        args: [{ sizes: [rows, cols] }, { sizes: [rows] }, { sizes: [rows, cols] }],
        groups: cols,
        tolerance: 0,
      });
    }
  });

  it('tall-and-skinny-gemm.tl', async (ctx) => {
    for (const M of [1, 64, 65, 200]) {
      await expectSameResults(device(ctx), {
        ...example('tall-and-skinny-gemm.tl'),
        kernel: 'tall_and_skinny',
        args: [{ value: 2 }, { sizes: [M] }, {}, { value: 0.25 }, { sizes: [M] }],
        groups: Math.ceil(M / 64),
        tolerance: SUMS,
      });
    }
  });

  it('fused-kernel.tl', async (ctx) => {
    for (const batch of [1, 3, 5]) {
      await expectSameResults(device(ctx), {
        ...example('fused-kernel.tl'),
        kernel: 'fused_kernel',
        args: [{ value: 0.75 }, { members: batch }, {}, {}, { sizes: [batch] }],
        groups: batch,
        tolerance: SUMS,
      });
    }
  });

  it('batched-small-gemm.tl', async (ctx) => {
    for (const [batch, K] of [[1, 4], [4, 3], [7, 1]] as const) {
      await expectSameResults(device(ctx), {
        ...example('batched-small-gemm.tl'),
        kernel: 'batched_small_gemm',
        args: [{ value: 1.5 }, { sizes: [K], members: batch }, { sizes: [K, batch] }, { value: -0.5 }, { sizes: [batch] }],
        groups: batch,
        tolerance: SUMS,
      });
    }
  });

  it('matrix-chain.tl: f64 is a located error; the same kernel in f32 runs', async (ctx) => {
    const { source, file } = example('matrix-chain.tl');
    const c = new Context({ dialects: [...DEFAULT_DIALECTS] });
    const errors: string[] = [];
    c.diagnostics.addHandler((d) => errors.push(formatDiagnostic(d, c.sources)));
    const module = parseTensorLanguage(c, source, file)!;
    const pm = parsePassPipeline('builtin.module(lower-to-krnl,lower-to-gpu)', createPassRegistry());
    expect(pm instanceof Error).toBe(false);
    expect((pm as { run(m: unknown): boolean }).run(module)).toBe(true);
    expect(translateToWgsl(module)).toBeUndefined();
    expect(errors.length).toBe(5);
    expect(errors[0]).toContain('examples/kernels/matrix-chain.tl:7:20: error: f64 is not supported by WGSL');
    for (const batch of [1, 2, 6]) {
      await expectSameResults(device(ctx), {
        source: source.replaceAll('f64', 'f32'),
        file: 'matrix-chain-f32.tl',
        kernel: 'matrix_chain',
        args: [{ sizes: [batch] }, {}, {}, {}, { sizes: [batch] }],
        groups: batch,
        tolerance: SUMS,
      });
    }
  });
});
