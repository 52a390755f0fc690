// Property: gemm and gemv on their register-tile paths (accumulators in registers, direct loads or staged tiles)
// store bit for bit what the tensor language stores, after lower-to-krnl and after convert-krnl-to-scf, on random
// shapes that are multiples of the work-group tiles (no bounds code: the fast path) or not (edges), static or
// dynamic, transposed, strided subviews, beta 0 and 1 (collective-cases.ts: reductionCaseArb).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCALE } from '../../../frontends/tl/test/property-settings.js';
import { argumentsOf, kernelText, reductionCaseArb } from './collective-cases.js';
import { LATER_STAGES, runEquivalence } from './lowering-harness.js';

describe('gemm and gemv register tiles after lower-to-krnl', () => {
  it('store bit for bit what the tensor language stores, on divisible and edge shapes, direct and staged', () => {
    fc.assert(
      fc.property(reductionCaseArb, (c) => {
        const { text, indexArgs } = kernelText(c);
        const r = runEquivalence({
          source: text,
          kernel: 'k',
          groups: c.groups,
          args: argumentsOf(c, indexArgs),
          stages: [`builtin.module(${c.schedule})`, ...LATER_STAGES],
        });
        expect(r.differences, `${c.schedule}\n${text}`).toEqual([]);
      }),
      { numRuns: 60 * SCALE },
    );
  });
});
