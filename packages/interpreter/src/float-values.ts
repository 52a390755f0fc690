import { FloatType, isWideFloatKind, roundToFloat, type FloatKind, type Type } from '@tlir/ir';
import { integerRange, wrapInteger, type IntegerFormat } from './integer-values.js';
import { fault } from './runtime-fault.js';

/**
 * The float kind of a float type; undefined for other types. f80 and f128 are a runtime error (located at the
 * op that meets them): the interpreter computes floats in doubles, which would round their values.
 */
export function floatKind(type: Type): FloatKind | undefined {
  if (!(type instanceof FloatType)) return undefined;
  if (isWideFloatKind(type.kind)) fault(`${type.kind} is not supported by the interpreter (it computes floats in doubles)`);
  return type.kind;
}

/** `v` rounded to the nearest value of `kind` (ties to even): `Math.fround` for f32, identity for f64. */
export function roundToKind(kind: FloatKind, v: number): number {
  return kind === 'f64' ? v : kind === 'f32' ? Math.fround(v) : roundToFloat(kind, v);
}

/**
 * The exact integer `v` converted to `kind`, correctly rounded (a bigint beyond 2^53 is first rounded to odd at
 * 53 bits, which makes the second rounding to a narrower kind exact, instead of rounding twice to nearest).
 */
export function integerToFloat(v: number | bigint, kind: FloatKind): number {
  if (typeof v === 'number') return roundToKind(kind, v);
  const mag = v < 0n ? -v : v;
  if (kind === 'f64' || mag <= 1n << 53n) return roundToKind(kind, Number(v));
  const drop = BigInt(mag.toString(2).length - 53);
  let top = mag >> drop;
  if ((top << drop) !== mag) top |= 1n; // round to odd: the discarded bits are remembered in the last bit
  const r = roundToKind(kind, Number(top) * 2 ** Number(drop));
  return v < 0n ? -r : r;
}

/**
 * `v` truncated toward zero and converted to the integer format, or undefined when `v` is NaN, infinite or its
 * truncation is out of the range of the format read as signed (`signed`) or unsigned: C's and MLIR's
 * conversions leave that undefined, the interpreter reports it.
 */
export function floatToInteger(v: number, format: IntegerFormat, signed: boolean): number | bigint | undefined {
  if (!Number.isFinite(v)) return undefined;
  const t = Math.trunc(v) + 0; // + 0: no negative zero
  const exact = Number.isSafeInteger(t) ? t : BigInt(t);
  const big = BigInt(exact);
  const w = BigInt(format.width);
  const [min, max] = format.index
    ? [integerRange(format).min, integerRange(format).max]
    : signed
      ? [-(1n << (w - 1n)), (1n << (w - 1n)) - 1n]
      : [0n, (1n << w) - 1n];
  if (big < min || big > max) return undefined;
  return wrapInteger(format, format.big ? big : exact);
}
