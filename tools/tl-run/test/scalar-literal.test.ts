// Scalar literals on the command line: each type's forms, ranges and rounding.
import { describe, expect, it } from 'vitest';
import { parseScalarLiteral } from '../src/scalar-literal.js';

describe('parseScalarLiteral', () => {
  it('reads floats, rounded to f32 for f32', () => {
    expect(parseScalarLiteral('1.5', 'f32')).toBe(1.5);
    expect(parseScalarLiteral('0.1', 'f32')).toBe(Math.fround(0.1));
    expect(parseScalarLiteral('0.1', 'f64')).toBe(0.1);
    expect(parseScalarLiteral('-2e-3', 'f64')).toBe(-2e-3);
    expect(parseScalarLiteral('.5', 'f32')).toBe(0.5);
    expect(parseScalarLiteral('7', 'f32')).toBe(7);
    expect(parseScalarLiteral('-inf', 'f32')).toBe(-Infinity);
    expect(parseScalarLiteral('Infinity', 'f64')).toBe(Infinity);
    expect(parseScalarLiteral('nan', 'f32')).toBeNaN();
    expect(parseScalarLiteral('1e39', 'f32')).toBe(Infinity); // beyond f32: rounds to infinity, as a cast would
    expect(parseScalarLiteral('0x10', 'f32')).toMatch(/is not a floating-point literal/);
    expect(parseScalarLiteral('1.5.2', 'f64')).toMatch(/is not a floating-point literal/);
  });

  it('reads integers within their type; hexadecimal gives bits', () => {
    expect(parseScalarLiteral('-128', 'i8')).toBe(-128);
    expect(parseScalarLiteral('128', 'i8')).toBe('128 is out of range for i8 (-128 to 127)');
    expect(parseScalarLiteral('0xff', 'i8')).toBe(-1);
    expect(parseScalarLiteral('0x7f', 'i8')).toBe(127);
    expect(parseScalarLiteral('0x100', 'i8')).toBe('0x100 is out of range for i8 (-128 to 127)');
    expect(parseScalarLiteral('-0x1', 'i16')).toBe(-1);
    expect(parseScalarLiteral('2147483647', 'i32')).toBe(2147483647);
    expect(parseScalarLiteral('2147483648', 'i32')).toMatch(/out of range for i32/);
    expect(parseScalarLiteral('9223372036854775807', 'i64')).toBe(9223372036854775807n);
    expect(parseScalarLiteral('0xffffffffffffffff', 'i64')).toBe(-1n);
    expect(parseScalarLiteral('1.0', 'i32')).toBe("'1.0' is not an integer literal");
  });

  it('reads index values up to 2^53 - 1 in magnitude', () => {
    expect(parseScalarLiteral('9007199254740991', 'index')).toBe(9007199254740991);
    expect(parseScalarLiteral('-9007199254740992', 'index')).toMatch(/out of range for index/);
  });

  it('reads i1 as true, false, 1 or 0', () => {
    expect([parseScalarLiteral('true', 'i1'), parseScalarLiteral('0', 'i1')]).toEqual([1, 0]);
    expect(parseScalarLiteral('yes', 'i1')).toBe("'yes' is not an i1 literal (true, false, 1 or 0)");
  });
});
