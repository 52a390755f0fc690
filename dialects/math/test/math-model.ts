// A reference model of math's ops on constants, for interpreter-folding.property.test.ts: written from the C library's
// definitions (C11 Annex F), MLIR's folds (atan2 of two zeros, ipowi of a negative power) and docs/interpreter.md,
// sharing no code with libm.ts, which the folders and the interpreter both compute with. A function is JavaScript's
// Math function on the double value, rounded once to the type (float-model.ts: Math.fround for f32); where C and
// JavaScript differ (round, pow), the model says what C says. erf and erfc, which JavaScript lacks, are integrated
// numerically here (Simpson's rule), so they are checked within a tolerance.
import { floatValue, round, type FloatTypeName } from '../../../test/lib/float-model.js';
import { FLOAT_WIDTHS, WIDTHS, type ModelResult } from '../../../test/lib/fold-agreement.js';

const values = (...v: (bigint | number)[]): ModelResult => ({ values: v });
const fails = (why: string): ModelResult => ({ fails: why });
const bit = (b: boolean): bigint => (b ? 1n : 0n);
const negative = (x: number): boolean => x < 0 || Object.is(x, -0);
const withSignOf = (magnitude: number, x: number): number => (negative(x) ? -Math.abs(magnitude) : Math.abs(magnitude));

/** The integer nearest to x, halfway cases away from zero (C's round), or to even (roundeven); the sign of x kept. */
function roundToIntegral(x: number, ties: 'away' | 'even'): number {
  if (!Number.isFinite(x)) return x;
  const t = Math.trunc(x);
  const fraction = Math.abs(x - t); // exact
  const away = t + Math.sign(x);
  const r = fraction > 0.5 ? away : fraction < 0.5 ? t : ties === 'away' || t % 2 !== 0 ? away : t;
  return withSignOf(r, x);
}

/** C's pow (Annex F.10.4.4): where JavaScript's Math.pow says NaN for a 1 base or a +-1 base with an infinite power. */
function cPow(x: number, y: number): number {
  if (y === 0 || x === 1) return 1; // even for a NaN
  if (x === -1 && (y === Infinity || y === -Infinity)) return 1;
  return Math.pow(x, y);
}

/** Simpson's rule for the integral of f over [a, b] with n (even) intervals. */
function simpson(f: (t: number) => number, a: number, b: number, n: number): number {
  const h = (b - a) / n;
  let sum = f(a) + f(b);
  for (let i = 1; i < n; i++) sum += (i % 2 ? 4 : 2) * f(a + i * h);
  return (sum * h) / 3;
}

/** erf(x) = 2/sqrt(pi) times the integral of exp(-t^2) from 0 to x (relative error below 1e-10). */
function erf(x: number): number {
  if (Number.isNaN(x) || x === 0) return x;
  if (Math.abs(x) > 6) return Math.sign(x); // 1 - erf(6) is below 2^-54
  if (Math.abs(x) < 1e-8) return (2 / Math.sqrt(Math.PI)) * x; // the series' next term is below 1e-16 of it
  return Math.sign(x) * (2 / Math.sqrt(Math.PI)) * simpson((t) => Math.exp(-t * t), 0, Math.abs(x), 4000);
}

/**
 * erfc(x) = 1 - erf(x) without cancellation: for x >= 0, 2/sqrt(pi) exp(-x^2) times the integral over s >= 0 of
 * exp(-2xs - s^2), which is below e^-50 of its start past L = sqrt(x^2 + 50) - x; erfc(-x) = 2 - erfc(x).
 */
function erfc(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x < 0) return 2 - erfc(-x);
  if (x > 30) return 0; // below e^-900: no double
  const length = Math.sqrt(x * x + 50) - x;
  const integral = simpson((s) => Math.exp(-2 * x * s - s * s), 0, length, 20000);
  return Math.exp(-x * x + Math.log((2 / Math.sqrt(Math.PI)) * integral));
}

/** The smallest positive normal value of each float type. */
const MIN_NORMAL: Readonly<Record<FloatTypeName, number>> = { f16: 2 ** -14, bf16: 2 ** -126, f32: 2 ** -126, f64: 2 ** -1022 };
/** The tolerance of erf and erfc: relative (one unit in the last place of the type; 1e-9 for f64), and absolute. */
const APPROXIMATE: Readonly<Record<FloatTypeName, { relative: number; absolute: number }>> = {
  f16: { relative: 2 ** -10, absolute: 2 ** -24 },
  bf16: { relative: 2 ** -7, absolute: 2 ** -133 },
  f32: { relative: 2 ** -23, absolute: 2 ** -149 },
  f64: { relative: 1e-9, absolute: 2 ** -1074 },
};

const UNARY: Readonly<Record<string, (x: number) => number>> = {
  absf: Math.abs,
  acos: Math.acos,
  acosh: Math.acosh,
  asin: Math.asin,
  asinh: Math.asinh,
  atan: Math.atan,
  atanh: Math.atanh,
  cbrt: Math.cbrt,
  ceil: Math.ceil,
  cos: Math.cos,
  cosh: Math.cosh,
  exp: Math.exp,
  exp2: (x) => Math.pow(2, x),
  expm1: Math.expm1,
  floor: Math.floor,
  log: Math.log,
  log10: Math.log10,
  log1p: Math.log1p,
  log2: Math.log2,
  round: (x) => roundToIntegral(x, 'away'),
  roundeven: (x) => roundToIntegral(x, 'even'),
  sin: Math.sin,
  sinh: Math.sinh,
  sqrt: Math.sqrt,
  tan: Math.tan,
  tanh: Math.tanh,
  trunc: Math.trunc,
};

/** The float op `op` (math's name without the dialect) of constants of `type` given by their bit patterns. */
export function floatModel(op: string, type: FloatTypeName, aBits: bigint, bBits: bigint): ModelResult {
  const a = floatValue(type, aBits);
  const b = floatValue(type, bBits);
  const unary = UNARY[op];
  if (unary) return values(round(type, unary(a)));
  switch (op) {
    case 'erf':
    case 'erfc':
      return { approximately: round(type, (op === 'erf' ? erf : erfc)(a)), ...APPROXIMATE[type] };
    case 'rsqrt':
      // As MLIR expands it: 1 / sqrt(x), each step rounded to the type.
      return values(round(type, 1 / round(type, Math.sqrt(a))));
    case 'atan2':
      // math.atan2 %a, %b is atan2(y = a, x = b); MLIR folds two zeros (of any signs) to NaN.
      return values(a === 0 && b === 0 ? NaN : round(type, Math.atan2(a, b)));
    case 'powf':
      return values(round(type, cPow(a, b)));
    case 'copysign': {
      // The magnitude of a with the sign bit of b (a NaN's too).
      const signOfB = (bBits >> BigInt(FLOAT_WIDTHS[type]! - 1)) & 1n;
      return values(signOfB ? -Math.abs(a) : Math.abs(a));
    }
    case 'isnan':
      return values(bit(Number.isNaN(a)));
    case 'isinf':
      return values(bit(Math.abs(a) === Infinity));
    case 'isfinite':
      return values(bit(Number.isFinite(a)));
    case 'isnormal':
      return values(bit(Number.isFinite(a) && Math.abs(a) >= MIN_NORMAL[type]));
  }
  throw new Error(`the model has no float op ${op}`);
}

/** The integer op `op` of constants of `type` (a and b: any reading of their bits). */
export function integerModel(op: string, type: string, a: bigint, b: bigint): ModelResult {
  const w = WIDTHS[type]!;
  const ua = BigInt.asUintN(w, a);
  const sa = BigInt.asIntN(w, a);
  const sb = BigInt.asIntN(w, b);
  const wrap = (v: bigint): bigint => BigInt.asUintN(w, v);
  const digits = ua.toString(2).padStart(w, '0'); // the w bits, most significant first
  switch (op) {
    case 'absi':
      return values(wrap(sa < 0n ? -sa : sa)); // MIN stays MIN
    case 'ctlz':
      return values(BigInt(ua === 0n ? w : digits.indexOf('1')));
    case 'cttz':
      return values(BigInt(ua === 0n ? w : w - 1 - digits.lastIndexOf('1')));
    case 'ctpop':
      return values(BigInt([...digits].filter((d) => d === '1').length));
    case 'ipowi': {
      // A negative power as MLIR folds it: 1 / b^|p| in integers (0 unless b is 1 or -1); for b = 0 a division by zero.
      if (sb < 0n) {
        if (sa === 0n) return fails('0 raised to a negative power');
        if (sa === 1n) return values(1n);
        if (sa === -1n) return values(wrap(sb % 2n === 0n ? 1n : -1n));
        return values(0n);
      }
      // b^p modulo 2^w by squaring (p may be up to 2^63).
      let result = 1n;
      let base = ua;
      for (let p = sb; p > 0n; p >>= 1n) {
        if (p & 1n) result = wrap(result * base);
        base = wrap(base * base);
      }
      return values(result);
    }
  }
  throw new Error(`the model has no integer op ${op}`);
}
