// The value model: canonical integers (wrapped, signed/unsigned forms), index limits, float rounding and
// conversions, and the ring operations of each scalar type.
import { describe, expect, it } from 'vitest';
import { Context, FloatType, IndexType, IntegerType } from '@tlir/ir';
import {
  RuntimeFault,
  floatToInteger,
  integerFormat,
  integerToFloat,
  scalarArithmetic,
  scalarFromAttribute,
  scalarFromHost,
  scalarValueProblem,
  signedValue,
  unsignedValue,
  wrapInteger,
} from '../src/index.js';
import { FloatAttr, IntegerAttr } from '@tlir/ir';

const ctx = new Context();
const i = (w: number, s: 'signless' | 'signed' | 'unsigned' = 'signless') => IntegerType.get(ctx, w, s);
const f32 = FloatType.get(ctx, 'f32');
const f64 = FloatType.get(ctx, 'f64');
const f16 = FloatType.get(ctx, 'f16');
const index = IndexType.get(ctx);

describe('integer formats', () => {
  it('use numbers up to 32 bits and bigints above', () => {
    expect(integerFormat(i(32))).toMatchObject({ width: 32, big: false, unsigned: false });
    expect(integerFormat(i(33))).toMatchObject({ width: 33, big: true });
    expect(integerFormat(i(1))).toMatchObject({ unsigned: true });
    expect(integerFormat(i(8, 'unsigned'))).toMatchObject({ unsigned: true });
    expect(integerFormat(index)).toMatchObject({ index: true, big: false });
    expect(integerFormat(f32)).toBeUndefined();
  });

  it('wrap as two\'s complement at every width', () => {
    const w = (t: IntegerType | IndexType, v: number | bigint) => wrapInteger(integerFormat(t)!, v);
    expect(w(i(8), 128)).toBe(-128);
    expect(w(i(8), 255)).toBe(-1);
    expect(w(i(8), -129)).toBe(127);
    expect(w(i(16), 40000)).toBe(40000 - 65536);
    expect(w(i(32), 2 ** 31)).toBe(-(2 ** 31));
    expect(w(i(32), 2 ** 40 + 5)).toBe(5);
    expect(w(i(64), 2n ** 63n)).toBe(-(2n ** 63n));
    expect(w(i(64), 5)).toBe(5n);
    expect(w(i(1), 3)).toBe(1);
    expect(w(i(1), 2)).toBe(0);
    expect(w(i(8, 'unsigned'), -1)).toBe(255);
    expect(w(i(5), 17)).toBe(-15);
    expect(w(index, 2 ** 52)).toBe(2 ** 52);
    expect(() => w(index, 2 ** 53)).toThrow(RuntimeFault);
    expect(() => w(index, 2n ** 60n)).toThrow(/out of the range/);
  });

  it('read canonical values as signed or unsigned', () => {
    expect(signedValue(integerFormat(i(1))!, 1)).toBe(-1);
    expect(unsignedValue(integerFormat(i(8))!, -1)).toBe(255);
    expect(unsignedValue(integerFormat(i(32))!, -1)).toBe(2 ** 32 - 1);
    expect(unsignedValue(integerFormat(i(64))!, -1n)).toBe(2n ** 64n - 1n);
    expect(signedValue(integerFormat(i(16, 'unsigned'))!, 65535)).toBe(-1);
    expect(unsignedValue(integerFormat(index)!, -1)).toBe(2n ** 64n - 1n);
  });
});

describe('float conversions', () => {
  it('round integers to floats correctly (no double rounding through f64)', () => {
    // 2^64 + 2^40 + 1 is just above the half-way point between two f32 values: it rounds up. Through f64 it
    // would first round to the half-way point and then, ties to even, down.
    const v = 2n ** 64n + 2n ** 40n + 1n;
    expect(integerToFloat(v, 'f32')).toBe(Math.fround(2 ** 64 * (1 + 2 ** -23)));
    expect(Math.fround(Number(v))).toBe(2 ** 64);
    expect(integerToFloat(-v, 'f32')).toBe(-Math.fround(2 ** 64 * (1 + 2 ** -23)));
    expect(integerToFloat(2n ** 53n + 1n, 'f64')).toBe(2 ** 53);
    expect(integerToFloat(16777217, 'f32')).toBe(16777216);
    expect(integerToFloat(2049, 'f16')).toBe(2048);
  });

  it('truncate floats toward zero and refuse what does not fit', () => {
    const fi32 = integerFormat(i(32))!;
    expect(floatToInteger(-1.7, fi32, true)).toBe(-1);
    expect(floatToInteger(-0.5, fi32, true)).toBe(0);
    expect(Object.is(floatToInteger(-0.5, fi32, true), 0)).toBe(true);
    expect(floatToInteger(2 ** 31, fi32, true)).toBeUndefined();
    expect(floatToInteger(2 ** 31, fi32, false)).toBe(-(2 ** 31));
    expect(floatToInteger(-1, fi32, false)).toBeUndefined();
    expect(floatToInteger(NaN, fi32, true)).toBeUndefined();
    expect(floatToInteger(Infinity, fi32, true)).toBeUndefined();
    expect(floatToInteger(2 ** 62, integerFormat(i(64))!, true)).toBe(2n ** 62n);
    expect(floatToInteger(2 ** 63, integerFormat(i(64))!, true)).toBeUndefined();
    expect(floatToInteger(1e15, integerFormat(index)!, true)).toBe(1e15);
  });
});

describe('scalar arithmetic', () => {
  it('rounds every f32 result to f32', () => {
    const a = scalarArithmetic(f32)!;
    expect(a.add(1, 2 ** -30)).toBe(1);
    expect(a.mul(Math.fround(0.1), Math.fround(0.1))).toBe(Math.fround(Math.fround(0.1) * Math.fround(0.1)));
    expect(a.mul(Math.fround(0.1), Math.fround(0.1))).not.toBe(Math.fround(0.1) * Math.fround(0.1));
    expect(scalarArithmetic(f64)!.add(1, 2 ** -30)).toBe(1 + 2 ** -30);
    expect(scalarArithmetic(f16)!.add(2048, 1)).toBe(2048);
    expect(a.isZero(-0)).toBe(true);
  });

  it('wraps integer results', () => {
    expect(scalarArithmetic(i(32))!.mul(65536, 65536)).toBe(0);
    expect(scalarArithmetic(i(32))!.mul(2 ** 31 - 1, 2 ** 31 - 1)).toBe(1);
    expect(scalarArithmetic(i(16))!.add(32767, 1)).toBe(-32768);
    expect(scalarArithmetic(i(8))!.neg(-128)).toBe(-128);
    expect(scalarArithmetic(i(1))!.add(1, 1)).toBe(0);
    expect(scalarArithmetic(i(64))!.mul(2n ** 62n, 4n)).toBe(0n);
    expect(scalarArithmetic(i(64))!.sub(-(2n ** 63n), 1n)).toBe(2n ** 63n - 1n);
    expect(scalarArithmetic(i(8, 'unsigned'))!.sub(0, 1)).toBe(255);
  });

  it('faults when index leaves the exact range', () => {
    const a = scalarArithmetic(index)!;
    expect(a.mul(2 ** 26, 2 ** 26)).toBe(2 ** 52);
    expect(() => a.mul(2 ** 27, 2 ** 27)).toThrow(/index value/);
    expect(() => a.add(2 ** 53 - 1, 1)).toThrow(RuntimeFault);
  });

  it('names the exact index result that left the range, not its rounding to a double', () => {
    const a = scalarArithmetic(index)!;
    // 94906267^2 = 9007199515875289, which a double rounds to ...288; 2^53 - 1 + 2 = 2^53 + 1 rounds to 2^53.
    expect(() => a.mul(94906267, 94906267)).toThrow(/index value 9007199515875289 is out of the range/);
    expect(() => a.add(2 ** 53 - 1, 2)).toThrow(/index value 9007199254740993 is out of the range/);
    expect(() => a.sub(-(2 ** 53 - 1), 2)).toThrow(/index value -9007199254740993 is out of the range/);
    expect(() => a.mul(-94906267, 94906267)).toThrow(/index value -9007199515875289 is out of the range/);
  });
});

describe('values from attributes and from the host', () => {
  it('read constant attributes in canonical form', () => {
    expect(scalarFromAttribute(IntegerAttr.getBool(ctx, true))).toBe(1);
    expect(scalarFromAttribute(IntegerAttr.get(ctx, i(8), -3))).toBe(-3);
    expect(scalarFromAttribute(IntegerAttr.get(ctx, i(64), 7))).toBe(7n);
    expect(scalarFromAttribute(IntegerAttr.get(ctx, index, 7))).toBe(7);
    expect(scalarFromAttribute(FloatAttr.get(ctx, f32, 0.1))).toBe(Math.fround(0.1));
  });

  it('accept host values that fit and refuse the others', () => {
    expect(scalarFromHost(i(1), true)).toBe(1);
    expect(scalarFromHost(i(8), 200)).toBe(-56);
    expect(() => scalarFromHost(i(8), 300, 'alpha')).toThrow('alpha: 300 does not fit i8');
    expect(() => scalarFromHost(i(8), 1.5)).toThrow('not an integer');
    expect(scalarFromHost(i(64), 3)).toBe(3n);
    expect(scalarFromHost(f32, 0.1)).toBe(Math.fround(0.1));
    expect(() => scalarFromHost(f32, 1n)).toThrow('expected a number');
    expect(() => scalarFromHost(index, 2 ** 60)).toThrow('does not fit index');
  });

  it('check runtime values against scalar types', () => {
    expect(scalarValueProblem(i(32), 5)).toBeUndefined();
    expect(scalarValueProblem(i(32), 5n)).toContain('expected an integer number');
    expect(scalarValueProblem(i(64), 5)).toContain('expected a bigint');
    expect(scalarValueProblem(i(1), -1)).toContain('range of i1');
    expect(scalarValueProblem(f32, 0.1)).toContain('rounded to f32');
    expect(scalarValueProblem(f32, NaN)).toBeUndefined();
    expect(scalarValueProblem(f64, 0.1)).toBeUndefined();
    expect(scalarValueProblem(IntegerType.get(ctx, 8, 'unsigned'), 255)).toBeUndefined();
  });
});
