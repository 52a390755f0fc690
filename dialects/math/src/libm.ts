// The C math library as MLIR's math folders call it (expf for f32, exp for f64; no folding for other widths),
// on JavaScript's Math: computed in double precision, then rounded to the type. NaNs follow the C library: a NaN
// operand comes back quiet; a domain error gives the NaN the x86 C library gives (the negative "default NaN" of
// 0/0 for most functions, a positive one where glibc returns it explicitly).
import { quiet } from '@tlir/dialect-arith';
import { bitsToF64, f64ToBits, type FloatKind } from '@tlir/ir';

/** The x86 default NaN, what `(x - x) / (x - x)` gives: sign bit set. */
const NEGATIVE_NAN = bitsToF64(0xfff8000000000000n);

/** A function of the C library on one double; `domainNaN` is the sign of the NaN it gives for invalid operands. */
export interface LibmUnary {
  readonly fn: (x: number) => number;
  readonly domainNaN?: 'positive' | 'negative';
  /** MLIR does not fold these operands (e.g. the logarithm of a negative number). */
  readonly skip?: (x: number) => boolean;
}

/** Whether `x` has its sign bit set (-0.0 included), as APFloat::isNegative. */
export const isNegative = (x: number): boolean => x < 0 || Object.is(x, -0) || (Number.isNaN(x) && f64ToBits(x) >> 63n === 1n);

/** A C library function on a double: a NaN operand comes back quiet, a domain error gives the library's NaN. */
export function evaluateUnary(f: LibmUnary, x: number): number {
  if (Number.isNaN(x)) return quiet(x);
  const r = f.fn(x);
  if (!Number.isNaN(r)) return r;
  return f.domainNaN === 'positive' ? Number.NaN : NEGATIVE_NAN;
}

/** Applies a C library function as MLIR's folders do; undefined when MLIR does not fold. */
export function applyUnary(kind: FloatKind, f: LibmUnary, x: number): number | undefined {
  if (kind !== 'f32' && kind !== 'f64') return undefined;
  if (f.skip?.(x)) return undefined;
  return evaluateUnary(f, x);
}

/** The integer next to `x` away from zero when its fraction (exact: `x - trunc(x)`) calls for it. */
function roundWith(x: number, tie: (t: number, away: number) => number): number {
  if (!Number.isFinite(x)) return x;
  const t = Math.trunc(x);
  const frac = Math.abs(x - t);
  const away = t + Math.sign(x);
  const r = frac < 0.5 ? t : frac > 0.5 ? away : tie(t, away);
  return r === 0 ? (isNegative(x) ? -0 : 0) : r;
}

/** `round`: halfway cases away from zero (C's round, not JavaScript's). */
export const roundHalfAway = (x: number): number => roundWith(x, (_t, away) => away);

/** Rounding to an integer, ties to even (APFloat::roundToIntegral with NearestTiesToEven). */
export const roundHalfEven = (x: number): number => roundWith(x, (t, away) => (t % 2 === 0 ? t : away));

/** C's pow, which differs from Math.pow where JavaScript says NaN: pow(x, ±0) and pow(1, y) are 1, pow(-1, ±inf) is 1. */
export function cPow(x: number, y: number): number {
  if (y === 0) return 1;
  if (x === 1) return 1;
  if (x === -1 && !Number.isFinite(y) && !Number.isNaN(y)) return 1;
  if (Number.isNaN(x)) return quiet(x);
  if (Number.isNaN(y)) return quiet(y);
  const r = Math.pow(x, y);
  return Number.isNaN(r) ? NEGATIVE_NAN : r;
}

/** C's atan2, folded as MLIR does: two zeros give the (positive) NaN. */
export function cAtan2(y: number, x: number): number {
  if (y === 0 && x === 0) return Number.NaN;
  if (Number.isNaN(y)) return quiet(y);
  if (Number.isNaN(x)) return quiet(x);
  return Math.atan2(y, x);
}

const negativeSkip = (x: number): boolean => isNegative(x);

/** The C library functions math ops fold with. */
export const LIBM: Readonly<Record<string, LibmUnary>> = {
  acos: { fn: Math.acos, domainNaN: 'positive' },
  asin: { fn: Math.asin, domainNaN: 'positive' },
  acosh: { fn: Math.acosh },
  asinh: { fn: Math.asinh },
  atan: { fn: Math.atan },
  atanh: { fn: Math.atanh },
  cos: { fn: Math.cos },
  cosh: { fn: Math.cosh },
  sin: { fn: Math.sin },
  sinh: { fn: Math.sinh },
  tan: { fn: Math.tan },
  tanh: { fn: Math.tanh },
  exp: { fn: Math.exp },
  exp2: { fn: (x) => 2 ** x },
  expm1: { fn: Math.expm1 },
  log: { fn: Math.log, skip: negativeSkip },
  log2: { fn: Math.log2, skip: negativeSkip },
  log10: { fn: Math.log10, skip: negativeSkip },
  log1p: { fn: Math.log1p, skip: (x) => x + 1 < 0 || Object.is(x + 1, -0) },
  sqrt: { fn: Math.sqrt, skip: negativeSkip },
  round: { fn: roundHalfAway },
  trunc: { fn: Math.trunc },
};
