// The krnl specification's tiled matmul example (krnl-dialect.txt, krnl.matmul): it parses, verifies, runs, and
// lowers to scf with the same results (the sums over k keep their order: bit for bit).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { argument, elements, iota } from '../../../dialects/krnl/test/interpreter/krnl-harness.js';
import { expectSameAfterLowering, harness } from './lowering-equivalence.js';

const text = readFileSync(new URL('./spec-matmul.mlir', import.meta.url), 'utf8');

describe("the specification's tiled matmul", () => {
  it('computes C += A * B and lowers to loops that compute the same', () => {
    const program = harness.parse(text, 'spec-matmul.mlir');
    const a = iota(40 * 60).map((e) => Math.fround(Math.sin(e) * 3));
    const b = iota(60 * 80).map((e) => Math.fround(Math.cos(e * 0.7)));
    const c = iota(40 * 80).map((e) => Math.fround(e / 64));
    const args = [argument(program, 'matmul', 0, a), argument(program, 'matmul', 1, b), argument(program, 'matmul', 2, c)];
    expectSameAfterLowering(program, 'matmul', args);
    // Against the definition: C[i, j] + sum over k in increasing order, each step rounded to f32.
    const want = c.map((v, e) => {
      const [i, j] = [Math.floor(e / 80), e % 80];
      let acc = v;
      for (let k = 0; k < 60; k++) acc = Math.fround(Math.fround(a[i * 60 + k]! * b[k * 80 + j]!) + acc);
      return acc;
    });
    expect(elements(args[2]!)).toEqual(want);
  });
});
