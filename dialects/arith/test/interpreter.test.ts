// The arith ops in the reference interpreter: each op on scalars of several widths and kinds, with the edge cases
// (wrapping, division by zero and overflow, shifts by the width, NaN and signed zeros, rounding to f32, f16 and
// bf16, conversions out of range) and the runtime errors, which are located at the op.
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import type { RuntimeValue } from '@tlir/interpreter';
import { interpreterHarness, type RunOutcome } from '../../../test/lib/interpreter-harness.js';

const harness = interpreterHarness({ dialects: [FuncDialect, ArithDialect], implementations: [registerFuncInterpreter, registerArithInterpreter] });

/** Runs `%r = arith.<op> %a, %b : <type>` on the arguments. */
function binary(op: string, type: string, a: RuntimeValue, b: RuntimeValue, attrs = ''): RunOutcome {
  const text = `func.func @f(%a: ${type}, %b: ${type}) -> ${type} {\n  %r = arith.${op} %a, %b ${attrs}: ${type}\n  return %r : ${type}\n}\n`;
  return harness.parse(text).run('f', [a, b]);
}
const value = (r: RunOutcome): RuntimeValue | string => r.error ?? r.results[0]!;

/** Runs a one-operand op whose custom form ends `: <in> to <out>` (casts). */
function cast(op: string, from: string, to: string, v: RuntimeValue, extra = ''): RuntimeValue | string {
  const text = `func.func @f(%a: ${from}) -> ${to} {\n  %r = arith.${op} %a ${extra}: ${from} to ${to}\n  return %r : ${to}\n}\n`;
  return value(harness.parse(text).run('f', [v]));
}

const MIN32 = -(2 ** 31);

describe('integer arithmetic wraps at the width', () => {
  it.each([
    ['addi', 'i8', 100, 100, -56],
    ['addi', 'i32', 2 ** 31 - 1, 1, MIN32],
    ['addi', 'i1', 1, 1, 0],
    ['addi', 'i64', 2n ** 63n - 1n, 1n, -(2n ** 63n)],
    ['addi', 'index', 2 ** 52, 2 ** 52 - 1, 2 ** 53 - 1],
    ['subi', 'i8', -128, 1, 127],
    ['subi', 'i16', 0, -32768, -32768],
    ['muli', 'i16', 300, 300, 24464],
    ['muli', 'i32', 65536, 65536, 0],
    ['muli', 'i32', -7, 6, -42],
    ['muli', 'i64', -(2n ** 63n), -1n, -(2n ** 63n)],
    ['muli', 'index', 3, -(2 ** 40), -3 * 2 ** 40],
    ['muli', 'i48', 2n ** 40n, 2n ** 10n, 0n],
    ['muli', 'i48', 2n ** 40n, 2n ** 7n, -(2n ** 47n)],
  ] as const)('%s %s: %s, %s = %s', (op, type, a, b, expected) => {
    expect(value(binary(op, type, a, b))).toEqual(expected);
  });

  it('an index result beyond 2^53 - 1 is a runtime error, never an inexact value', () => {
    expect(value(binary('muli', 'index', 2 ** 30, 2 ** 30))).toContain('error: index value 1152921504606846976 is out of the range');
    expect(value(binary('addi', 'index', 2 ** 52, 2 ** 52))).toEqual(expect.stringContaining('index value 9007199254740992 is out of the range'));
  });
});

describe('division and remainder', () => {
  it.each([
    ['divsi', 'i32', -7, 2, -3],
    ['divsi', 'i32', 7, -2, -3],
    ['divui', 'i8', -1, 2, 127],
    ['divui', 'i64', -1n, 2n, 2n ** 63n - 1n],
    ['ceildivsi', 'i32', -7, 2, -3],
    ['ceildivsi', 'i32', 7, 2, 4],
    ['ceildivsi', 'i32', 7, -2, -3],
    ['ceildivsi', 'i32', -7, -2, 4],
    // The folder gives up on this one (an intermediate step overflows); the op is defined.
    ['ceildivsi', 'i32', MIN32, 3, -715827882],
    ['ceildivsi', 'i32', MIN32, -3, 715827883],
    ['ceildivui', 'i32', 7, 2, 4],
    ['ceildivui', 'i8', -1, 2, -128],
    ['floordivsi', 'i32', -7, 2, -4],
    ['floordivsi', 'i32', 7, -2, -4],
    ['floordivsi', 'i32', 6, -2, -3],
    ['remsi', 'i32', -7, 2, -1],
    ['remsi', 'i32', 7, -2, 1],
    ['remsi', 'i32', MIN32, -1, 0],
    ['remui', 'i8', -7, 10, 9],
    ['divsi', 'index', -(2 ** 50), 3, -375299968947541],
  ] as const)('%s %s: %s, %s = %s', (op, type, a, b, expected) => {
    expect(value(binary(op, type, a, b))).toEqual(expected);
  });

  it.each(['divsi', 'divui', 'ceildivsi', 'ceildivui', 'floordivsi', 'remsi', 'remui'])('%s by zero is a located runtime error', (op) => {
    expect(value(binary(op, 'i32', 5, 0))).toBe(
      `input.mlir:2:8: error: ${op.startsWith('rem') ? 'remainder' : 'division'} by zero\n  %r = arith.${op} %a, %b : i32\n       ^\n`,
    );
  });

  it.each(['divsi', 'ceildivsi', 'floordivsi'])('%s of the minimum by -1 overflows: a runtime error', (op) => {
    expect(value(binary(op, 'i32', MIN32, -1))).toContain('error: signed division overflows: -2147483648 / -1 does not fit i32');
    expect(value(binary(op, 'i64', -(2n ** 63n), -1n))).toContain('does not fit i64');
  });
});

describe('bitwise operations and shifts', () => {
  it.each([
    ['andi', 'i8', -1, 0x5a, 0x5a],
    ['ori', 'i8', 0x0f, -16, -1],
    ['xori', 'i1', 1, 1, 0],
    ['xori', 'i64', -1n, 5n, -6n],
    // index values beyond 32 bits: no 32-bit JavaScript operators.
    ['xori', 'index', 2 ** 40 + 5, 3, 2 ** 40 + 6],
    ['andi', 'index', -1, 2 ** 45 + 1, 2 ** 45 + 1],
    ['ori', 'index', 2 ** 33, 1, 2 ** 33 + 1],
    ['shli', 'i8', 1, 7, -128],
    ['shli', 'i32', 3, 31, MIN32],
    ['shrsi', 'i8', -128, 7, -1],
    ['shrui', 'i8', -128, 7, 1],
    ['shrui', 'i64', -1n, 60n, 15n],
    ['shli', 'index', 1, 40, 2 ** 40],
  ] as const)('%s %s: %s, %s = %s', (op, type, a, b, expected) => {
    expect(value(binary(op, type, a, b))).toEqual(expected);
  });

  // Poison in MLIR: the interpreter gives APInt's value, deterministically (docs/interpreter.md).
  it.each([
    ['shli', 'i8', 1, 8, 0],
    ['shli', 'i32', 1, -1, 0],
    ['shrui', 'i16', -1, 16, 0],
    ['shrsi', 'i8', -128, 9, -1],
    ['shrsi', 'i8', 64, 100, 0],
  ] as const)('%s %s by %s or more bits than the width gives %s', (op, type, a, b, expected) => {
    expect(value(binary(op, type, a, b))).toBe(expected);
  });

  it('ignores overflow and exact flags (their violation is poison in MLIR): the wrapped value', () => {
    expect(value(binary('addi', 'i8', 127, 1, 'overflow<nsw, nuw> '))).toBe(-128);
    expect(value(binary('divsi', 'i8', 7, 2, 'exact '))).toBe(3);
  });
});

describe('integer minimum and maximum', () => {
  it.each([
    ['maxsi', 'i16', -1, 1, 1],
    ['maxui', 'i16', -1, 1, -1],
    ['minsi', 'i16', -1, 1, -1],
    ['minui', 'i16', -1, 1, 1],
    ['maxui', 'i64', -1n, 1n, -1n],
    ['minsi', 'index', -5, 3, -5],
    ['minui', 'index', -5, 3, 3],
  ] as const)('%s %s: %s, %s = %s', (op, type, a, b, expected) => {
    expect(value(binary(op, type, a, b))).toEqual(expected);
  });
});

describe('extended integer ops', () => {
  function twoResults(op: string, types: string, resultTypes: string, a: RuntimeValue, b: RuntimeValue): readonly RuntimeValue[] | string {
    const [t] = types.split(',');
    const text = `func.func @f(%a: ${t}, %b: ${t}) -> (${resultTypes}) {\n  %r:2 = arith.${op} %a, %b : ${types}\n  return %r#0, %r#1 : ${resultTypes}\n}\n`;
    const r = harness.parse(text).run('f', [a, b]);
    return r.error ?? r.results;
  }
  it('addui_extended gives the sum and whether the unsigned addition wrapped', () => {
    expect(twoResults('addui_extended', 'i8, i1', 'i8, i1', -56, 100)).toEqual([44, 1]);
    expect(twoResults('addui_extended', 'i8, i1', 'i8, i1', 100, 27)).toEqual([127, 0]);
    expect(twoResults('addui_extended', 'i64, i1', 'i64, i1', -1n, 1n)).toEqual([0n, 1]);
  });
  it('mulsi_extended and mului_extended give the low and high halves of the double-width product', () => {
    expect(twoResults('mulsi_extended', 'i32', 'i32, i32', -1, -1)).toEqual([1, 0]);
    expect(twoResults('mului_extended', 'i32', 'i32, i32', -1, -1)).toEqual([1, -2]);
    expect(twoResults('mulsi_extended', 'i8', 'i8, i8', -128, 127)).toEqual([-128, -64]);
    expect(twoResults('mului_extended', 'i64', 'i64, i64', 2n ** 62n, 8n)).toEqual([0n, 2n]);
  });
});

describe('float arithmetic rounds to the type', () => {
  const f32 = Math.fround;
  it.each([
    ['addf', 'f32', 16777216, 1, 16777216],
    ['addf', 'f64', 16777216, 1, 16777217],
    ['addf', 'f32', f32(0.1), f32(0.2), f32(f32(0.1) + f32(0.2))],
    ['subf', 'f32', 1, f32(1e-8), 1],
    ['mulf', 'f32', f32(1.1), f32(1.1), f32(f32(1.1) * f32(1.1))],
    ['divf', 'f32', 1, 3, f32(1 / 3)],
    ['divf', 'f64', 1, 3, 1 / 3],
    ['divf', 'f32', 1, 0, Infinity],
    ['divf', 'f32', -1, 0, -Infinity],
    ['remf', 'f64', -7.5, 2, -1.5],
    ['remf', 'f32', 7.5, -2, 1.5],
    ['addf', 'f16', 2048, 1, 2048],
    ['addf', 'f16', 2048, 3, 2052],
    ['addf', 'bf16', 256, 1, 256],
    ['mulf', 'f16', 300, 300, Infinity],
    ['maximumf', 'f32', -0, 0, 0],
    ['minimumf', 'f32', 0, -0, -0],
    ['maxnumf', 'f32', Number.NaN, 1, 1],
    ['minnumf', 'f64', 2, Number.NaN, 2],
  ] as const)('%s %s: %s, %s = %s', (op, type, a, b, expected) => {
    expect(Object.is(value(binary(op, type, a, b)), expected)).toBe(true);
  });

  it('NaN propagates through arithmetic and maximumf / minimumf', () => {
    for (const op of ['addf', 'subf', 'mulf', 'divf', 'remf', 'maximumf', 'minimumf']) {
      expect(value(binary(op, 'f32', Number.NaN, 1))).toBeNaN();
      expect(value(binary(op, 'f64', 1, Number.NaN))).toBeNaN();
    }
    expect(value(binary('divf', 'f32', 0, 0))).toBeNaN();
    expect(value(binary('remf', 'f32', 1, 0))).toBeNaN();
  });

  it('negf flips the sign, of zeros and NaNs too', () => {
    const negf = (v: number, type = 'f32'): RuntimeValue | string =>
      value(harness.parse(`func.func @f(%a: ${type}) -> ${type} {\n  %r = arith.negf %a : ${type}\n  return %r : ${type}\n}\n`).run('f', [v]));
    expect(Object.is(negf(0), -0)).toBe(true);
    expect(negf(-2.5, 'f16')).toBe(2.5);
    expect(negf(Number.NaN)).toBeNaN();
  });
});

describe('comparisons and select', () => {
  const cmpi = (pred: string, type: string, a: RuntimeValue, b: RuntimeValue): RuntimeValue | string =>
    value(harness.parse(`func.func @f(%a: ${type}, %b: ${type}) -> i1 {\n  %r = arith.cmpi ${pred}, %a, %b : ${type}\n  return %r : i1\n}\n`).run('f', [a, b]));
  const cmpf = (pred: string, a: number, b: number): RuntimeValue | string =>
    value(harness.parse(`func.func @f(%a: f32, %b: f32) -> i1 {\n  %r = arith.cmpf ${pred}, %a, %b : f32\n  return %r : i1\n}\n`).run('f', [a, b]));

  it.each([
    // -1 against 1: signed -1 < 1, unsigned 255 > 1.
    ['i8', -1, 1, { eq: 0, ne: 1, slt: 1, sle: 1, sgt: 0, sge: 0, ult: 0, ule: 0, ugt: 1, uge: 1 }],
    ['i64', -1n, 1n, { eq: 0, ne: 1, slt: 1, sle: 1, sgt: 0, sge: 0, ult: 0, ule: 0, ugt: 1, uge: 1 }],
    ['index', -1, 1, { eq: 0, ne: 1, slt: 1, sle: 1, sgt: 0, sge: 0, ult: 0, ule: 0, ugt: 1, uge: 1 }],
    // i1: true is -1 read signed, 1 unsigned.
    ['i1', 1, 0, { eq: 0, ne: 1, slt: 1, sle: 1, sgt: 0, sge: 0, ult: 0, ule: 0, ugt: 1, uge: 1 }],
    ['i32', 7, 7, { eq: 1, ne: 0, slt: 0, sle: 1, sgt: 0, sge: 1, ult: 0, ule: 1, ugt: 0, uge: 1 }],
  ] as const)('cmpi on %s: %s against %s', (type, a, b, expected) => {
    for (const [pred, r] of Object.entries(expected)) expect([pred, cmpi(pred, type, a, b)]).toEqual([pred, r]);
  });

  it.each([
    // predicate: [1 vs 2, 2 vs 2, 1 vs NaN]
    ['false', [0, 0, 0]],
    ['oeq', [0, 1, 0]],
    ['ogt', [0, 0, 0]],
    ['oge', [0, 1, 0]],
    ['olt', [1, 0, 0]],
    ['ole', [1, 1, 0]],
    ['one', [1, 0, 0]],
    ['ord', [1, 1, 0]],
    ['ueq', [0, 1, 1]],
    ['ugt', [0, 0, 1]],
    ['uge', [0, 1, 1]],
    ['ult', [1, 0, 1]],
    ['ule', [1, 1, 1]],
    ['une', [1, 0, 1]],
    ['uno', [0, 0, 1]],
    ['true', [1, 1, 1]],
  ] as const)('cmpf %s (ordered predicates are false with NaN, unordered true)', (pred, [less, equal, nan]) => {
    expect([cmpf(pred, 1, 2), cmpf(pred, 2, 2), cmpf(pred, 1, Number.NaN)]).toEqual([less, equal, nan]);
  });

  it('cmpf: -0 equals +0', () => {
    expect(cmpf('oeq', -0, 0)).toBe(1);
  });

  it('select chooses by an i1', () => {
    const text = 'func.func @f(%c: i1, %a: i64, %b: i64) -> i64 {\n  %r = arith.select %c, %a, %b : i64\n  return %r : i64\n}\n';
    expect(harness.parse(text).run('f', [1, 5n, 7n]).results).toEqual([5n]);
    expect(harness.parse(text).run('f', [0, 5n, 7n]).results).toEqual([7n]);
  });
});

describe('casts', () => {
  it.each([
    ['extsi', 'i8', 'i32', -1, -1],
    ['extui', 'i8', 'i32', -1, 255],
    ['extsi', 'i1', 'i8', 1, -1],
    ['extui', 'i1', 'i8', 1, 1],
    ['extui', 'i32', 'i64', -1, 4294967295n],
    ['extsi', 'i32', 'i64', -1, -1n],
    ['trunci', 'i32', 'i8', 300, 44],
    ['trunci', 'i64', 'i32', 2n ** 32n + 5n, 5],
    ['trunci', 'i8', 'i1', 3, 1],
    ['trunci', 'i8', 'i1', 2, 0],
    ['index_cast', 'i64', 'index', -1n, -1],
    ['index_cast', 'index', 'i8', 300, 44],
    ['index_cast', 'index', 'i64', -5, -5n],
    ['index_cast', 'i8', 'index', -1, -1],
    ['index_castui', 'i8', 'index', -1, 255],
    ['index_castui', 'i32', 'index', -1, 4294967295],
    ['index_castui', 'index', 'i16', 65537, 1],
    ['index_castui', 'i64', 'index', -1n, -1], // 64 bits: the index with those bits (MLIR folds it to -1 : index)
    ['sitofp', 'i8', 'f32', -1, -1],
    ['uitofp', 'i8', 'f32', -1, 255],
    ['sitofp', 'i64', 'f64', 2n ** 53n + 1n, 2 ** 53],
    // Rounded once: 2^60 + 2^36 + 1 is above the midpoint 2^60 + 2^36 of two f32 neighbours (rounding to a
    // double first would lose the 1 and round the tie to even, down).
    ['sitofp', 'i64', 'f32', 2n ** 60n + 2n ** 36n + 1n, 2 ** 60 + 2 ** 37],
    ['uitofp', 'i64', 'f16', -1n, Infinity],
    ['sitofp', 'i32', 'bf16', 257, 256],
    ['fptosi', 'f32', 'i32', 3.75, 3],
    ['fptosi', 'f32', 'i32', -3.75, -3],
    ['fptosi', 'f64', 'i64', -(2 ** 63), -(2n ** 63n)],
    ['fptoui', 'f32', 'i8', 255.5, -1],
    ['fptoui', 'f64', 'i64', 2 ** 63, -(2n ** 63n)],
    ['extf', 'f16', 'f32', 65504, 65504],
    ['extf', 'bf16', 'f64', -0, -0],
    ['truncf', 'f64', 'f32', 0.1, Math.fround(0.1)],
    ['truncf', 'f32', 'f16', 65520, Infinity],
    ['truncf', 'f32', 'bf16', 1.00390625, 1],
    ['bitcast', 'f32', 'i32', 1, 1065353216],
    ['bitcast', 'i32', 'f32', 1065353216, 1],
    ['bitcast', 'f64', 'i64', -0, -(2n ** 63n)],
    ['bitcast', 'i16', 'f16', 0x3c00, 1],
    ['bitcast', 'f16', 'bf16', 1, 2 ** -7],
  ] as const)('%s %s to %s: %s gives %s', (op, from, to, v, expected) => {
    expect(Object.is(cast(op, from, to, v), expected)).toBe(true);
  });

  it('index_cast to index of a value beyond 2^53 - 1 is a runtime error', () => {
    expect(cast('index_cast', 'i64', 'index', 2n ** 60n)).toContain('index value 1152921504606846976 is out of the range');
  });

  it.each([
    ['fptosi', 'f32', 'i32', 3e9, '3000000000, truncated, does not fit i32 read as signed'],
    ['fptosi', 'f32', 'i8', Number.NaN, 'NaN does not fit i8 read as signed'],
    ['fptoui', 'f64', 'i32', -1, '-1, truncated, does not fit i32 read as unsigned'],
    ['fptoui', 'f32', 'i16', Infinity, 'Infinity does not fit i16 read as unsigned'],
  ] as const)('%s %s to %s of %s is a runtime error (poison in MLIR)', (op, from, to, v, message) => {
    expect(cast(op, from, to, v)).toContain(`error: ${message} (the conversion is poison in MLIR)`);
  });

  it('bitcast keeps NaN payloads as bits to integer and back', () => {
    expect(cast('bitcast', 'i32', 'f32', -1)).toBeNaN();
    expect(cast('bitcast', 'f64', 'i64', Number.NaN)).toBe(0x7ff8000000000000n);
  });

  describe('truncf rounding modes', () => {
    const tie = 1 + 2 ** -24; // halfway between the f32 values 1 and 1 + 2^-23
    const above = 1 + 2 ** -23;
    it.each([
      ['to_nearest_even', tie, 1],
      ['to_nearest_away', tie, above],
      ['upward', tie, above],
      ['downward', tie, 1],
      ['toward_zero', tie, 1],
      ['to_nearest_even', -tie, -1],
      ['to_nearest_away', -tie, -above],
      ['upward', -tie, -1],
      ['downward', -tie, -above],
      ['toward_zero', -tie, -1],
      ['upward', 1 + 2 ** -40, above],
      ['to_nearest_away', 1 + 2 ** -40, 1],
      ['downward', 1e300, 3.4028234663852886e38],
      ['toward_zero', -1e300, -3.4028234663852886e38],
      ['upward', 1e300, Infinity],
      ['upward', 1e-300, 2 ** -149],
      ['downward', -1e-300, -(2 ** -149)],
      ['toward_zero', -1e-300, -0],
      ['downward', 3, 3],
    ] as const)('%s: %s to f32 is %s', (mode, v, expected) => {
      expect(Object.is(cast('truncf', 'f64', 'f32', v, `${mode} `), expected)).toBe(true);
    });
    it('to f16', () => {
      expect(cast('truncf', 'f32', 'f16', 65519, 'upward ')).toBe(Infinity);
      expect(cast('truncf', 'f32', 'f16', 65519, 'toward_zero ')).toBe(65504);
      expect(cast('truncf', 'f32', 'f16', 2049, 'to_nearest_away ')).toBe(2050);
      expect(cast('truncf', 'f32', 'f16', 2049, 'to_nearest_even ')).toBe(2048);
    });
  });

  it('scaling_extf multiplies by the scale, scaling_truncf divides by it', () => {
    const ext = 'func.func @f(%a: f4E2M1FN, %s: f8E8M0FNU) -> f32 {\n  %r = arith.scaling_extf %a, %s : f4E2M1FN, f8E8M0FNU to f32\n  return %r : f32\n}\n';
    expect(harness.parse(ext).run('f', [1.5, 4]).results).toEqual([6]);
    const trunc = 'func.func @f(%a: f32, %s: f32) -> f4E2M1FN {\n  %r = arith.scaling_truncf %a, %s : f32, f32 to f4E2M1FN\n  return %r : f4E2M1FN\n}\n';
    // The f32 scale 8 is a power of two; 24 / 8 = 3, which f4E2M1FN holds.
    expect(harness.parse(trunc).run('f', [24, 8]).results).toEqual([3]);
  });
});

describe('constants', () => {
  it('gives scalars in the canonical form of their type', () => {
    const text = `func.func @f() -> (i1, i8, i64, index, f32, f16) {
  %t = arith.constant true
  %b = arith.constant 255 : i8
  %l = arith.constant -9223372036854775808 : i64
  %i = arith.constant 42 : index
  %x = arith.constant 0.1 : f32
  %h = arith.constant 0x7C00 : f16
  return %t, %b, %l, %i, %x, %h : i1, i8, i64, index, f32, f16
}
`;
    expect(harness.parse(text).run('f').results).toEqual([1, -1, -(2n ** 63n), 42, Math.fround(0.1), Infinity]);
  });

  it('vectors and tensors are runtime errors that say the interpreter runs scalars', () => {
    const text = `func.func @f() -> vector<4xi32> {
  %v = arith.constant dense<1> : vector<4xi32>
  return %v : vector<4xi32>
}
`;
    expect(harness.parse(text).run('f').error).toBe(
      "input.mlir:2:8: error: 'arith.constant' of dense<1> : vector<4xi32>: the interpreter runs arith on scalars only (no vectors or tensors)\n" +
        '  %v = arith.constant dense<1> : vector<4xi32>\n       ^\n',
    );
    const add = 'func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %r = arith.addf %a, %a : tensor<2xf32>\n  return %r : tensor<2xf32>\n}\n';
    expect(harness.parse(add).run('f', [0]).error).toContain("error: 'arith.addf' on tensor<2xf32>: the interpreter runs arith on scalar floats only");
  });
});

describe('f80 and f128 are a located error, not a value rounded to a double', () => {
  const run = (text: string, args: RuntimeValue[]): string | undefined => harness.parse(text).run('f', args).error;

  it('as an argument', () => {
    const error = run('func.func @f(%a: f80) -> f80 {\n  return %a : f80\n}\n', [1.25]);
    expect(error).toContain('input.mlir:1:1: error: argument #0');
    expect(error).toContain('f80 is not supported by the interpreter (it computes floats in doubles)');
  });

  it('as a result of a conversion', () => {
    const error = run('func.func @f(%a: f32) -> f32 {\n  %w = arith.extf %a : f32 to f128\n  %r = arith.truncf %w : f128 to f32\n  return %r : f32\n}\n', [1.25]);
    expect(error).toMatch(/^input\.mlir:2:8: error: f128 is not supported by the interpreter \(it computes floats in doubles\)/);
  });

  it('as a constant', () => {
    const error = run('func.func @f() -> f32 {\n  %c = arith.constant 0x3FFB999999999999999A : f80\n  %r = arith.truncf %c : f80 to f32\n  return %r : f32\n}\n', []);
    expect(error).toMatch(/^input\.mlir:2:8: error: f80 is not supported by the interpreter/);
  });
});
