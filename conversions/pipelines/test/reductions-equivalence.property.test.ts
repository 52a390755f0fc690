// Property: gemm and gemv on their register-tile paths store bit for bit what the tensor language stores after
// `--lower-to-krnl --lower-to-gpu`, run by the gpu interpreter (every work-item a coroutine, data races detected):
// the accumulators private to each work-item (allocas in its loops, or privatized from the staged path's buffer, then
// split into scalars by sroa), on shapes that are multiples of the work-group tiles or not, static or dynamic,
// transposed, strided subviews, beta 0 and 1 (../../tl-to-krnl/test/collective-cases.ts: reductionCaseArb).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCALE } from '../../../frontends/tl/test/property-settings.js';
import { argumentsOf, kernelText, reductionCaseArb } from '../../tl-to-krnl/test/collective-cases.js';
import { runEquivalence } from '../../tl-to-krnl/test/lowering-harness.js';

describe('gemm and gemv register tiles after lower-to-krnl and lower-to-gpu', () => {
  it('store bit for bit what the tensor language stores, on divisible and edge shapes, direct and staged', () => {
    fc.assert(
      fc.property(reductionCaseArb, (c) => {
        const { text, indexArgs } = kernelText(c);
        const r = runEquivalence({
          source: text,
          kernel: 'k',
          groups: c.groups,
          args: argumentsOf(c, indexArgs),
          stages: [`builtin.module(${c.schedule})`, 'builtin.module(lower-to-gpu)'],
        });
        expect(r.differences, `${c.schedule}\n${text}`).toEqual([]);
        expect(r.stages[1]).toContain('gpu.launch_func');
        // The accumulators are never workgroup memory (the tile buffers have two modes, the staged accumulators more).
        expect(r.stages[1]).not.toMatch(/memref<\d+x\d+x\d+[^>]*#gpu\.address_space<workgroup>>/);
      }),
      { numRuns: 40 * SCALE },
    );
  });
});
