// The meaning of arith's casts on runtime values, with the folders' conversions (fold/apfloat.ts, the bit patterns
// of cast-ops.ts). A float converted to an integer it does not fit (NaN, infinity, out of range) is poison in
// MLIR; the interpreter reports it as a runtime error, as the tensor language's interpreter does for its casts.
import type { Type } from '@tlir/ir';
import { fault, integerFormat, roundToKind, signedValue, unsignedValue, wrapInteger, type IntegerFormat } from '@tlir/interpreter';
import { bitsOf, fromBits } from '../cast-ops.js';
import { floatToInteger, integerToFloat } from '../fold/apfloat.js';
import type { Scalar } from './scalar-types.js';
import type { FloatKind } from '@tlir/ir';

/**
 * An integer read as signed (`sign-extended`) or unsigned, converted to `out` (which wraps it to its width). index is
 * 64 bits read as signed: a 64-bit value zero-extended to it (index_castui of an i64) has those bits, -1 for 2^64 - 1.
 */
export function convertInteger(from: IntegerFormat, to: IntegerFormat, v: Scalar, signed: boolean): Scalar {
  const x = signed ? signedValue(from, v) : unsignedValue(from, v);
  return wrapInteger(to, to.index && typeof x === 'bigint' ? BigInt.asIntN(64, x) : x);
}

/** sitofp / uitofp: the integer, read signed or not, rounded once to the nearest value of `kind`. */
export function integerToFloatValue(from: IntegerFormat, kind: FloatKind, v: Scalar, signed: boolean): number {
  const x = signed ? signedValue(from, v) : unsignedValue(from, v);
  // A safe integer is exact as a double, so rounding it to the kind is rounding once.
  return typeof x === 'number' ? roundToKind(kind, x) : integerToFloat(kind, x);
}

/** fptosi / fptoui: `v` truncated toward zero; a runtime error when the integer does not fit `to`. */
export function floatToIntegerValue(v: number, to: IntegerFormat, toType: Type, signed: boolean): Scalar {
  const r = floatToInteger(v, to.width, signed);
  if (r === undefined) {
    const what = Number.isNaN(v) ? 'NaN' : !Number.isFinite(v) ? String(v) : `${v}, truncated,`;
    fault(`${what} does not fit ${toType} read as ${signed ? 'signed' : 'unsigned'} (the conversion is poison in MLIR)`);
  }
  return wrapInteger(to, r);
}

/** bitcast: the bit pattern of `v` (of `from`) read as a value of `to`, a type of the same width. */
export function bitcastValue(from: Type, to: Type, v: Scalar): Scalar {
  const bits = bitsOf(from, typeof v === 'number' && integerFormat(from) ? BigInt(v) : v);
  const r = fromBits(to, bits);
  const format = integerFormat(to);
  return format ? wrapInteger(format, r) : r;
}
