// Every kernel of examples/kernels gives the same results, bit for bit, as tensor language and after
// `--lower-to-krnl --lower-to-gpu`, run by the gpu interpreter: the host function launches the kernel on every
// work-group, each work-group of several work-items (work-items as coroutines meeting at the barriers), for several
// numbers of work-groups and schedules (work-group sizes above 1 everywhere, so that a missing barrier shows).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXAMPLES_DIR, EXAMPLE_LIST } from '../../tl-to-krnl/test/example-launches.js';
import { runEquivalence } from '../../tl-to-krnl/test/lowering-harness.js';

const EXAMPLES = fileURLToPath(EXAMPLES_DIR);

/** The schedules each example is lowered with before lower-to-gpu: direct loads (the default) and staged tiles. */
const SCHEDULES = [
  'lower-to-krnl',
  'lower-to-krnl{copy=true}',
  'lower-to-krnl{copy=true tile-m=8 tile-n=4 tile-k=3 register-m=2 register-n=2 work-group-size=4,2}',
  'lower-to-krnl{copy=false tile-m=8 tile-n=4 register-m=2 register-n=2 work-group-size=4,2}',
  'lower-to-krnl{copy=false work-group-size=3,2}',
];

describe('examples/kernels after lower-to-krnl and lower-to-gpu', () => {
  for (const example of EXAMPLE_LIST) {
    it.each(SCHEDULES)(`${example.file}: %s`, (schedule) => {
      const source = readFileSync(EXAMPLES + example.file, 'utf8');
      for (const launch of example.launches) {
        const r = runEquivalence({
          source,
          filename: `examples/kernels/${example.file}`,
          kernel: example.kernel,
          groups: launch.groups,
          args: launch.args,
          stages: [`builtin.module(${schedule})`, 'builtin.module(lower-to-gpu)'],
        });
        expect(r.differences, r.stages.join('\n')).toEqual([]);
        // The kernel ran as a gpu kernel: launched from the host function, with its barriers.
        expect(r.stages[1]).toContain('gpu.launch_func');
        expect(r.stages[1]).toContain('gpu.func @');
      }
    });
  }
});
