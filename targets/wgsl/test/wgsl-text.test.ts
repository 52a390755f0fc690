// The WGSL text the translation writes itself: literals that read back to the same value, names that are WGSL
// identifiers and never keywords, reserved words or builtins. Properties with a fixed seed (TLIR_FC_SEED=random
// explores).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { f16Literal, f32Literal, i32Literal, isUsableWgslName, sanitizeWgslName } from '@tlir/target-wgsl';
import '../../../packages/runtime/test/support/property-settings.js';

/** The number a WGSL float literal denotes (without its suffix). */
const literalValue = (text: string): number => Number(text.replace(/[fh]$/, ''));

describe('f32 literals', () => {
  it('read back to the same f32, are the shortest decimal that does, and are WGSL literals', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const text = f32Literal(x);
        expect(text).toMatch(/^-?(\d+\.\d+(e-?\d+)?|\d+\.\d*e-?\d+)f$/);
        expect(Object.is(Math.fround(literalValue(text)), Math.fround(x))).toBe(true);
        // One digit fewer does not read back (unless the value is written with one digit).
        const digits = text.replace(/^-/, '').replace(/e.*$|f$/g, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length;
        if (digits > 1) expect(Math.fround(Number(Math.fround(x).toPrecision(digits - 1)))).not.toBe(Math.fround(x));
      }),
      { numRuns: 2000 },
    );
  });

  it('write known values as people write them', () => {
    expect(f32Literal(0.1)).toBe('0.1f');
    expect(f32Literal(-2.5)).toBe('-2.5f');
    expect(f32Literal(1)).toBe('1.0f');
    expect(f32Literal(-0)).toBe('-0.0f');
    expect(f32Literal(3.4028234663852886e38)).toBe('3.4028235e38f');
    expect(f32Literal(1e-45)).toBe('1.0e-45f');
    expect(() => f32Literal(Number.NaN)).toThrow(/no WGSL literal/);
    expect(() => f32Literal(Infinity)).toThrow(/no WGSL literal/);
  });

  it('f16 literals read back to the same f16', () => {
    expect(f16Literal(0.1)).toBe('0.1h');
    expect(f16Literal(65504)).toBe('6.55e4h'); // the shortest text that reads back to 65504 in f16
    expect(f16Literal(-0)).toBe('-0.0h');
  });
});

describe('i32 literals', () => {
  it('are the value with the i suffix, the minimum as a bit cast (its negation would be out of range)', () => {
    expect(i32Literal(0)).toBe('0i');
    expect(i32Literal(-7)).toBe('-7i');
    expect(i32Literal(2147483647)).toBe('2147483647i');
    expect(i32Literal(-2147483648)).toBe('bitcast<i32>(0x80000000u)');
    expect(() => i32Literal(2147483648)).toThrow(RangeError);
  });
});

describe('names', () => {
  it('sanitized names are WGSL identifiers', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const name = sanitizeWgslName(s);
        expect(name).toMatch(/^([A-Za-z_][A-Za-z0-9_]*)$/);
        expect(name.startsWith('__')).toBe(false);
        expect(name).not.toBe('_');
      }),
    );
  });

  it('keywords, reserved words and builtins are not usable', () => {
    for (const word of ['fn', 'let', 'var', 'loop', 'enable', 'while', 'override', 'module', 'f32', 'array', 'select', 'max', 'workgroupBarrier', 'atomicAdd', '__x', '_', '9a']) {
      expect(isUsableWgslName(word), word).toBe(false);
    }
    for (const word of ['c0', 'dim_2', 'arg3', 'A_data', 'v0', '_x']) expect(isUsableWgslName(word), word).toBe(true);
  });
});
