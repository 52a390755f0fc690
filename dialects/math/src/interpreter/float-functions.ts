// What math's float ops compute on runtime values: in double precision, rounded once to the type (the f32 result
// of exp is the double exp rounded to f32, at least as accurate as the C library's expf). The functions and NaN
// conventions are those the folders use (libm.ts), applied to every operand and every float kind, since the
// interpreter must give a value where a folder may decline to fold.
import { bitsToF64, f64ToBits, type FloatKind } from '@tlir/ir';
import { roundToKind } from '@tlir/interpreter';
import { maximum, minimum, quiet, withNaNRules } from '@tlir/dialect-arith';
import { LIBM, cAtan2, cPow, evaluateUnary, roundHalfEven } from '../libm.js';
import { erf, erfc } from './error-function.js';

type Unary = (x: number) => number;

const SIGN = 1n << 63n;

/** A function that is exact on doubles (rounding, sign operations) with APFloat's NaN rule: a NaN comes back quiet. */
const exact =
  (f: Unary): Unary =>
  (x) =>
    withNaNRules(f(x), x);

/** math's unary float ops by name, on the double value (rounded to the type by the caller). */
export const FLOAT_UNARY: Readonly<Record<string, Unary>> = {
  ...Object.fromEntries(Object.entries(LIBM).map(([name, f]) => [`math.${name}`, (x: number) => evaluateUnary(f, x)])),
  'math.absf': (x) => bitsToF64(f64ToBits(x) & ~SIGN),
  'math.ceil': exact(Math.ceil),
  'math.floor': exact(Math.floor),
  'math.roundeven': exact(roundHalfEven),
  'math.cbrt': exact(Math.cbrt),
  'math.erf': exact(erf),
  'math.erfc': exact(erfc),
};

/** math's binary float ops by name, on doubles. */
export const FLOAT_BINARY: Readonly<Record<string, (a: number, b: number) => number>> = {
  'math.atan2': cAtan2,
  'math.powf': cPow,
  'math.copysign': (a, b) => bitsToF64((f64ToBits(a) & ~SIGN) | (f64ToBits(b) & SIGN)),
};

/** math.rsqrt as MLIR expands it: 1 / sqrt(x), each step rounded to the type. */
export function reciprocalSquareRoot(kind: FloatKind, x: number): number {
  return roundToKind(kind, 1 / roundToKind(kind, FLOAT_UNARY['math.sqrt']!(x)));
}

/** math.clampf: maximumf(minimumf(value, max), min), NaNs propagating (MLIR's definition). */
export function clamp(value: number, min: number, max: number): number {
  return maximum(minimum(value, max), min);
}

/**
 * math.fpowi as MLIR's math-to-funcs expands it: b^|p| by repeated squaring, every product rounded to the type,
 * then 1 / that for a negative power; b^0 = 1.
 */
export function floatPowerInteger(kind: FloatKind, b: number, p: bigint): number {
  if (Number.isNaN(b) && p !== 0n) return quiet(b);
  let result = 1;
  let base = b;
  for (let e = p < 0n ? -p : p; e > 0n; e >>= 1n) {
    if (e & 1n) result = roundToKind(kind, result * base);
    base = roundToKind(kind, base * base);
  }
  return p < 0n ? roundToKind(kind, 1 / result) : result;
}
