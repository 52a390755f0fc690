// The lowering to scf keeps what a program computes: random krnl programs run in the interpreter before and after
// convert-krnl-to-scf give the same results and memories, bit for bit (the lowering keeps the order of every
// floating-point operation: each matmul sum runs over k upwards from C's element, as krnl.matmul defines it).
//  1. loop nests with random schedules: bounds (some dynamic, some empty) that tiles do not divide, chains of
//     krnl.block on tile and point loops, permutations, nests split over nested krnl.iterate ops, parallel loops
//     (some mapped to processors), unrolled loops, krnl.get_induction_var_value, a counter carried in visit order;
//  2. tile-buffer copies of every tile of a 2-D or 3-D source (tiles past the end included), with tile sizes,
//     padding and transposes, the whole buffer dumped and the tile copied back;
//  3. tiled matmuls as in the krnl specification with random sizes, buffer tiles and compute sub-tiles, buffers or
//     not, padded buffers with overcompute, unroll, static or dynamic bounds; also compared with C + A * B.
// Runs from a fixed seed (TLIR_FC_SEED=random or a number explores elsewhere; TLIR_FC_SCALE multiplies the runs).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argument, elements } from '../../../dialects/krnl/test/interpreter/krnl-harness.js';
import { expectSameAfterLowering, harness } from './lowering-equivalence.js';
import { copyArb, copyProgram, matmulArb, matmulProgram, nestArb, nestProgram } from './random-krnl-programs.js';

const seedSetting = process.env.TLIR_FC_SEED;
if (seedSetting !== 'random') fc.configureGlobal({ seed: seedSetting ? Number(seedSetting) : 20261207 });
const SCALE = Number(process.env.TLIR_FC_SCALE ?? 1);

describe('convert-krnl-to-scf keeps what programs compute', () => {
  it('loop nests with random schedules', () => {
    fc.assert(
      fc.property(nestArb, (d) => {
        const { text, rank } = nestProgram(d);
        const program = harness.parse(text, 'nest.mlir');
        const size = 16 ** rank;
        const args = [argument(program, 'nest', 0, new Array<number>(size).fill(0)), argument(program, 'nest', 1, new Array<number>(size).fill(0)), ...d.loops.map((l) => l.ub)];
        expectSameAfterLowering(program, 'nest', args, text);
      }),
      { numRuns: 150 * SCALE },
    );
  });

  it('tile-buffer copies with tile sizes, padding and transposes', () => {
    fc.assert(
      fc.property(copyArb, fc.integer({ min: 0, max: 1 }), (d, k) => {
        const { text, sourceShape, dumpShape } = copyProgram(d);
        const program = harness.parse(text, 'copies.mlir');
        const n = sourceShape.reduce((a, x) => a * x, 1);
        const source = Array.from({ length: n }, (_, e) => 100 + e);
        const args = [
          argument(program, 'copies', 0, source),
          argument(program, 'copies', 1, new Array<number>(dumpShape[0]! * dumpShape[1]!).fill(0)),
          argument(program, 'copies', 2, new Array<number>(n).fill(0)),
          k,
        ];
        expectSameAfterLowering(program, 'copies', args, text);
      }),
      { numRuns: 150 * SCALE },
    );
  });

  it('tiled matmuls with random tiles, buffers, padding and overcompute', () => {
    fc.assert(
      fc.property(matmulArb, fc.integer({ min: 1, max: 1 << 20 }), (d, seed) => {
        const text = matmulProgram(d);
        const program = harness.parse(text, 'matmul.mlir');
        let x = seed;
        const random = (): number => {
          x = (x * 1103515245 + 12345) % 2147483648;
          return Math.fround(((x >> 8) % 2001) / 256 - 3.9);
        };
        const a = Array.from({ length: d.M * d.K }, random);
        const b = Array.from({ length: d.K * d.N }, random);
        const c = Array.from({ length: d.M * d.N }, random);
        const args = [argument(program, 'matmul', 0, a), argument(program, 'matmul', 1, b), argument(program, 'matmul', 2, c), d.M, d.N, d.K];
        expectSameAfterLowering(program, 'matmul', args, text);
        const want = c.map((v, e) => {
          const [i, j] = [Math.floor(e / d.N), e % d.N];
          let acc = v;
          for (let k = 0; k < d.K; k++) acc = Math.fround(Math.fround(a[i * d.K + k]! * b[k * d.N + j]!) + acc);
          return acc;
        });
        expect(elements(args[2] as never), text).toEqual(want);
      }),
      { numRuns: 60 * SCALE },
    );
  });
});
