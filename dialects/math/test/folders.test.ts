// The helpers math folders compute with: C rounding and pow semantics where JavaScript's Math differs, integer
// powers at a bit width, and MLIR's NaN conventions for the C library (checked against mlir-opt 22 in
// canonicalize.mlir).
import { describe, expect, it } from 'vitest';
import { f64ToBits } from '@tlir/ir';
import { ipowi } from '../src/integer-ops.js';
import { LIBM, applyUnary, cAtan2, cPow, roundHalfAway, roundHalfEven } from '../src/libm.js';

const bits = (x: number): string => `0x${f64ToBits(x).toString(16).toUpperCase()}`;

describe('rounding', () => {
  it.each([
    [2.5, 3, 2],
    [-2.5, -3, -2],
    [0.49999999999999994, 0, 0],
    [-0.5, -1, -0],
    [1.5, 2, 2],
    [-0.2, -0, -0],
    [4503599627370497, 4503599627370497, 4503599627370497],
  ])('%d rounds to %d (away from zero) and %d (to even)', (x, away, even) => {
    expect(Object.is(roundHalfAway(x), away)).toBe(true);
    expect(Object.is(roundHalfEven(x), even)).toBe(true);
  });
});

describe('C semantics', () => {
  it('pow of 1 and to the power 0 is 1, even with NaN', () => {
    expect(cPow(Number.NaN, 0)).toBe(1);
    expect(cPow(1, Number.NaN)).toBe(1);
    expect(cPow(-1, Infinity)).toBe(1);
    expect(bits(cPow(-1, 0.5))).toBe('0xFFF8000000000000');
  });
  it('atan2 of two zeros is the positive NaN', () => {
    expect(bits(cAtan2(0, -0))).toBe('0x7FF8000000000000');
  });
  it('domain errors give the NaN of the x86 C library, NaN operands come back quiet', () => {
    expect(bits(applyUnary('f32', LIBM.acos!, 2)!)).toBe('0x7FF8000000000000');
    expect(bits(applyUnary('f64', LIBM.acosh!, 0.5)!)).toBe('0xFFF8000000000000');
    expect(bits(applyUnary('f32', LIBM.sin!, Infinity)!)).toBe('0xFFF8000000000000');
    expect(bits(applyUnary('f64', LIBM.exp!, -Number.NaN)!)).toMatch(/^0x[F7]FF8/);
  });
  it('does not fold what MLIR leaves alone', () => {
    expect(applyUnary('f32', LIBM.log!, -1)).toBeUndefined();
    expect(applyUnary('f32', LIBM.sqrt!, -0)).toBeUndefined();
    expect(applyUnary('f32', LIBM.log1p!, -2)).toBeUndefined();
    expect(applyUnary('f16', LIBM.exp!, 0.5)).toBeUndefined();
    expect(applyUnary('f32', LIBM.log1p!, -1)).toBe(-Infinity);
  });
});

describe('ipowi', () => {
  it.each([
    [3n, 3n, 16, 27n],
    [2n, 10n, 32, 1024n],
    [2n, 31n, 32, -2147483648n],
    [10n, 10n, 32, 1410065408n],
    [-1n, -3n, 32, -1n],
    [-1n, -4n, 32, 1n],
    [2n, -1n, 32, 0n],
    [1n, -7n, 8, 1n],
    [0n, 0n, 8, 1n],
  ])('%d ** %d at %d bits is %d', (b, p, w, r) => {
    expect(ipowi(b, p, w)).toBe(r);
  });
  it('leaves 0 to a negative power alone', () => {
    expect(ipowi(0n, -1n, 32)).toBeUndefined();
  });
});
