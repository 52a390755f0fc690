// A for loop ends once its variable plus the step reaches the upper bound, computed exactly (the interpreter,
// dialects/scf/src/interpreter/for-loop.ts): `for %i = 120, 127, 2 : i8` runs 120, 122, 124, 126. The WGSL once
// stepped the variable in the type, which wraps past its largest value (126 + 2 is -128 in i8) to below the bound:
// that loop never ended on WebGPU, and with a step of 5 it ran 155 times instead of 2. Each case here counts the
// iterations on the adapter and in the interpreter, for i8, i16, i32 and index loops whose bounds and steps are
// arguments (dynamic) or constants (the translation keeps the plain sum where it cannot wrap).
import { describe, it } from 'vitest';
import { useWebGpuDevice } from '../../../../packages/runtime/test/support/webgpu-adapter.js';
import { END_TO_END_ADAPTERS, expectSameResults } from '../support/end-to-end.js';

const device = useWebGpuDevice(END_TO_END_ADAPTERS);

/** Counts the iterations of `for %i = lo, hi, step : T` (work-item 0 adds 1 per iteration; %i is stored too). */
function counter(type: string, bounds: string, args = ''): string {
  return `func @count(%out: memref<i32x2>${args}) work_group_size(4, 1) {
  foreach %t = 0, 1 {
    store 0, %out[0] : memref<i32x2>
  }
  for %i = ${bounds} : ${type} {
    foreach %t = 0, 1 {
      %n = load %out[0] : memref<i32x2>
      %m = arith.add %n, 1 : i32
      store %m, %out[0] : memref<i32x2>
      %last = cast %i : ${type} -> i32
      store %last, %out[1] : memref<i32x2>
    }
  }
}
`;
}

interface LoopCase {
  readonly name: string;
  readonly source: string;
  readonly values: readonly number[];
}

const CASES: LoopCase[] = [
  ...[
    ['i8', 120, 127, 2],
    ['i8', 120, 127, 5],
    ['i8', -128, 127, 100],
    ['i16', 32700, 32767, 13],
    ['i32', 2147483640, 2147483647, 5],
    ['i32', -2147483647, 2147483647, 1073741824],
    ['index', 2147483600, 2147483647, 16],
  ].map(([type, lo, hi, step]) => ({
    name: `${type} from ${lo} to ${hi} by ${step}, bounds and step as arguments`,
    source: counter(type as string, '%lo, %hi, %step', `, %lo: ${type}, %hi: ${type}, %step: ${type}`),
    values: [lo as number, hi as number, step as number],
  })),
  { name: 'i8 from 120 to 127 by 2, constants', source: counter('i8', '120, 127, 2'), values: [] },
  { name: 'i32 from 2147483640 to 2147483647 by 5, constants', source: counter('i32', '2147483640, 2147483647, 5'), values: [] },
  { name: 'i32 from 0 to 7 by 2, constants (no wrap possible)', source: counter('i32', '0, 7, 2'), values: [] },
];

describe('for loops whose next value would wrap past the largest value', () => {
  for (const c of CASES) {
    it(c.name, async (ctx) => {
      await expectSameResults(device(ctx), {
        source: c.source,
        file: 'count.tl',
        kernel: 'count',
        args: [{}, ...c.values.map((value) => ({ value }))],
        groups: 1,
        tolerance: 0,
      });
    });
  }
});
