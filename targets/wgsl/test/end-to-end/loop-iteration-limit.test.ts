// Why long-running kernels are compared on LONG_LOOP_ADAPTERS (support/end-to-end.ts): Mesa's llvmpipe ends a
// work-item's loops after 65,535 iterations in all and goes on without a word, so a loop of 70,000 iterations
// counts to 65,535 there; the adapters the long cases run on count to the end. The runtime's probe finds the limit,
// and a kernel translated with loop checks (--loop-check, loop-checks.ts) reports the loop llvmpipe ended instead of
// returning its wrong count.
import { describe, expect, it } from 'vitest';
import { GpuRuntimeError, ndarray, type RuntimeDevice } from '@tlir/runtime';
import { useWebGpuDevice } from '../../../../packages/runtime/test/support/webgpu-adapter.js';
import { expectSameResults, LLVMPIPE_LOOP_ITERATIONS, LONG_LOOP_ADAPTERS, translateTl } from '../support/end-to-end.js';

const COUNT = `func @k(%out: memref<i32x1>, %n: i32) {
  store 0, %out[0] : memref<i32x1>
  for %j = 0, %n : i32 {
    %s = load %out[0] : memref<i32x1>
    %t = arith.add %s, 1 : i32
    store %t, %out[0] : memref<i32x1>
  }
}
`;
const N = 70_000;

const longLoops = useWebGpuDevice(LONG_LOOP_ADAPTERS);
const llvmpipe = useWebGpuDevice({ recipes: ['opengles'] });

/** The count the kernel reaches on `device` with `n` iterations asked for. */
async function count(device: RuntimeDevice, n: number, loopCheck: boolean): Promise<number> {
  const translated = translateTl({ source: COUNT, file: 'count.tl', kernel: 'k', loopCheck });
  const compiled = await device.loadKernel({ wgsl: translated.wgsl, manifest: translated.manifest });
  const out = ndarray(new Int32Array(1));
  const [outName, nName] = translated.manifest.arguments.map((a) => a.name);
  await compiled.launch({ [outName!]: out, [nName!]: n }, { groups: 1 });
  return out.data[0]!;
}

describe('loop iterations of one work-item', () => {
  it('run to the end on the adapters of long-running kernels', async (ctx) => {
    await expectSameResults(longLoops(ctx), { source: COUNT, file: 'count.tl', kernel: 'k', args: [{}, { value: N }], groups: 1, tolerance: 0 });
  });

  it(`stop after ${LLVMPIPE_LOOP_ITERATIONS} in all on llvmpipe`, async (ctx) => {
    expect(await count(llvmpipe(ctx), N, false)).toBe(LLVMPIPE_LOOP_ITERATIONS);
  });

  it("are limited on llvmpipe by the runtime's probe, and not on the others", async (ctx) => {
    expect(await llvmpipe(ctx).loopIterationLimit()).toBe(LLVMPIPE_LOOP_ITERATIONS);
    expect(await longLoops(ctx).loopIterationLimit()).toBeUndefined();
  });

  it('with loop checks, a loop llvmpipe ended is an error at the loop, not a wrong count', async (ctx) => {
    const error = await count(llvmpipe(ctx), N, true).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GpuRuntimeError);
    const message = (error as GpuRuntimeError).message;
    expect(message).toContain(`count.tl:3:3: error: the adapter ended this scf.for loop early, at ${LLVMPIPE_LOOP_ITERATIONS} of ${N} (in work-group 0 of 'k')`);
  });

  it('with loop checks, loops that end by their condition give the same answers', async (ctx) => {
    expect(await count(llvmpipe(ctx), 60_000, true)).toBe(60_000);
    expect(await count(longLoops(ctx), N, true)).toBe(N);
  });
});
