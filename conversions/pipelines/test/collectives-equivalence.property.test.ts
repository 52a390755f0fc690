// Property: every collective gives the same results, bit for bit, as tensor language and after `--lower-to-krnl
// --lower-to-gpu`, run by the gpu interpreter (every work-item of every work-group a coroutine, meeting at the
// barriers the lowering inserted), on random cases (../to-krnl/collective-cases.ts: shapes, transposes, subviews,
// element types, alpha and beta, atomics, several work-groups, random schedules) on work-groups of several
// work-items, so that a missing barrier reads a tile buffer before the others filled it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCALE } from '../../../frontends/tl/test/property-settings.js';
import { argumentsOf, caseArb, kernelText } from '../../tl-to-krnl/test/collective-cases.js';
import { runEquivalence } from '../../tl-to-krnl/test/lowering-harness.js';

/** Work-group sizes of several work-items (x, y), in place of the schedule's own. */
const workGroupArb = fc.constantFrom<[number, number]>([2, 1], [3, 2], [4, 4], [16, 1], [5, 3], [1, 4]);

describe('collectives after lower-to-krnl and lower-to-gpu', () => {
  it('store bit for bit what the tensor language stores, on random cases, schedules and work-groups', () => {
    fc.assert(
      fc.property(caseArb, workGroupArb, (c, [x, y]) => {
        const schedule = c.schedule.replace(/ work-group-size=[0-9,]+/, '').replace(/}$/, ` work-group-size=${x},${y}}`);
        const { text, indexArgs } = kernelText(c);
        const r = runEquivalence({
          source: text,
          kernel: 'k',
          groups: c.groups,
          args: argumentsOf(c, indexArgs),
          stages: [`builtin.module(${schedule})`, 'builtin.module(lower-to-gpu)'],
        });
        expect(r.differences, `${schedule}\n${text}`).toEqual([]);
        expect(r.stages[1]).toContain('gpu.launch_func');
      }),
      { numRuns: 60 * SCALE },
    );
  });
});
