// The floats of the reference models (float-model.ts), checked against what JavaScript computes exactly (DataView,
// Math.fround) and against values worked out by hand from IEEE 754.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floatBitsOf, floatValue, round, roundInteger, roundToFormat, type FloatTypeName } from './float-model.js';

const view = new DataView(new ArrayBuffer(8));
const f32Bits = (bits: number): number => (view.setUint32(0, bits), view.getFloat32(0));
const f64Bits = (bits: bigint): number => (view.setBigUint64(0, bits), view.getFloat64(0));
const same = (a: number, b: number): boolean => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));

describe('floatValue', () => {
  it('reads f32 and f64 bit patterns as DataView does', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (b) => same(floatValue('f32', BigInt(b)), f32Bits(b))), { seed: 1 });
    fc.assert(fc.property(fc.bigInt(0n, 2n ** 64n - 1n), (b) => same(floatValue('f64', b), f64Bits(b))), { seed: 1 });
  });

  it('reads bf16 as the upper half of an f32, and f16 by its table', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 0xffff }), (b) => same(floatValue('bf16', BigInt(b)), f32Bits(b * 65536))), { seed: 1 });
    const f16 = (bits: number): number => floatValue('f16', BigInt(bits));
    expect([f16(0x3c00), f16(0xc000), f16(0x7bff), f16(0x0400), f16(0x0001), f16(0x8000), f16(0x7c00), f16(0xfc00)]).toEqual([
      1, -2, 65504, 2 ** -14, 2 ** -24, -0, Infinity, -Infinity,
    ]);
    expect(f16(0x7e00)).toBeNaN();
  });

  it('is undone by floatBitsOf for every value that is not a NaN', () => {
    for (const [type, width] of [['f16', 16], ['bf16', 16], ['f32', 32], ['f64', 64]] as const) {
      const bits = fc.bigInt(0n, (1n << BigInt(width)) - 1n).filter((b) => !Number.isNaN(floatValue(type as FloatTypeName, b)));
      fc.assert(fc.property(bits, (b) => floatBitsOf(type, floatValue(type, b)) === b), { seed: 1, numRuns: 500 });
    }
  });
});

describe('round', () => {
  it('rounds as Math.fround does, by the general rule at the f32 format', () => {
    const doubles = fc.oneof(fc.double(), fc.double({ min: -1e-37, max: 1e-37 }), fc.double({ min: 3e38, max: 4e38 }));
    fc.assert(fc.property(doubles, (x) => same(roundToFormat(x, 8, 23), Math.fround(x))), { seed: 1, numRuns: 2000 });
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (b) => same(roundToFormat(f32Bits(b), 8, 23), f32Bits(b))), { seed: 1 });
  });

  it('rounds to f16 and bf16 to nearest, ties to even, with overflow and subnormals', () => {
    expect(round('f16', 1 + 2 ** -11)).toBe(1); // a tie: the even neighbour
    expect(round('f16', 1 + 3 * 2 ** -11)).toBe(1 + 2 ** -9);
    expect(round('f16', 65519)).toBe(65504);
    expect(round('f16', 65520)).toBe(Infinity); // halfway to 2^16: the even neighbour is past the largest
    expect(round('f16', 2 ** -25)).toBe(0);
    expect(round('f16', -(2 ** -25))).toBe(-0);
    expect(round('f16', 3 * 2 ** -26)).toBe(2 ** -24);
    expect(round('bf16', 1 + 2 ** -8)).toBe(1);
    expect(round('bf16', 1 + 3 * 2 ** -8)).toBe(1 + 2 ** -6);
    expect(round('bf16', -3.4e38)).toBe(-Infinity);
  });

  it('rounds a 64-bit integer once', () => {
    // 2^60 + 2^36 + 1 is just above the halfway point between two f32 neighbours: rounding through a double
    // (to 2^60 + 2^36, the halfway point) and then to f32 (ties to even, down) would give 2^60.
    expect(roundInteger('f32', 2n ** 60n + 2n ** 36n + 1n)).toBe(2 ** 60 + 2 ** 37);
    expect(Math.fround(Number(2n ** 60n + 2n ** 36n + 1n))).toBe(2 ** 60);
    expect(roundInteger('f64', -(2n ** 63n))).toBe(-(2 ** 63));
    expect(roundInteger('f16', 65519n)).toBe(65504);
    expect(roundInteger('bf16', 257n)).toBe(256);
  });
});
