// Every kernel of examples/kernels gives the same results, bit for bit, as tensor language and after lower-to-krnl,
// for several numbers of work-groups and several schedules (the default one, small tiles that leave partial tiles
// everywhere, no copies, explicit loops instead of krnl.matmul, a given work-group size).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXAMPLES_DIR, EXAMPLE_LIST } from './example-launches.js';
import { LATER_STAGES, runEquivalence } from './lowering-harness.js';

const EXAMPLES = fileURLToPath(EXAMPLES_DIR);

/** The schedules each example is lowered with. */
const SCHEDULES = [
  'lower-to-krnl',
  'lower-to-krnl{copy=true}',
  'lower-to-krnl{copy=true tile-m=8 tile-n=4 tile-k=3 register-m=2 register-n=2}',
  'lower-to-krnl{copy=false tile-k=5}',
  'lower-to-krnl{register-m=1 register-n=3 tile-n=6}',
  'lower-to-krnl{work-group-size=4,2 tile-k=2}',
];

describe('examples/kernels after lower-to-krnl', () => {
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
          stages: [`builtin.module(${schedule})`, ...LATER_STAGES],
        });
        expect(r.differences, r.stages.join('\n')).toEqual([]);
      }
    });
  }
});
