// arith.min and arith.max (the instruction docs/adding-an-instruction.md adds) against an independent model:
// integers compare as cmp compares them (signed; i1 counts 0 or 1, so min is and, max is or), floats as C's fmin and
// fmax (a NaN operand gives the other one; -0.0 is less than +0.0, as JavaScript's Math.min and Math.max have it).
import { describe, expect, it } from 'vitest';
import { compile, memrefArg, runOk } from './kernel-harness.js';

/** A kernel storing `arith.min %a, %b` and `arith.max %a, %b` of type `t` into %out[0], %out[1]. */
function minMaxKernel(t: string): string {
  return `func @k(%a: ${t}, %b: ${t}, %out: memref<${t}x2>) {
  %0 = arith.min %a, %b : ${t}
  %1 = arith.max %a, %b : ${t}
  store %0, %out[0] : memref<${t}x2>
  store %1, %out[1] : memref<${t}x2>
}`;
}

function check(t: string, values: readonly (number | bigint)[], model: (a: number | bigint, b: number | bigint) => [number | bigint, number | bigint]): void {
  const c = compile(minMaxKernel(t));
  const k = c.kernel();
  for (const a of values) {
    for (const b of values) {
      const out = memrefArg(k, 2);
      runOk(c, k, [a, b, out]);
      expect(out.toArray(), `${t}: min and max of ${a}, ${b}`).toEqual(model(a, b));
    }
  }
}

describe('arith.min and arith.max', () => {
  it('integers compare signed', () => {
    const signed = (a: number | bigint, b: number | bigint): [number | bigint, number | bigint] => (a < b ? [a, b] : [b, a]);
    check('i8', [0, 1, -1, 127, -128, 5], signed);
    check('i16', [0, -32768, 32767, -2, 3], signed);
    check('i32', [0, 1, -1, 2147483647, -2147483648, 65536], signed);
    check('i64', [0n, -1n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 40n], signed);
    check('index', [0, -1, 2 ** 53 - 1, -(2 ** 53 - 1), 7], signed);
  });

  it('i1 counts 0 or 1: min is and, max is or', () => {
    check('i1', [0, 1], (a, b) => [Number(a) & Number(b), Number(a) | Number(b)]);
  });

  it("floats as C's fmin and fmax: a NaN operand gives the other one, -0.0 < +0.0", () => {
    const fmin = (a: number, b: number): number => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.min(a, b));
    const fmax = (a: number, b: number): number => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b));
    const values = [0, -0, 1.5, -2.25, Infinity, -Infinity, NaN, 1e-40, 3e38];
    check('f64', values, (a, b) => [fmin(a as number, b as number), fmax(a as number, b as number)]);
    check('f32', values.map(Math.fround), (a, b) => [fmin(a as number, b as number), fmax(a as number, b as number)]);
  });
});
