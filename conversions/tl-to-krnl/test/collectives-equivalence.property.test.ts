// Property: every collective gives the same results, bit for bit, as tensor language and after lower-to-krnl, on
// random cases: shapes from 0 to 13 (rarely a multiple of any tile), transposes, operands that are subviews of
// larger memrefs (strides, offsets given as constants or values, sizes static, values or `?`), static or dynamic
// sizes, element types that promote (f32 to f64, i16 to i32, ...), alpha and beta as constants or arguments (0 and
// -0.0 included: the output is then NaN and must not be read), `.atomic` (beta 0 or 1), several work-groups, and
// random schedules (tile sizes, register tiles, copies on or off, krnl.matmul or loops, work-group sizes). The data
// have full mantissas (and a few infinities, NaNs and negative zeros), so any change in the order of operations
// shows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCALE } from '../../../frontends/tl/test/property-settings.js';
import { argumentsOf, caseArb, kernelText } from './collective-cases.js';
import { LATER_STAGES, runEquivalence } from './lowering-harness.js';

describe('collectives after lower-to-krnl', () => {
  it('store bit for bit what the tensor language stores, on random cases and schedules', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
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
      { numRuns: 120 * SCALE },
    );
  });
});
