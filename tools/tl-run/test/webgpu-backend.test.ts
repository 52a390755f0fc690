// tl-run's webgpu backend on a WebGPU adapter (a CPU one without a GPU; skipped without any, failing under CI=true:
// packages/runtime/test/support/webgpu-adapter.ts): every example kernel runs and agrees with the interpreter on the
// tl IR (--check); --out gives what an independent computation gives; --bench reports the device's timing; groups
// with offsets, strided memrefs and index arrays reach the WGSL as the interpreter sees them; f64 kernels and index
// values beyond 32 bits are located errors.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import { ndarray, getElement, type NdArray, type RuntimeDevice } from '@tlir/runtime';
import { readNpyFile, writeNpyFile } from '@tlir/runtime/node';
import { useWebGpuDevice } from '../../../packages/runtime/test/support/webgpu-adapter.js';
import { processRunIO, runTlRun } from '../src/index.js';

const device = useWebGpuDevice();
const EXAMPLES = fileURLToPath(new URL('../../../examples/kernels/', import.meta.url));
const HERE = fileURLToPath(new URL('./', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tl-run-webgpu-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs tl-run in this process on the test's device (which the run leaves open). */
async function tlRun(ctx: TestContext, argv: string[]): Promise<Outcome> {
  const gpu: RuntimeDevice = device(ctx);
  let stdout = '';
  let stderr = '';
  const io = { ...processRunIO, stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
  const code = await runTlRun(argv, io, { acquire: async () => gpu, done: () => undefined });
  return { code, stdout, stderr };
}

describe('the example kernels on WebGPU agree with the interpreter on the tl IR', () => {
  it.each([
    ['fused-kernel.tl', 'fused_kernel', ['--groups', '3', '--shape', 'D=16x16x3']],
    ['batched-small-gemm.tl', 'batched_small_gemm', ['--groups', '3', '--shape', 'A=16x5', '--shape', 'B=5x8x3', '--shape', 'C=16x8x3']],
    ['tall-and-skinny-gemm.tl', 'tall_and_skinny', ['--groups', '2', '--shape', 'A=70x8', '--shape', 'C=70x4']],
    ['bias-relu.tl', 'bias_relu', ['--groups', '3', '--shape', 'X=70x3', '--shape', 'bias=70', '--shape', 'Y=70x3']],
  ])('%s', async (file, kernel, args, ctx) => {
    const r = await tlRun(ctx, [EXAMPLES + file, '--kernel', kernel, ...args, '--random', '--check']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`check: @${kernel} on WebGPU against the interpreter on the tl IR`);
    expect(r.stdout).toMatch(/\ncheck: ok /);
    expect(r.code).toBe(0);
  });

  it('matrix-chain.tl (f64) is an error at the argument WGSL cannot take', async (ctx) => {
    const r = await tlRun(ctx, [EXAMPLES + 'matrix-chain.tl', '--kernel', 'matrix_chain', '--groups', '2', '--shape', 'X=32x16x2', '--shape', 'Y=32x4x2', '--random']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/matrix-chain\.tl:7:\d+: error: .*f64/);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});

describe('--out on WebGPU', () => {
  it('writes C := alpha A B + beta C as an independent computation gives it, in the order given', async (ctx) => {
    const M = 100;
    const A = ndarray(Float32Array.from({ length: M * 8 }, (_, i) => ((i * 37) % 17) / 8 - 1), [M, 8], { order: 'C' });
    const B = ndarray(Float32Array.from({ length: 32 }, (_, i) => ((i * 5) % 7) / 4 - 0.75), [8, 4]);
    const C = ndarray(Float32Array.from({ length: M * 4 }, (_, i) => (i % 11) / 3), [M, 4], { order: 'C' });
    for (const [name, a] of Object.entries({ A, B, C })) writeNpyFile(join(dir, `${name}.npy`), a);
    const r = await tlRun(ctx, [
      EXAMPLES + 'tall-and-skinny-gemm.tl', '--kernel', 'tall_and_skinny', '--groups', String(Math.ceil(M / 64)),
      '--arg', 'alpha=0.5', '--arg', `A=${join(dir, 'A.npy')}`, '--arg', `B=${join(dir, 'B.npy')}`, '--arg', 'beta=-2',
      '--arg', `C=${join(dir, 'C.npy')}`, '--out', join(dir, 'out'),
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = readNpyFile(join(dir, 'out', 'C.npy'));
    expect([out.dtype, out.order, out.shape]).toEqual(['f32', 'C', [M, 4]]);
    for (let i = 0; i < M; i++) {
      for (let j = 0; j < 4; j++) {
        let sum = 0;
        for (let k = 0; k < 8; k++) sum += getElement(A, [i, k]) * getElement(B, [k, j]);
        const want = 0.5 * sum - 2 * getElement(C, [i, j]);
        expect(Math.abs(getElement(out, [i, j]) - want)).toBeLessThanOrEqual(1e-5 * Math.max(1, Math.abs(want)));
      }
    }
    expect(readFileSync(join(dir, 'out', 'A.npy'))).toEqual(readFileSync(join(dir, 'A.npy'))); // inputs unchanged, byte for byte
  });

  it('passes groups with offsets and strided memrefs as the interpreter does', async (ctx) => {
    const r = await tlRun(ctx, [HERE + 'layouts-and-orders.tl', '--kernel', 'layouts', '--random', '--groups', '2', '--shape', 'x=6', '--shape', 'g=3x5', '--shape', 'h=6', '--shape', 'out=3x5x2', '--check']);
    expect(r.stdout).toMatch(/\ncheck: ok /);
    expect(r.code).toBe(0);
  });
});

describe('index arrays on WebGPU', () => {
  const kernel = join(dir, 'index.tl');
  const source = `func @shift(%d: memref<indexx?>, %by: index) {
  foreach %i = 0, 5 {
    %v = load %d[%i] : memref<indexx?>
    %w = arith.add %v, %by : index
    store %w, %d[%i] : memref<indexx?>
  }
}
`;
  it('travel as int32 and come back as the int64 given', async (ctx) => {
    processRunIO.makeDirectory(dir);
    (await import('node:fs')).writeFileSync(kernel, source);
    writeNpyFile(join(dir, 'd.npy'), ndarray(BigInt64Array.from([0n, 1n, -2n, 3n, 4n]), [5]));
    const r = await tlRun(ctx, [kernel, '--kernel', 'shift', '--groups', '1', '--arg', `d=${join(dir, 'd.npy')}`, '--arg', 'by=1000', '--out', join(dir, 'index-out'), '--check']);
    expect(r.code).toBe(0);
    const out: NdArray = readNpyFile(join(dir, 'index-out', 'd.npy'));
    expect(out.dtype).toBe('i64');
    expect([...(out.data as BigInt64Array)]).toEqual([1000n, 1001n, 998n, 1003n, 1004n]);
  });

  it('refuse values beyond 32 bits', async (ctx) => {
    writeNpyFile(join(dir, 'big.npy'), ndarray(BigInt64Array.from([0n, 1n, 2n ** 40n, 3n, 4n]), [5]));
    const r = await tlRun(ctx, [kernel, '--kernel', 'shift', '--groups', '1', '--arg', `d=${join(dir, 'big.npy')}`, '--arg', 'by=1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("tl-run: argument 'd': the index element 1099511627776 does not fit the 32 bits of index on WebGPU");
  });
});

describe('--bench on WebGPU', () => {
  it('reports the device, its timing method and the collectives of the kernel', async (ctx) => {
    const r = await tlRun(ctx, [HERE + 'bench.tl', '--kernel', 'work', '--random', '--groups', '2', '--bench', '--repetitions', '3']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^tl-run: WebGPU adapter: .+\n$/);
    expect(r.stdout).toMatch(/^bench: @work, 2 work-groups, WebGPU \((gpu|swiftshader|opengles) recipe\), 3 launches timed by (timestamp-query|wall-clock)\n/);
    expect(r.stdout).toContain('gemm: 2 executions, 864 operations, 832 bytes');
    expect(r.stdout).toContain("(the collectives' 1522 operations and 2584 bytes per launch, at the median time)");
  });
});
