// The replicated scalar instructions (arith, arith_unary, cmp, cast, constants) against an independent model:
// integers computed exactly with bigints and wrapped to their width, floats computed in double precision and
// rounded to f32 where the type is f32. What C leaves undefined is a located runtime error.
import { describe, expect, it } from 'vitest';
import { compile, memrefArg, run, runOk } from './kernel-harness.js';

type IntType = 'i8' | 'i16' | 'i32' | 'i64' | 'index';
const WIDTH: Record<IntType, number> = { i8: 8, i16: 16, i32: 32, i64: 64, index: 64 };
const toHost = (t: IntType, v: bigint): number | bigint => (t === 'i64' ? v : Number(v));
const edges = (t: IntType): bigint[] => {
  if (t === 'index') return [0n, 1n, -1n, 7n, -9n, 1000n, -(2n ** 40n)];
  const w = BigInt(WIDTH[t]);
  const min = -(1n << (w - 1n));
  return [0n, 1n, -1n, 2n, 7n, -9n, min, -min - 1n, min + 1n, 100n % (-min), -3n];
};

/** One kernel storing the results of `kinds` applied to %a, %b (binary) into %out. */
function binaryKernel(t: IntType | 'f32' | 'f64', kinds: readonly string[]): string {
  const body = kinds.map((k, i) => `  %r${i} = arith.${k} %a, %b : ${t}\n  store %r${i}, %out[${i}] : memref<${t}x${kinds.length}>`).join('\n');
  return `func @k(%a: ${t}, %b: ${t}, %out: memref<${t}x${kinds.length}>) {\n${body}\n}`;
}

/** The result of `a kind b` on w-bit integers; `index` (w = 0 here) is exact and faults beyond 2^53 - 1. */
function intModel(kind: string, w: number, a: bigint, b: bigint): bigint | 'undefined' {
  const wrap = (v: bigint): bigint => (w === 0 ? v : BigInt.asIntN(w, v));
  const r = intModelAt(kind, w || 64, wrap, a, b);
  return w === 0 && r !== 'undefined' && (r > 2n ** 53n - 1n || r < -(2n ** 53n - 1n)) ? 'undefined' : r;
}

function intModelAt(kind: string, w: number, wrap: (v: bigint) => bigint, a: bigint, b: bigint): bigint | 'undefined' {
  const fits = (v: bigint): boolean => BigInt.asIntN(w, v) === v;
  switch (kind) {
    case 'add':
      return wrap(a + b);
    case 'sub':
      return wrap(a - b);
    case 'mul':
      return wrap(a * b);
    case 'and':
      return a & b;
    case 'or':
      return a | b;
    case 'xor':
      return a ^ b;
    case 'div':
      return b === 0n || !fits(a / b) ? 'undefined' : a / b;
    case 'rem':
      return b === 0n || !fits(a / b) ? 'undefined' : a % b;
    case 'shl':
      return b < 0n || b >= BigInt(w) ? 'undefined' : wrap(a << b);
    case 'shr':
      return b < 0n || b >= BigInt(w) ? 'undefined' : a >> b;
  }
  throw new Error(kind);
}

describe('integer arithmetic wraps at the width', () => {
  for (const t of ['i8', 'i16', 'i32', 'i64', 'index'] as const) {
    it(`${t}: add, sub, mul, and, or, xor, div, rem, shl, shr`, () => {
      const groups = [['add', 'sub', 'mul', 'and', 'or', 'xor'], ['div'], ['rem'], ['shl'], ['shr']];
      for (const kinds of groups) {
        const c = compile(binaryKernel(t, kinds));
        const k = c.kernel();
        for (const a of edges(t)) {
          const bs = kinds[0] === 'shl' || kinds[0] === 'shr' ? [0n, 1n, 3n, BigInt(WIDTH[t] - 1), BigInt(WIDTH[t]), -1n] : edges(t);
          for (const b of bs) {
            const expected = kinds.map((kind) => intModel(kind, t === 'index' ? 0 : WIDTH[t], a, b));
            const out = memrefArg(k, 2);
            const error = run(c, k, [toHost(t, a), toHost(t, b), out]);
            if (expected.includes('undefined')) {
              expect(error, `${a} ${kinds[0]} ${b} : ${t}`).toMatch(/kernel\.tl:\d+:\d+: error: (integer (division|remainder) (by zero|overflows)|shift amount|index value)/);
            } else {
              expect(error, `${a} ${kinds} ${b} : ${t}`).toBeUndefined();
              expect(out.toArray().map((v) => BigInt(v)), `${a} ${kinds} ${b} : ${t}`).toEqual(expected);
            }
          }
        }
      }
    });
  }

  it('names the undefined operation at the instruction', () => {
    const c = compile(binaryKernel('i32', ['div']));
    const k = c.kernel();
    expect(run(c, k, [1, 0, memrefArg(k, 2)])).toBe(
      'kernel.tl:2:9: error: integer division by zero\n  %r0 = arith.div %a, %b : i32\n        ^\n' +
        'kernel.tl:1:6: note: in work-group 0 of 1 of @k\nfunc @k(%a: i32, %b: i32, %out: memref<i32x1>) {\n     ^\n',
    );
    expect(run(c, k, [-(2 ** 31), -1, memrefArg(k, 2)])).toContain('error: integer division overflows i32: -2147483648 / -1');
  });

  it('i1: and, or, xor, add, mul, and unary not and neg', () => {
    const c = compile(`func @k(%a: i1, %b: i1, %out: memref<i1x7>) {
  %0 = arith.and %a, %b : i1
  %1 = arith.or %a, %b : i1
  %2 = arith.xor %a, %b : i1
  %3 = arith.add %a, %b : i1
  %4 = arith.mul %a, %b : i1
  %5 = arith.not %a : i1
  %6 = arith.neg %a : i1
  store %0, %out[0] : memref<i1x7>
  store %1, %out[1] : memref<i1x7>
  store %2, %out[2] : memref<i1x7>
  store %3, %out[3] : memref<i1x7>
  store %4, %out[4] : memref<i1x7>
  store %5, %out[5] : memref<i1x7>
  store %6, %out[6] : memref<i1x7>
}`);
    const k = c.kernel();
    for (const a of [0, 1]) {
      for (const b of [0, 1]) {
        const out = memrefArg(k, 2);
        runOk(c, k, [a, b, out]);
        expect(out.toArray()).toEqual([a & b, a | b, a ^ b, (a + b) & 1, a & b, 1 - a, a]);
      }
    }
  });

  it('unary neg and not', () => {
    const c = compile(`func @k(%a: i8, %b: i64, %out: memref<i8x2>, %out64: memref<i64x2>) {
  %0 = arith.neg %a : i8
  %1 = arith.not %a : i8
  %2 = arith.neg %b : i64
  %3 = arith.not %b : i64
  store %0, %out[0] : memref<i8x2>
  store %1, %out[1] : memref<i8x2>
  store %2, %out64[0] : memref<i64x2>
  store %3, %out64[1] : memref<i64x2>
}`);
    const k = c.kernel();
    for (const [a, b] of [[-128, -(2n ** 63n)], [5, 5n], [0, 0n], [127, 2n ** 63n - 1n]] as const) {
      const [o8, o64] = [memrefArg(k, 2), memrefArg(k, 3)];
      runOk(c, k, [a, b, o8, o64]);
      expect(o8.toArray()).toEqual([BigInt.asIntN(8, BigInt(-a)), ~a].map(Number));
      expect(o64.toArray()).toEqual([BigInt.asIntN(64, -b), ~b]);
    }
  });
});

describe('float arithmetic rounds to the type', () => {
  const values = [0.1, 0.2, 1 / 3, -2.5, 1e30, 3e38, 1e-40, 0, -0, Infinity, NaN, 7];
  for (const t of ['f32', 'f64'] as const) {
    it(`${t}: add, sub, mul, div, rem, neg`, () => {
      const round = t === 'f32' ? Math.fround : (v: number) => v;
      const c = compile(binaryKernel(t, ['add', 'sub', 'mul', 'div', 'rem']).replace('\n}', `\n  %n = arith.neg %a : ${t}\n  store %n, %neg[0] : memref<${t}x1>\n}`).replace(`%out: memref<${t}x5>)`, `%out: memref<${t}x5>, %neg: memref<${t}x1>)`));
      const k = c.kernel();
      for (const x of values) {
        for (const y of values) {
          const [a, b] = [round(x), round(y)];
          const [out, neg] = [memrefArg(k, 2), memrefArg(k, 3)];
          runOk(c, k, [a, b, out, neg]);
          const expected = [a + b, a - b, a * b, a / b, a % b].map(round);
          expect(out.toArray(), `${a}, ${b}`).toEqual(expected);
          expect(Object.is(neg.toArray()[0], -a)).toBe(true);
        }
      }
    });
  }

  it('f32 is not f64: 0.1 + 0.2', () => {
    const c = compile(binaryKernel('f32', ['add']));
    const k = c.kernel();
    const out = memrefArg(k, 2);
    runOk(c, k, [0.1, 0.2, out]);
    expect(out.toArray()[0]).toBe(Math.fround(Math.fround(0.1) + Math.fround(0.2)));
    expect(out.toArray()[0]).not.toBe(0.1 + 0.2);
  });
});

describe('comparisons', () => {
  const conds = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
  const kernel = (t: string): string =>
    `func @k(%a: ${t}, %b: ${t}, %out: memref<i1x6>) {\n` +
    conds.map((cond, i) => `  %c${i} = cmp.${cond} %a, %b : ${t}\n  store %c${i}, %out[${i}] : memref<i1x6>`).join('\n') +
    '\n}';
  const model = (a: number | bigint, b: number | bigint): number[] => [a === b, a !== b, a > b, a >= b, a < b, a <= b].map(Number);

  it('on signed integers, on floats with NaN, on i1', () => {
    const cases: [string, (number | bigint)[]][] = [
      ['i8', [-128, -1, 0, 1, 127]],
      ['i32', [-(2 ** 31), -5, 0, 3, 2 ** 31 - 1]],
      ['i64', [-(2n ** 63n), -1n, 0n, 2n ** 62n]],
      ['index', [-7, 0, 12]],
      ['f32', [-Infinity, -1.5, -0, 0, 2, NaN]],
      ['f64', [0.1, 0.3, NaN, Infinity]],
      ['i1', [0, 1]],
    ];
    for (const [t, vs] of cases) {
      const c = compile(kernel(t));
      const k = c.kernel();
      for (const a of vs) {
        for (const b of vs) {
          const out = memrefArg(k, 2);
          runOk(c, k, [a, b, out]);
          expect(out.toArray(), `${a} vs ${b} : ${t}`).toEqual(model(a, b));
        }
      }
    }
  });
});

describe('casts', () => {
  const cast = (from: string, to: string, a: number | bigint): number | bigint | string => {
    const c = compile(`func @k(%a: ${from}, %out: memref<${to}>) {\n  %0 = cast %a : ${from} -> ${to}\n  store %0, %out[] : memref<${to}>\n}`);
    const k = c.kernel();
    const out = memrefArg(k, 1);
    const e = run(c, k, [a, out]);
    return e ?? out.toArray()[0]!;
  };

  it('integers sign-extend and truncate', () => {
    expect(cast('i8', 'i32', -5)).toBe(-5);
    expect(cast('i32', 'i8', 300)).toBe(44);
    expect(cast('i32', 'i16', -40000)).toBe(25536);
    expect(cast('i64', 'i32', 2n ** 40n + 7n)).toBe(7);
    expect(cast('i32', 'i64', -1)).toBe(-1n);
    expect(cast('index', 'i8', 255)).toBe(-1);
    expect(cast('i16', 'index', -3)).toBe(-3);
  });

  it('i1 counts 0 or 1, and anything cast to i1 is a != 0', () => {
    expect(cast('i1', 'i32', 1)).toBe(1);
    expect(cast('i1', 'f32', 1)).toBe(1);
    expect(cast('i32', 'i1', 2)).toBe(1);
    expect(cast('i32', 'i1', 0)).toBe(0);
    expect(cast('f64', 'i1', 0.25)).toBe(1);
    expect(cast('f64', 'i1', -0)).toBe(0);
  });

  it('integers to floats round to nearest, floats to integers truncate toward zero', () => {
    expect(cast('i32', 'f32', 16777217)).toBe(16777216);
    expect(cast('i64', 'f64', 2n ** 53n + 1n)).toBe(2 ** 53);
    expect(cast('i64', 'f32', 2n ** 64n / 2n - 1n)).toBe(2 ** 63);
    expect(cast('f32', 'i32', -2.75)).toBe(-2);
    expect(cast('f64', 'i8', 127.9)).toBe(127);
    expect(cast('f64', 'i64', -(2 ** 62))).toBe(-(2n ** 62n));
    expect(cast('f64', 'f32', 0.1)).toBe(Math.fround(0.1));
    expect(cast('f32', 'f64', 0.1)).toBe(Math.fround(0.1));
    expect(cast('f64', 'f32', 1e300)).toBe(Infinity);
  });

  it('a float that does not fit the integer type is a runtime error', () => {
    expect(cast('f64', 'i8', 128)).toContain('kernel.tl:2:8: error: cast of 128 from f64 to i8 is undefined: the value does not fit');
    expect(cast('f32', 'i32', NaN)).toContain('cast of NaN from f32 to i32 is undefined');
    expect(cast('f64', 'index', 1e300)).toContain('is undefined');
  });
});

describe('constants', () => {
  it('are written in place of values, rounded to the type, unsigned spellings as their bits', () => {
    const c = compile(`func @k(%out: memref<f32x2>, %i: memref<i8x2>, %b: memref<i1>, %x: memref<index>) {
  store 0.1, %out[0] : memref<f32x2>
  %0 = arith.add 1.5, -0x1.8p1 : f32
  store %0, %out[1] : memref<f32x2>
  store 200, %i[0] : memref<i8x2>
  store -1, %i[1] : memref<i8x2>
  store true, %b[] : memref<i1>
  store 123456789012, %x[] : memref<index>
}`);
    const k = c.kernel();
    const args = [memrefArg(k, 0), memrefArg(k, 1), memrefArg(k, 2), memrefArg(k, 3)];
    runOk(c, k, args);
    expect(args.map((a) => a.toArray())).toEqual([[Math.fround(0.1), -1.5], [-56, -1], [1], [123456789012]]);
  });
});
