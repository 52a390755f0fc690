// --check's comparison: integers exactly, floats element by element within atol + rtol |expected|, NaN and infinities,
// arrays in different orders, and what the summary says.
import { describe, expect, it } from 'vitest';
import { UnknownLoc, Context, FloatType, IntegerType } from '@tlir/ir';
import { ndarray, withOrder, type NdArray } from '@tlir/runtime';
import { compareArrays, defaultTolerance, formatComparison } from '../src/result-check.js';
import type { KernelParameter } from '../src/kernel-signature.js';

const ctx = new Context();
const param = (elementName: 'f32' | 'i32'): KernelParameter => ({
  index: 0,
  name: 'C',
  kind: 'memref',
  type: elementName === 'f32' ? FloatType.get(ctx, 'f32') : IntegerType.get(ctx, 32),
  elementType: elementName === 'f32' ? FloatType.get(ctx, 'f32') : IntegerType.get(ctx, 32),
  elementName,
  layout: { shape: [2, 2], strides: [1, 2], offset: 0 },
  typeText: 'memref<f32x2x2>',
  loc: UnknownLoc.instance,
});
const f32 = (values: number[]): NdArray => ndarray(Float32Array.from(values), [2, 2]);

describe('compareArrays', () => {
  const tol = { rtol: 1e-4, atol: 1e-5 };

  it('passes a float element within atol + rtol |expected|, its own expected value (numpy.allclose)', () => {
    // Element 0 may be off by 1e-5 + 1e-4 * 1 = 1.1e-4, element 1 by 1e-5 + 1e-4 * 100 = 1.001e-2, element 3 by 1e-5.
    const expected = f32([1, 100, -3, 0]);
    expect(compareArrays(param('f32'), f32([1.0001, 100.01, -3, 0.00001]), expected, tol).mismatches).toBe(0);
    const c = compareArrays(param('f32'), f32([1.0002, 100.02, -3, 0.00002]), expected, tol);
    expect(c.mismatches).toBe(3);
    expect(c.worst?.expected).toBe(100);
    expect(c.firstMismatch?.index).toEqual([0, 0]);
  });

  it('does not let a large element loosen the check on the small ones', () => {
    // A tolerance relative to the largest element (1e-5 * 1000 = 0.01 for every element) would pass these.
    const expected = f32([0.001, 1000, 0.5, 0]);
    const c = compareArrays(param('f32'), f32([0.0011, 1000, 0.5, 0.001]), expected, tol);
    expect(c.mismatches).toBe(2);
    expect(c.worst).toMatchObject({ index: [1, 1], expected: 0 });
    expect(c.firstMismatch?.index).toEqual([0, 0]);
  });

  it('treats NaN as equal to NaN and an infinity as equal only to itself', () => {
    const expected = f32([NaN, Infinity, -Infinity, 1]);
    expect(compareArrays(param('f32'), f32([NaN, Infinity, -Infinity, 1]), expected, tol).mismatches).toBe(0);
    expect(compareArrays(param('f32'), f32([0, Infinity, Infinity, NaN]), expected, tol).mismatches).toBe(3);
  });

  it('compares integers exactly', () => {
    const expected = ndarray(Int32Array.from([1, 2, 3, 4]), [2, 2]);
    const c = compareArrays(param('i32'), ndarray(Int32Array.from([1, 2, 3, 5]), [2, 2]), expected, defaultTolerance('i32'));
    expect(c.mismatches).toBe(1);
    expect(c.worst).toMatchObject({ index: [1, 1], got: 5, expected: 4, absolute: 1 });
  });

  it('compares element (i, j) with element (i, j) whatever the orders', () => {
    const expected = f32([1, 2, 3, 4]);
    expect(compareArrays(param('f32'), withOrder(expected, 'C'), expected, tol).mismatches).toBe(0);
    const moved = withOrder(f32([1, 2, 3, 5]), 'C');
    expect(compareArrays(param('f32'), moved, expected, tol).worst?.index).toEqual([1, 1]);
  });

  it('summarizes an argument in one line', () => {
    const expected = f32([1, 2, 3, 4]);
    expect(formatComparison(compareArrays(param('f32'), f32([1, 2, 3, 4]), expected, tol))).toBe('  C (f32, 2x2): all 4 elements equal; ok\n');
    expect(formatComparison(compareArrays(param('f32'), f32([1, 2, 3, 4.0001]), expected, tol))).toBe(
      '  C (f32, 2x2): max error 1.00e-4 (relative 2.50e-5) at (1, 1): got 4.0001, expected 4; ok\n',
    );
    expect(formatComparison(compareArrays(param('f32'), f32([1.5, 2, 3, 5]), expected, tol))).toBe(
      '  C (f32, 2x2): max error 1.00e+0 (relative 2.50e-1) at (1, 1): got 5, expected 4; 2 of 4 elements outside the tolerance, the first at (0, 0): got 1.5, expected 1; MISMATCH\n',
    );
  });
});
