// The arith folders on edge cases: wrapping at the bit width, what must not fold (division by zero, signed
// overflow, shifts by the width, inexact or invalid conversions), NaNs, signed zeros and the rounding of narrow
// float types. Each case folds one op whose operands are constants and looks at the attribute it gives.
import { describe, expect, it } from 'vitest';
import { ArithDialect } from '@tlir/dialect-arith';
import { FuncDialect } from '@tlir/dialect-func';
import { Context, DenseElementsAttr, parseSourceString, type Attribute, type Operation } from '@tlir/ir';
import { foldOperation } from '@tlir/rewrite';
import { ceilDivS, floorDivS, mulhs, mulhu, sdiv } from '../src/fold/apint.js';
import { convertFloatExactly, integerToFloat, maxnum, maximum, minimum, minnum } from '../src/fold/apfloat.js';

/** Folds the last op before the return of `body` (ops on constants defined above it). */
function fold(body: string, resultType: string): Attribute | 'value' | 'in-place' | undefined {
  const ctx = new Context({ dialects: [FuncDialect, ArithDialect] });
  const m = parseSourceString(ctx, `func.func @f(%arg: ${resultType}) -> ${resultType} {\n${body}\n  return %r : ${resultType}\n}`, 'fold.mlir');
  if (!m) throw new Error('does not parse');
  let target: Operation | undefined;
  m.walk((op) => {
    if (op.numResults && op.results[0]!.firstUse?.owner.name === 'func.return') target = op;
  });
  const r = foldOperation(target!);
  if (r === undefined || r === 'in-place') return r;
  return r[0] instanceof Object && 'id' in r[0] && !('owner' in r[0]) ? (r[0] as Attribute) : 'value';
}

const text = (a: ReturnType<typeof fold>): string | undefined => (typeof a === 'object' ? a.toString() : a);

describe('integer folding', () => {
  it.each([
    ['addi', '100 : i8', '100 : i8', '-56 : i8'],
    ['subi', '-128 : i8', '1 : i8', '127 : i8'],
    ['muli', '-9223372036854775808 : i64', '-1 : i64', '-9223372036854775808 : i64'],
    ['addi', '9223372036854775807 : index', '1 : index', '-9223372036854775808 : index'],
    ['divui', '-1 : i8', '2 : i8', '127 : i8'],
    ['divsi', '-7 : i32', '2 : i32', '-3 : i32'],
    ['remsi', '-7 : i32', '2 : i32', '-1 : i32'],
    ['remui', '-7 : i8', '10 : i8', '9 : i8'],
    ['ceildivsi', '-7 : i32', '2 : i32', '-3 : i32'],
    ['floordivsi', '-7 : i32', '2 : i32', '-4 : i32'],
    ['ceildivui', '7 : i32', '2 : i32', '4 : i32'],
    ['shli', '1 : i8', '7 : i8', '-128 : i8'],
    ['shrsi', '-128 : i8', '7 : i8', '-1 : i8'],
    ['shrui', '-128 : i8', '7 : i8', '1 : i8'],
    ['maxsi', '-1 : i16', '1 : i16', '1 : i16'],
    ['maxui', '-1 : i16', '1 : i16', '-1 : i16'],
    ['minui', '-1 : i16', '1 : i16', '1 : i16'],
    ['xori', '-1 : i1', '-1 : i1', 'false'],
  ])('%s %s, %s = %s', (op, a, b, expected) => {
    const type = a.split(' : ')[1] ?? 'i1';
    const body = `  %a = arith.constant ${a}\n  %b = arith.constant ${b}\n  %r = arith.${op} %a, %b : ${type}`;
    expect(text(fold(body, type))).toBe(expected);
  });

  it.each([
    ['divsi', '5', '0'],
    ['divui', '5', '0'],
    ['remsi', '5', '0'],
    ['remui', '5', '0'],
    ['ceildivsi', '5', '0'],
    ['ceildivui', '5', '0'],
    ['floordivsi', '5', '0'],
    ['divsi', '-2147483648', '-1'],
    ['ceildivsi', '-2147483648', '-1'],
    ['floordivsi', '-2147483648', '-1'],
    ['shli', '1', '32'],
    ['shrui', '1', '33'],
    ['shrsi', '1', '-1'],
  ])('%s %s, %s does not fold', (op, a, b) => {
    const body = `  %a = arith.constant ${a} : i32\n  %b = arith.constant ${b} : i32\n  %r = arith.${op} %a, %b : i32`;
    expect(fold(body, 'i32')).toBeUndefined();
  });

  it('computes the high halves of wide products', () => {
    expect(mulhs(-128n, -128n, 8)).toBe(64n);
    expect(mulhu(-1n, -1n, 8)).toBe(-2n); // 255 * 255 = 0xFE01
    expect(mulhs(-1n, 1n, 64)).toBe(-1n);
  });

  it('rounds signed divisions toward zero, up and down as MLIR folds them', () => {
    expect(sdiv(7n, -2n, 8)).toBe(-3n);
    expect(ceilDivS(7n, -2n, 8)).toBe(-3n);
    expect(ceilDivS(-8n, -2n, 8)).toBe(4n);
    expect(ceilDivS(-128n, 3n, 8)).toBeUndefined(); // MLIR gives up when negating the minimum overflows
    expect(floorDivS(7n, -2n, 8)).toBe(-4n);
    expect(floorDivS(-8n, 2n, 8)).toBe(-4n);
  });

  it('folds casts of constants at the target width', () => {
    expect(text(fold('  %a = arith.constant -1 : i8\n  %r = arith.extui %a : i8 to i32', 'i32'))).toBe('255 : i32');
    expect(text(fold('  %a = arith.constant -1 : i8\n  %r = arith.extsi %a : i8 to i32', 'i32'))).toBe('-1 : i32');
    expect(text(fold('  %a = arith.constant 1000 : i32\n  %r = arith.trunci %a : i32 to i8', 'i8'))).toBe('-24 : i8');
    expect(text(fold('  %a = arith.constant -1 : i32\n  %r = arith.index_castui %a : i32 to index', 'index'))).toBe('4294967295 : index');
    expect(text(fold('  %a = arith.constant -1 : i32\n  %r = arith.index_cast %a : i32 to index', 'index'))).toBe('-1 : index');
  });
});

describe('float folding', () => {
  const f = (body: string, type: string): string | undefined => text(fold(body, type));

  it('rounds to the type: f32 with Math.fround semantics, f16 and bf16 through their formats', () => {
    expect(f('  %a = arith.constant 0.1 : f32\n  %b = arith.constant 0.2 : f32\n  %r = arith.addf %a, %b : f32', 'f32')).toBe('3.000000e-01 : f32');
    expect(f('  %a = arith.constant 1.0e-3 : f16\n  %r = arith.mulf %a, %a : f16', 'f16')).toBe('1.013280e-06 : f16');
    expect(f('  %a = arith.constant 1.0 : bf16\n  %b = arith.constant 3.0 : bf16\n  %r = arith.divf %a, %b : bf16', 'bf16')).toBe('3.339840e-01 : bf16');
    expect(f('  %a = arith.constant 6.0e4 : f16\n  %r = arith.addf %a, %a : f16', 'f16')).toBe('0x7C00 : f16');
  });

  it('propagates NaN payloads made quiet, and makes the positive quiet NaN for invalid operations', () => {
    expect(f('  %a = arith.constant 0x7F800001 : f32\n  %b = arith.constant 1.0 : f32\n  %r = arith.addf %b, %a : f32', 'f32')).toBe('0x7FC00001 : f32');
    expect(f('  %a = arith.constant 0x7F800000 : f32\n  %b = arith.constant 0xFF800000 : f32\n  %r = arith.addf %a, %b : f32', 'f32')).toBe('0x7FC00000 : f32');
    expect(f('  %a = arith.constant 0.0 : f64\n  %r = arith.divf %a, %a : f64', 'f64')).toBe('0x7FF8000000000000 : f64');
    expect(f('  %a = arith.constant 0x7FC00000 : f32\n  %r = arith.negf %a : f32', 'f32')).toBe('0xFFC00000 : f32');
  });

  it('keeps the sign of zero', () => {
    expect(f('  %a = arith.constant -1.0 : f32\n  %b = arith.constant 0.0 : f32\n  %r = arith.mulf %a, %b : f32', 'f32')).toBe('-0.000000e+00 : f32');
    expect(f('  %a = arith.constant -5.5 : f32\n  %b = arith.constant 5.5 : f32\n  %r = arith.remf %a, %b : f32', 'f32')).toBe('-0.000000e+00 : f32');
    expect(Object.is(maximum(-0, 0), 0)).toBe(true);
    expect(Object.is(minimum(0, -0), -0)).toBe(true);
  });

  it('min and max: NaN propagates through maximum/minimum, is ignored by maxnum/minnum', () => {
    expect(Number.isNaN(maximum(Number.NaN, 1))).toBe(true);
    expect(Number.isNaN(minimum(1, Number.NaN))).toBe(true);
    expect(maxnum(Number.NaN, 1)).toBe(1);
    expect(minnum(2, Number.NaN)).toBe(2);
  });

  it('compares unordered when a NaN is involved', () => {
    const cmp = (pred: string, a: string, b: string): string | undefined =>
      f(`  %a = arith.constant ${a} : f32\n  %b = arith.constant ${b} : f32\n  %r = arith.cmpf ${pred}, %a, %b : f32`, 'i1');
    expect(cmp('oeq', '0x7FC00000', '1.0')).toBe('false');
    expect(cmp('une', '0x7FC00000', '0x7FC00000')).toBe('true');
    expect(cmp('ult', '1.0', '0x7FC00000')).toBe('true');
    expect(cmp('oeq', '0.0', '-0.0')).toBe('true');
  });

  it('converts integers with one rounding, and gives up on invalid float-to-integer conversions', () => {
    expect(integerToFloat('f32', 16777217n)).toBe(16777216);
    expect(integerToFloat('f32', 9007199254740993n)).toBe(9007199254740992);
    expect(integerToFloat('f16', 70000n)).toBe(Infinity);
    expect(integerToFloat('bf16', 257n)).toBe(256);
    expect(f('  %a = arith.constant 200.75 : f32\n  %r = arith.fptoui %a : f32 to i8', 'i8')).toBe('-56 : i8');
    expect(f('  %a = arith.constant 200.75 : f32\n  %r = arith.fptosi %a : f32 to i8', 'i8')).toBeUndefined();
    expect(f('  %a = arith.constant -0.5 : f32\n  %r = arith.fptoui %a : f32 to i8', 'i8')).toBe('0 : i8');
    expect(f('  %a = arith.constant 0x7FC00000 : f32\n  %r = arith.fptosi %a : f32 to i32', 'i32')).toBeUndefined();
  });

  it('folds float conversions only when exact', () => {
    expect(f('  %a = arith.constant 0.5 : f64\n  %r = arith.truncf %a : f64 to f16', 'f16')).toBe('5.000000e-01 : f16');
    expect(f('  %a = arith.constant 0.1 : f64\n  %r = arith.truncf %a : f64 to f32', 'f32')).toBeUndefined();
    expect(f('  %a = arith.constant 1.0e6 : f32\n  %r = arith.truncf %a : f32 to f16', 'f16')).toBeUndefined();
    expect(f('  %a = arith.constant 0x7F800001 : f32\n  %r = arith.extf %a : f32 to f64', 'f64')).toBeUndefined(); // signaling NaN
    expect(convertFloatExactly('f8E4M3FN', Infinity)).toBeUndefined(); // no infinity there
  });

  it('bitcasts the bit pattern', () => {
    expect(f('  %a = arith.constant 1.0 : f32\n  %r = arith.bitcast %a : f32 to i32', 'i32')).toBe('1065353216 : i32');
    expect(f('  %a = arith.constant -1 : i16\n  %r = arith.bitcast %a : i16 to f16', 'f16')).toBe('0xFFFF : f16');
  });
});

describe('identities and structure', () => {
  it('gives operands back for identities and leaves others in place', () => {
    expect(fold('  %z = arith.constant 0 : i32\n  %r = arith.addi %arg, %z : i32', 'i32')).toBe('value');
    expect(fold('  %z = arith.constant -0.0 : f32\n  %r = arith.addf %arg, %z : f32', 'f32')).toBe('value');
    // x + 0.0 is not x: -0.0 + 0.0 is +0.0.
    expect(fold('  %z = arith.constant 0.0 : f32\n  %r = arith.addf %arg, %z : f32', 'f32')).toBeUndefined();
    // x * 0 is 0 only under nnan and nsz.
    expect(fold('  %z = arith.constant 0.0 : f32\n  %r = arith.mulf %arg, %z : f32', 'f32')).toBeUndefined();
    expect(fold('  %z = arith.constant 0.0 : f32\n  %r = arith.mulf %arg, %z fastmath<nnan,nsz> : f32', 'f32')).toBe('value');
    // A constant on the left of cmpi moves to the right.
    expect(fold('  %c = arith.constant 3 : i32\n  %r0 = arith.cmpi slt, %c, %arg : i32\n  %r = arith.extui %r0 : i1 to i32', 'i32')).toBeUndefined();
  });

  it('folds dense constants elementwise and splats to splats', () => {
    const r = fold('  %a = arith.constant dense<[1, 2]> : vector<2xi8>\n  %b = arith.constant dense<127> : vector<2xi8>\n  %r = arith.addi %a, %b : vector<2xi8>', 'vector<2xi8>');
    expect(r).toBeInstanceOf(DenseElementsAttr);
    expect(text(r)).toBe('dense<[-128, -127]> : vector<2xi8>');
    const s = fold('  %a = arith.constant dense<2.5> : tensor<3xf32>\n  %r = arith.mulf %a, %a : tensor<3xf32>', 'tensor<3xf32>');
    expect(text(s)).toBe('dense<6.250000e+00> : tensor<3xf32>');
  });
});
