// Why long-running kernels are compared on LONG_LOOP_ADAPTERS (support/end-to-end.ts): Mesa's llvmpipe ends a
// work-item's loops after 65,535 iterations in all and goes on without a word, so a loop of 70,000 iterations
// counts to 65,535 there; the adapters the long cases run on count to the end.
import { describe, expect, it } from 'vitest';
import { ndarray } from '@tlir/runtime';
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

describe('loop iterations of one work-item', () => {
  it('run to the end on the adapters of long-running kernels', async (ctx) => {
    await expectSameResults(longLoops(ctx), { source: COUNT, file: 'count.tl', kernel: 'k', args: [{}, { value: N }], groups: 1, tolerance: 0 });
  });

  it(`stop after ${LLVMPIPE_LOOP_ITERATIONS} in all on llvmpipe`, async (ctx) => {
    const translated = translateTl({ source: COUNT, file: 'count.tl', kernel: 'k' });
    const compiled = await llvmpipe(ctx).loadKernel({ wgsl: translated.wgsl, manifest: translated.manifest });
    const out = ndarray(new Int32Array(1));
    const [outName, nName] = translated.manifest.arguments.map((a) => a.name);
    await compiled.launch({ [outName!]: out, [nName!]: N }, { groups: 1 });
    expect(out.data[0]).toBe(LLVMPIPE_LOOP_ITERATIONS);
  });
});
