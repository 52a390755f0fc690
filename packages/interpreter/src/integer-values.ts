import { IndexType, IntegerType, type Type } from '@tlir/ir';
import { fault } from './runtime-fault.js';

/**
 * How the interpreter represents the values of an integer type (see runtime-value.ts):
 * - `big`: a bigint (width > 32) rather than a number;
 * - `unsigned`: the canonical form is the unsigned value (`uiN`, and `i1` as 0/1) rather than the signed one;
 * - `index`: the `index` type (a number, 64-bit signed, restricted to |v| <= 2^53 - 1).
 */
export interface IntegerFormat {
  readonly width: number;
  readonly big: boolean;
  readonly unsigned: boolean;
  readonly index: boolean;
}

const INDEX_FORMAT: IntegerFormat = Object.freeze({ width: 64, big: false, unsigned: false, index: true });
const formats = new WeakMap<Type, IntegerFormat>();

/** The representation of an integer or index type; undefined for other types. */
export function integerFormat(type: Type): IntegerFormat | undefined {
  if (type instanceof IndexType) return INDEX_FORMAT;
  if (!(type instanceof IntegerType)) return undefined;
  let f = formats.get(type);
  if (!f) {
    const w = type.width;
    f = Object.freeze({ width: w, big: w > 32, unsigned: type.signedness === 'unsigned' || (w === 1 && type.signedness === 'signless'), index: false });
    formats.set(type, f);
  }
  return f;
}

/** The largest magnitude an `index` value may have in the interpreter. */
export const MAX_INDEX = Number.MAX_SAFE_INTEGER;

/** An exact integer `v` wrapped to `width` <= 32 bits (two's complement), in signed or unsigned form. */
export function wrapNumber(v: number, width: number, unsigned: boolean): number {
  if (width === 32) return unsigned ? v >>> 0 : v | 0;
  const shift = 32 - width;
  return unsigned ? (v & (0xffffffff >>> shift)) >>> 0 : (v << shift) >> shift;
}

/** An integer wrapped to `width` bits, in signed or unsigned form. */
export function wrapBigInt(v: bigint, width: number, unsigned: boolean): bigint {
  return unsigned ? BigInt.asUintN(width, v) : BigInt.asIntN(width, v);
}

/** Checks that an exact integer is a valid `index` value (it is returned); a RuntimeFault otherwise. */
export function checkIndex(v: number): number {
  if (!Number.isSafeInteger(v)) fault(`index value ${v} is out of the range the interpreter represents exactly (|v| <= 2^53 - 1)`);
  return v;
}

/**
 * The canonical value of `format` for the exact integer `v` (a number that is an exact integer, or a bigint):
 * wrapped to the width as on hardware. An `index` result out of the exact range is a RuntimeFault.
 */
export function wrapInteger(format: IntegerFormat, v: number | bigint): number | bigint {
  if (format.index) {
    if (typeof v === 'bigint') {
      if (v > BigInt(MAX_INDEX) || v < -BigInt(MAX_INDEX)) fault(`index value ${v} is out of the range the interpreter represents exactly (|v| <= 2^53 - 1)`);
      return Number(v);
    }
    return checkIndex(v);
  }
  if (format.big) return wrapBigInt(typeof v === 'bigint' ? v : BigInt(v), format.width, format.unsigned);
  if (typeof v === 'bigint') return Number(wrapBigInt(v, format.width, format.unsigned));
  if (Number.isSafeInteger(v)) return wrapNumber(v, format.width, format.unsigned);
  return Number(wrapBigInt(BigInt(v), format.width, format.unsigned));
}

/** The value of canonical `v` read as a signed (two's complement) integer of the format's width. */
export function signedValue(format: IntegerFormat, v: number | bigint): number | bigint {
  if (!format.unsigned) return v;
  if (typeof v === 'bigint') return BigInt.asIntN(format.width, v);
  return wrapNumber(v, format.width, false);
}

/** The value of canonical `v` read as an unsigned integer of the format's width (index: as 64 bits). */
export function unsignedValue(format: IntegerFormat, v: number | bigint): number | bigint {
  if (format.unsigned) return v;
  if (typeof v === 'bigint') return BigInt.asUintN(format.width, v);
  if (format.index) return v < 0 ? BigInt.asUintN(64, BigInt(v)) : v;
  return wrapNumber(v, format.width, true);
}

/** Whether `v` is a canonical value of `format`. */
export function isCanonicalInteger(format: IntegerFormat, v: unknown): boolean {
  if (format.index) return typeof v === 'number' && Number.isSafeInteger(v);
  if (format.big) return typeof v === 'bigint' && wrapBigInt(v, format.width, format.unsigned) === v;
  return typeof v === 'number' && Number.isInteger(v) && wrapNumber(v, format.width, format.unsigned) === v;
}

/** The smallest and largest value of a format in its canonical (signed or unsigned) form. */
export function integerRange(format: IntegerFormat): { min: bigint; max: bigint } {
  if (format.index) return { min: -BigInt(MAX_INDEX), max: BigInt(MAX_INDEX) };
  const w = BigInt(format.width);
  return format.unsigned ? { min: 0n, max: (1n << w) - 1n } : { min: -(1n << (w - 1n)), max: (1n << (w - 1n)) - 1n };
}
