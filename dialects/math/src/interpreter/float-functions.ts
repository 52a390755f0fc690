// What math's float ops compute on runtime values: in double precision, rounded once to the type (the f32 result
// of exp is the double exp rounded to f32, at least as accurate as the C library's expf). The functions and NaN
// conventions are those the folders use (libm.ts), applied to every operand and every float kind, since the
// interpreter must give a value where a folder may decline to fold.
import { bitsToF64, f64ToBits, type FloatKind, type OpDefinition } from '@tlir/ir';
import { roundToKind } from '@tlir/interpreter';
import { maximum, minimum, quiet, withNaNRules } from '@tlir/dialect-arith';
import { LIBM, cAtan2, cPow, evaluateUnary, roundHalfEven } from '../libm.js';
import { erf, erfc } from './error-function.js';
import {
  AbsFOp,
  AcosOp,
  AcoshOp,
  AsinOp,
  AsinhOp,
  Atan2Op,
  AtanOp,
  AtanhOp,
  CbrtOp,
  CeilOp,
  CopySignOp,
  CosOp,
  CoshOp,
  ErfcOp,
  ErfOp,
  Exp2Op,
  ExpM1Op,
  ExpOp,
  FloorOp,
  Log10Op,
  Log1pOp,
  Log2Op,
  LogOp,
  PowFOp,
  RoundEvenOp,
  RoundOp,
  SinhOp,
  SinOp,
  SqrtOp,
  TanhOp,
  TanOp,
  TruncOp,
} from '../float-ops.js';

type Unary = (x: number) => number;

const SIGN = 1n << 63n;

/** A function that is exact on doubles (rounding, sign operations) with APFloat's NaN rule: a NaN comes back quiet. */
const exact =
  (f: Unary): Unary =>
  (x) =>
    withNaNRules(f(x), x);

/** The double a C library function of one argument gives. */
const libm = (name: string): Unary => {
  const f = LIBM[name]!;
  return (x) => evaluateUnary(f, x);
};

/** The sine and cosine on doubles (math.sincos gives both). */
export const sin = libm('sin');
export const cos = libm('cos');
const sqrt = libm('sqrt');

/** math's unary float ops that compute a function of one double, on the double value (rounded to the type by the caller). */
export type FloatUnaryOp =
  | typeof AcosOp
  | typeof AsinOp
  | typeof AcoshOp
  | typeof AsinhOp
  | typeof AtanOp
  | typeof AtanhOp
  | typeof CosOp
  | typeof CoshOp
  | typeof SinOp
  | typeof SinhOp
  | typeof TanOp
  | typeof TanhOp
  | typeof ExpOp
  | typeof Exp2Op
  | typeof ExpM1Op
  | typeof LogOp
  | typeof Log2Op
  | typeof Log10Op
  | typeof Log1pOp
  | typeof SqrtOp
  | typeof RoundOp
  | typeof TruncOp
  | typeof AbsFOp
  | typeof CeilOp
  | typeof FloorOp
  | typeof RoundEvenOp
  | typeof CbrtOp
  | typeof ErfOp
  | typeof ErfcOp;

export const FLOAT_UNARY: ReadonlyMap<FloatUnaryOp, Unary> = new Map<FloatUnaryOp, Unary>([
  [AcosOp, libm('acos')],
  [AsinOp, libm('asin')],
  [AcoshOp, libm('acosh')],
  [AsinhOp, libm('asinh')],
  [AtanOp, libm('atan')],
  [AtanhOp, libm('atanh')],
  [CosOp, cos],
  [CoshOp, libm('cosh')],
  [SinOp, sin],
  [SinhOp, libm('sinh')],
  [TanOp, libm('tan')],
  [TanhOp, libm('tanh')],
  [ExpOp, libm('exp')],
  [Exp2Op, libm('exp2')],
  [ExpM1Op, libm('expm1')],
  [LogOp, libm('log')],
  [Log2Op, libm('log2')],
  [Log10Op, libm('log10')],
  [Log1pOp, libm('log1p')],
  [SqrtOp, sqrt],
  [RoundOp, libm('round')],
  [TruncOp, libm('trunc')],
  [AbsFOp, (x) => bitsToF64(f64ToBits(x) & ~SIGN)],
  [CeilOp, exact(Math.ceil)],
  [FloorOp, exact(Math.floor)],
  [RoundEvenOp, exact(roundHalfEven)],
  [CbrtOp, exact(Math.cbrt)],
  [ErfOp, exact(erf)],
  [ErfcOp, exact(erfc)],
]);

/**
 * What the unary float math op `def` computes on a double (rounded to the type by the caller), or undefined when
 * `def` is not one: for ops of other dialects that compute a math function (krnl's scalar functions).
 */
export function floatUnaryFunction(def: OpDefinition): ((x: number) => number) | undefined {
  return FLOAT_UNARY.get(def as FloatUnaryOp);
}

/** math's binary float ops (operands `lhs`, `rhs`), on doubles. */
export const FLOAT_BINARY: ReadonlyMap<typeof Atan2Op | typeof PowFOp | typeof CopySignOp, (a: number, b: number) => number> = new Map<
  typeof Atan2Op | typeof PowFOp | typeof CopySignOp,
  (a: number, b: number) => number
>([
  [Atan2Op, cAtan2],
  [PowFOp, cPow],
  [CopySignOp, (a, b) => bitsToF64((f64ToBits(a) & ~SIGN) | (f64ToBits(b) & SIGN))],
]);

/** math.rsqrt as MLIR expands it: 1 / sqrt(x), each step rounded to the type. */
export function reciprocalSquareRoot(kind: FloatKind, x: number): number {
  return roundToKind(kind, 1 / roundToKind(kind, sqrt(x)));
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
