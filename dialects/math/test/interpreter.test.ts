// The math ops in the reference interpreter: every op on scalars, computed in double precision and rounded once to
// the type, with the C library's conventions (NaN, domain errors, signed zeros); fma rounded once; erf and erfc
// against tabulated values; integer ops at the width.
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { MathDialect, registerMathInterpreter } from '@tlir/dialect-math';
import type { RuntimeValue } from '@tlir/interpreter';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';
import { erf, erfc } from '../src/interpreter/error-function.js';

const harness = interpreterHarness({
  dialects: [FuncDialect, ArithDialect, MathDialect],
  implementations: [registerFuncInterpreter, registerArithInterpreter, registerMathInterpreter],
});

/** Runs `%r = math.<op> <operands> : <type>` on arguments of `type`. */
function run(op: string, type: string, args: readonly RuntimeValue[], resultType = type, form?: string): RuntimeValue | string {
  const params = args.map((_, i) => `%x${i}: ${type}`).join(', ');
  const operands = args.map((_, i) => `%x${i}`).join(', ');
  const text = `func.func @f(${params}) -> ${resultType} {\n  %r = math.${op} ${form ?? `${operands} : ${type}`}\n  return %r : ${resultType}\n}\n`;
  const r = harness.parse(text).run('f', args);
  return r.error ?? r.results[0]!;
}
const f32 = Math.fround;

describe('float functions', () => {
  it.each([
    ['sqrt', 'f32', 2, f32(Math.SQRT2)],
    ['sqrt', 'f64', 2, Math.SQRT2],
    ['sqrt', 'f32', -0, -0],
    ['exp', 'f32', 1, f32(Math.E)],
    ['exp', 'f16', 1, 2.71875],
    ['exp2', 'f64', 10, 1024],
    ['expm1', 'f64', 1e-10, Math.expm1(1e-10)],
    ['log', 'f64', Math.E, 1],
    ['log', 'f32', 0, -Infinity],
    ['log2', 'f32', 8, 3],
    ['log10', 'f64', 1000, 3],
    ['log1p', 'f64', -1, -Infinity],
    ['sin', 'f32', f32(Math.PI), f32(Math.sin(f32(Math.PI)))],
    ['cos', 'bf16', 0, 1],
    ['tan', 'f64', 0.5, Math.tan(0.5)],
    ['asin', 'f32', 1, f32(Math.PI / 2)],
    ['acos', 'f64', -1, Math.PI],
    ['atan', 'f32', Infinity, f32(Math.PI / 2)],
    ['sinh', 'f64', 1, Math.sinh(1)],
    ['cosh', 'f32', 0, 1],
    ['tanh', 'f32', 100, 1],
    ['asinh', 'f64', 1, Math.asinh(1)],
    ['acosh', 'f64', 1, 0],
    ['atanh', 'f64', 1, Infinity],
    ['cbrt', 'f64', -27, -3],
    ['absf', 'f32', -0, 0],
    ['absf', 'f16', -65504, 65504],
    ['ceil', 'f32', -0.5, -0],
    ['ceil', 'f64', 1.2, 2],
    ['floor', 'f64', -1.2, -2],
    ['trunc', 'f32', f32(-2.7), -2],
    ['round', 'f64', 2.5, 3],
    ['round', 'f64', -2.5, -3],
    ['round', 'f32', f32(-0.4), -0],
    ['roundeven', 'f64', 2.5, 2],
    ['roundeven', 'f64', 3.5, 4],
    ['roundeven', 'f32', -0.5, -0],
    ['rsqrt', 'f32', 4, 0.5],
    ['rsqrt', 'f64', 0, Infinity],
    ['erf', 'f64', 0, 0],
    ['erfc', 'f32', Infinity, 0],
  ] as const)('%s %s: %s gives %s', (op, type, x, expected) => {
    expect(Object.is(run(op, type, [x]), expected)).toBe(true);
  });

  it('a domain error gives NaN, and a NaN operand gives NaN', () => {
    for (const [op, x] of [
      ['sqrt', -1],
      ['log', -1],
      ['log2', -0.5],
      ['acos', 2],
      ['asin', -2],
      ['acosh', 0.5],
      ['atanh', 2],
      ['sin', Infinity],
    ] as const) {
      expect([op, run(op, 'f32', [x])]).toEqual([op, Number.NaN]);
    }
    for (const op of ['exp', 'ceil', 'absf', 'round', 'erf', 'cbrt', 'rsqrt']) expect([op, run(op, 'f64', [Number.NaN])]).toEqual([op, Number.NaN]);
  });

  it.each([
    ['atan2', 'f64', [1, -1], (3 * Math.PI) / 4],
    ['atan2', 'f32', [0, -0], Number.NaN],
    ['powf', 'f64', [2, 0.5], Math.SQRT2],
    ['powf', 'f32', [Number.NaN, 0], 1],
    ['powf', 'f32', [1, Number.NaN], 1],
    ['powf', 'f64', [-8, 1 / 3], Number.NaN],
    ['powf', 'f16', [2, 16], Infinity],
    ['copysign', 'f32', [2, -0], -2],
    ['copysign', 'f64', [-3, 1], 3],
    ['copysign', 'f32', [Number.NaN, -1], Number.NaN],
  ] as const)('%s %s: %j gives %s', (op, type, args, expected) => {
    const r = run(op, type, args);
    if (Number.isNaN(expected)) expect(r).toBeNaN();
    else expect(Object.is(r, expected)).toBe(true);
  });

  it('clampf is maximumf(minimumf(x, max), min): NaN propagates', () => {
    const clampf = (x: number, lo: number, hi: number): RuntimeValue | string => run('clampf', 'f32', [x, lo, hi], 'f32', '%x0 to [%x1, %x2] : f32');
    expect(clampf(5, 0, 2)).toBe(2);
    expect(clampf(-5, 0, 2)).toBe(0);
    expect(clampf(1.5, 0, 2)).toBe(1.5);
    expect(clampf(Number.NaN, 0, 2)).toBeNaN();
    expect(clampf(1, Number.NaN, 2)).toBeNaN();
    expect(Object.is(clampf(-0, 0, 2), 0)).toBe(true);
  });

  it('sincos gives both', () => {
    const text = 'func.func @f(%x: f32) -> (f32, f32) {\n  %s, %c = math.sincos %x : f32\n  return %s, %c : f32, f32\n}\n';
    expect(harness.parse(text).run('f', [0.5]).results).toEqual([f32(Math.sin(0.5)), f32(Math.cos(0.5))]);
  });

  it('fpowi multiplies in the type by repeated squaring; a negative power is the reciprocal', () => {
    const fpowi = (type: string, b: number, p: RuntimeValue, ptype = 'i32'): RuntimeValue | string =>
      value(harness.parse(`func.func @f(%b: ${type}, %p: ${ptype}) -> ${type} {\n  %r = math.fpowi %b, %p : ${type}, ${ptype}\n  return %r : ${type}\n}\n`).run('f', [b, p]));
    const value = (r: { results?: readonly RuntimeValue[]; error?: string }): RuntimeValue | string => r.error ?? r.results![0]!;
    expect(fpowi('f64', 2, 10)).toBe(1024);
    expect(fpowi('f64', 2, -2)).toBe(0.25);
    expect(fpowi('f32', 0, 0)).toBe(1);
    expect(fpowi('f32', 0, -1)).toBe(Infinity);
    expect(fpowi('f16', 2, 16)).toBe(Infinity);
    expect(fpowi('f32', f32(1.1), 3)).toBe(f32(f32(f32(1.1) * f32(1.1)) * f32(1.1)));
    expect(fpowi('f64', -2, 3n, 'i64')).toBe(-8);
  });

  it('classifies floats', () => {
    const classify = (op: string, type: string, x: number): RuntimeValue | string => run(op, type, [x], 'i1', `%x0 : ${type}`);
    expect([classify('isnan', 'f32', Number.NaN), classify('isnan', 'f32', Infinity)]).toEqual([1, 0]);
    expect([classify('isinf', 'f64', -Infinity), classify('isinf', 'f64', 1e308)]).toEqual([1, 0]);
    expect([classify('isfinite', 'f16', 65504), classify('isfinite', 'f16', Infinity)]).toEqual([1, 0]);
    // 2^-20 is a normal f32 but a subnormal f16.
    expect([classify('isnormal', 'f32', 2 ** -20), classify('isnormal', 'f16', 2 ** -20), classify('isnormal', 'f64', 0)]).toEqual([1, 0, 0]);
  });
});

describe('fma rounds once', () => {
  it('f64: the exact product is not lost in a rounding before the addition', () => {
    expect(run('fma', 'f64', [1 + 2 ** -52, 1 - 2 ** -52, -1])).toBe(-(2 ** -104));
  });
  it('f32: no double rounding through f64 (the exact result is just above the midpoint of two f32 values)', () => {
    // (2^18 - 1) 2^-30 * -(2^18 + 1) 2^-30 = -(2^-24 - 2^-60); plus 1 + 2^-23 gives 1 + 2^-24 + 2^-60, which a
    // double would round to the tie 1 + 2^-24 (then to 1, ties to even); rounded once it is 1 + 2^-23.
    expect(run('fma', 'f32', [262143 * 2 ** -30, -262145 * 2 ** -30, 1 + 2 ** -23])).toBe(1 + 2 ** -23);
  });
  it('zeros, infinities and NaN', () => {
    expect(Object.is(run('fma', 'f32', [0, -1, -0]), -0)).toBe(true);
    expect(Object.is(run('fma', 'f32', [2, 3, -6]), 0)).toBe(true);
    expect(run('fma', 'f64', [Infinity, 0, 1])).toBeNaN();
    expect(run('fma', 'f64', [Infinity, 2, 1])).toBe(Infinity);
    expect(run('fma', 'f32', [1, 2, Number.NaN])).toBeNaN();
    expect(run('fma', 'f64', [1e300, 1e300, -Infinity])).toBe(-Infinity);
    expect(run('fma', 'f64', [1e300, 1e10, 0])).toBe(Infinity);
    expect(run('fma', 'f64', [2 ** -600, 2 ** -600, 0])).toBe(0);
    // 3 2^-1076 is three quarters of the smallest subnormal: it rounds up to it.
    expect(run('fma', 'f64', [3 * 2 ** -538, 2 ** -538, 0])).toBe(2 ** -1074);
    // 300 * 300 overflows f16, but not before the addition.
    expect(run('fma', 'f16', [300, 300, -65504])).toBe(24496);
  });
});

describe('erf and erfc', () => {
  // The C library's values (glibc, correctly rounded or within an ulp).
  it.each([
    [0.1, 0.1124629160182849, 0.8875370839817152],
    [0.5, 0.5204998778130465, 0.4795001221869535],
    [1, 0.8427007929497149, 0.15729920705028513],
    [1.9, 0.9927904292352575, 0.0072095707647425325],
    [2, 0.9953222650189527, 0.004677734981047265],
    [3, 0.9999779095030014, 2.2090496998585438e-5],
    [5, 0.9999999999984626, 1.5374597944280351e-12],
    [10, 1, 2.088487583762545e-45],
    [-1, -0.8427007929497149, 1.842700792949715],
    [-3, -0.9999779095030014, 1.9999779095030015],
  ])('erf(%d) = %d, erfc = %d', (x, e, c) => {
    expect(Math.abs(erf(x) - e)).toBeLessThanOrEqual(Math.abs(e) * 2e-14);
    expect(Math.abs(erfc(x) - c)).toBeLessThanOrEqual(Math.abs(c) * 2e-13);
  });
  it('through the ops, rounded to the type', () => {
    expect(run('erf', 'f32', [1])).toBe(f32(0.8427007929497149));
    expect(run('erfc', 'f32', [5])).toBe(f32(1.5374597944280351e-12));
    expect(run('erf', 'f64', [-Infinity])).toBe(-1);
    expect(run('erfc', 'f64', [-Infinity])).toBe(2);
  });
  it('are 1 and 0 for huge operands (not NaN: e^(-x^2) underflows before its tail overflows)', () => {
    for (const x of [3.5774509440602994e121, 2.1330433742085644e147, 1e300, Number.MAX_VALUE]) {
      expect([x, erf(x), erfc(x), erf(-x), erfc(-x)]).toEqual([x, 1, 0, -1, 2]);
    }
  });
});

describe('integer functions', () => {
  it.each([
    ['absi', 'i8', -128, -128],
    ['absi', 'i32', -5, 5],
    ['absi', 'i64', -(2n ** 40n), 2n ** 40n],
    ['ctlz', 'i32', 1, 31],
    ['ctlz', 'i8', 0, 8],
    ['ctlz', 'i64', -1n, 0n],
    ['cttz', 'i16', -32768, 15],
    ['cttz', 'i32', 0, 32],
    ['ctpop', 'i8', -1, 8],
    ['ctpop', 'i64', 2n ** 63n - 1n, 63n],
    ['ctpop', 'index', -1, 64],
  ] as const)('%s %s: %s gives %s', (op, type, x, expected) => {
    expect(run(op, type, [x])).toEqual(expected);
  });

  it.each([
    ['i32', 3, 3, 27],
    ['i32', 2, 31, -(2 ** 31)],
    ['i32', 10, 10, 1410065408],
    ['i8', -1, -3, -1],
    ['i8', -1, -4, 1],
    ['i8', 2, -1, 0],
    ['i8', 1, -7, 1],
    ['i64', 3n, 40n, 12157665459056928801n],
  ] as const)('ipowi %s: %s ** %s = %s', (type, b, p, expected) => {
    expect(run('ipowi', type, [b, p])).toEqual(typeof expected === 'bigint' ? BigInt.asIntN(64, expected) : expected);
  });

  it('ipowi of 0 to a negative power is a runtime error', () => {
    expect(run('ipowi', 'i32', [0, -1])).toBe('input.mlir:2:8: error: 0 raised to a negative power (a division by zero)\n  %r = math.ipowi %x0, %x1 : i32\n       ^\n');
  });
});

it('vectors are runtime errors that say the interpreter runs scalars', () => {
  const text = 'func.func @f(%a: vector<2xf32>) -> vector<2xf32> {\n  %r = math.exp %a : vector<2xf32>\n  return %r : vector<2xf32>\n}\n';
  expect(harness.parse(text).run('f', [0]).error).toContain("error: 'math.exp' on vector<2xf32>: the interpreter runs math on scalars only (no vectors or tensors)");
});
