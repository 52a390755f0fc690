// f80 and f128 values (wide-float.ts): exact conversions from doubles, the rounded way back, exact decimal reading
// (correctly rounded, checked on known bit patterns), exact comparison, and the printer's round trip: whatever
// formatFloat prints for a bit pattern reads back as the same bits (mlir-opt 22's printing itself is compared in
// test/interop/wide-float-values.mlir).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalWideBits,
  compareWide,
  decodeWide,
  doubleToWide,
  f64ToBits,
  formatFloat,
  isExactDouble,
  parseDecimalToWide,
  wideToDouble,
  type WideFloatKind,
} from '@tlir/ir';

const KINDS: readonly WideFloatKind[] = ['f80', 'f128'];
const WIDTH = { f80: 80n, f128: 128n } as const;

describe('doubles in f80 and f128', () => {
  it.each([
    ['f80', 1, 0x3fff8000000000000000n],
    ['f80', -2.5, 0xc000a000000000000000n],
    ['f80', 0.1, 0x3ffbccccccccccccd000n],
    ['f128', 1, 0x3fff0000000000000000000000000000n],
    ['f128', -0, 0x80000000000000000000000000000000n],
    ['f80', Infinity, 0x7fff8000000000000000n],
    ['f128', -Infinity, 0xffff0000000000000000000000000000n],
    ['f80', NaN, 0x7fffc000000000000000n],
    ['f128', NaN, 0x7fff8000000000000000000000000000n],
    ['f80', 2 ** -1074, 0x3bcd8000000000000000n],
  ] as const)('%s of %d', (kind, v, bits) => {
    expect(doubleToWide(kind, v)).toBe(bits);
  });

  it('every double converts exactly and back', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.double(), (kind, v) => {
        const bits = doubleToWide(kind, v);
        expect(f64ToBits(wideToDouble(kind, bits))).toBe(f64ToBits(v));
        expect(isExactDouble(kind, bits)).toBe(true);
      }),
    );
  });

  it('values with more bits than a double are not exact doubles', () => {
    expect(isExactDouble('f80', 0x3ffb999999999999999an)).toBe(false); // 0.075
    expect(isExactDouble('f128', 0x3fff0000000000000000000000000001n)).toBe(false);
    expect(isExactDouble('f80', 0x7fffc000000000000001n)).toBe(false); // a NaN payload below a double's
    expect(isExactDouble('f80', 0x73e6d1ba8323fe558c61n)).toBe(false); // 1e4000: beyond the doubles
    expect(wideToDouble('f80', 0x73e6d1ba8323fe558c61n)).toBe(Infinity);
  });
});

describe('decimal literals, rounded once to the type', () => {
  it.each([
    ['f80', '0.1', 0x3ffbcccccccccccccccdn],
    ['f128', '0.1', 0x3ffb999999999999999999999999999an],
    ['f128', '3.14159265358979323846264338327950288', 0x4000921fb54442d18469898cc51701b8n],
    ['f80', '1.0e4000', 0x73e6d1ba8323fe558c61n],
    ['f80', '-1.5', 0xbfffc000000000000000n],
    ['f128', '1.0e5000', 0x7fff0000000000000000000000000000n], // overflow: infinity
    ['f128', '2.5e-4966', 0n], // below half the smallest subnormal
    ['f128', '4.0e-4966', 1n], // above it: the smallest subnormal
    ['f80', '3.645200e-4951', 1n],
    // 2^64 + 1 lies halfway between two f80 values: ties go to the even significand.
    ['f80', '18446744073709551617.0', 0x403f8000000000000000n],
    ['f80', '18446744073709551619.0', 0x403f8000000000000002n],
  ] as const)('%s %s', (kind, text, bits) => {
    expect(parseDecimalToWide(kind, text)).toBe(bits);
  });

  it('rejects what is not a decimal number', () => {
    expect(parseDecimalToWide('f80', '1.0x')).toBeUndefined();
    expect(parseDecimalToWide('f80', '.')).toBeUndefined();
  });
});

describe('printing', () => {
  it.each([
    ['f80', 0x3ffb999999999999999an, '7.500000e-02'],
    ['f80', 0x3ffbcccccccccccccccdn, '1.000000e-01'],
    ['f80', doubleToWide('f80', 0.1), '0.100000000000000005551'],
    ['f128', doubleToWide('f128', 0.1), '0.100000000000000005551115123125782702'],
    ['f80', 0x4019eb79a2a000000000n, '0x4019EB79A2A000000000'], // 123456789: no '.' in the long form
    ['f80', 0x00000000000000000001n, '3.645200e-4951'],
    ['f80', 0x00008000000000000000n, '3.36210314311209350626E-4932'], // a pseudo-denormal
    ['f80', 0x3fff4000000000000000n, '0x7FFF4000000000000000'], // an unnormal is a NaN
    ['f128', 0x7ffeffffffffffffffffffffffffffffn, '1.18973149535723176508575932662800702E+4932'],
  ] as const)('%s 0x%s', (kind, bits, text) => {
    expect(formatFloat(kind, bits)).toBe(text);
  });

  it('what is printed in decimal reads back as the same bits', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }), (kind, raw) => {
        const bits = canonicalWideBits(kind, BigInt.asUintN(Number(WIDTH[kind]), raw));
        const text = formatFloat(kind, bits);
        if (text.startsWith('0x')) expect(BigInt(text)).toBe(bits);
        else expect(parseDecimalToWide(kind, text)).toBe(bits);
      }),
      { numRuns: 300 },
    );
  });
});

describe('exact comparison', () => {
  it('agrees with the comparison of doubles on doubles', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.double({ noNaN: true }), fc.double({ noNaN: true }), (kind, a, b) => {
        const expected = a < b ? -1 : a > b ? 1 : 0;
        expect(compareWide(kind, doubleToWide(kind, a), doubleToWide(kind, b))).toBe(expected);
      }),
    );
  });

  it('orders values a double cannot tell apart', () => {
    expect(compareWide('f80', 0x3ffb999999999999999an, 0x3ffb999999999999999bn)).toBe(-1);
    expect(compareWide('f128', 0x3fff0000000000000000000000000001n, 0x3fff0000000000000000000000000000n)).toBe(1);
    expect(compareWide('f80', 0x7fffc000000000000000n, 0n)).toBeUndefined();
    expect(decodeWide('f80', 0x7fff8000000000000000n).special).toBe('inf');
  });
});
