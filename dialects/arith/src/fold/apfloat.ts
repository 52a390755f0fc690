// Floating-point folding as LLVM's APFloat does it, on doubles: every float kind's values are exact doubles, and
// +, -, *, / and fmod computed in double precision and rounded once to a narrower kind give the correctly rounded
// result (53 >= 2p + 2 for every kind but f64, which is native). NaNs follow APFloat: an operation with a NaN
// operand gives that NaN made quiet (the left one first), an invalid operation the positive quiet NaN.
import { FLOAT_WIDTH, bitsToF64, bitsToFloat, f64ToBits, floatToBits, type FloatKind } from '@tlir/ir';

const QUIET_BIT = 1n << 51n;

/** The NaN `v` made quiet (the payload travels in the top mantissa bits of the double, as float-format keeps it). */
export function quiet(v: number): number {
  return bitsToF64(f64ToBits(v) | QUIET_BIT);
}

/** Whether `v` is a signaling NaN (a NaN whose quiet bit is clear). */
export function isSignalingNaN(v: number): boolean {
  return Number.isNaN(v) && (f64ToBits(v) & QUIET_BIT) === 0n;
}

/** The result of a binary operation `r` computed from `a` and `b`, with APFloat's NaN rules applied. */
export function withNaNRules(r: number, a: number, b?: number): number {
  if (!Number.isNaN(r)) return r;
  if (Number.isNaN(a)) return quiet(a);
  if (b !== undefined && Number.isNaN(b)) return quiet(b);
  return Number.NaN;
}

/** llvm::maximum: NaN propagates, -0 < +0. */
export function maximum(a: number, b: number): number {
  if (Number.isNaN(a)) return quiet(a);
  if (Number.isNaN(b)) return quiet(b);
  if (a === 0 && b === 0) return Object.is(a, -0) ? b : a;
  return a < b ? b : a;
}
/** llvm::minimum: NaN propagates, -0 < +0. */
export function minimum(a: number, b: number): number {
  if (Number.isNaN(a)) return quiet(a);
  if (Number.isNaN(b)) return quiet(b);
  if (a === 0 && b === 0) return Object.is(a, -0) ? a : b;
  return b < a ? b : a;
}
/** llvm::maxnum: a NaN operand gives the other one; -0 < +0. */
export function maxnum(a: number, b: number): number {
  if (Number.isNaN(a)) return Number.isNaN(b) ? quiet(a) : b;
  if (Number.isNaN(b)) return a;
  if (a === 0 && b === 0) return Object.is(a, -0) ? b : a;
  return a < b ? b : a;
}
/** llvm::minnum. */
export function minnum(a: number, b: number): number {
  if (Number.isNaN(a)) return Number.isNaN(b) ? quiet(a) : b;
  if (Number.isNaN(b)) return a;
  if (a === 0 && b === 0) return Object.is(a, -0) ? a : b;
  return b < a ? b : a;
}

/** Significand precision in bits (with the implicit bit) of a float kind. */
export function precisionOf(kind: FloatKind): number {
  switch (kind) {
    case 'f128':
      return 113;
    case 'f80':
      return 64;
    case 'f64':
      return 53;
    case 'f32':
      return 24;
    case 'f16':
    case 'tf32':
      return 11;
    case 'bf16':
      return 8;
    default: {
      const m = /M(\d+)/.exec(kind);
      return m ? Number(m[1]) + 1 : 53;
    }
  }
}

/**
 * The integer `v` converted to `kind` with round-to-nearest-even (APFloat::convertFromAPInt), as a double: the
 * significand is rounded on the bigint, once, so wide integers do not round twice.
 */
export function integerToFloat(kind: FloatKind, v: bigint): number {
  if (v === 0n) return 0;
  const negative = v < 0n;
  let m = negative ? -v : v;
  const p = precisionOf(kind);
  const len = m.toString(2).length;
  let scale = 0;
  if (len > p) {
    const shift = BigInt(len - p);
    const rest = m & ((1n << shift) - 1n);
    const half = 1n << (shift - 1n);
    m >>= shift;
    if (rest > half || (rest === half && (m & 1n) === 1n)) m += 1n;
    scale = len - p;
  }
  const r = Number(m) * 2 ** scale;
  // Out of the kind's range: rounding to the kind gives infinity (or what the kind does on overflow).
  return bitsToFloat(kind, floatToBits(kind, negative ? -r : r));
}

/**
 * The float `v` converted to an integer of `w` bits rounding toward zero (APFloat::convertToInteger); undefined
 * when that is an invalid operation (NaN, infinity, out of range).
 */
export function floatToInteger(v: number, w: number, isSigned: boolean): bigint | undefined {
  if (!Number.isFinite(v)) return undefined;
  const t = BigInt(Math.trunc(v));
  if (isSigned) {
    if (t < -(1n << BigInt(w - 1)) || t >= 1n << BigInt(w - 1)) return undefined;
  } else if (t < 0n || t >= 1n << BigInt(w)) return undefined;
  return t;
}

/**
 * `v` converted to `kind` when nothing is lost (MLIR's convertFloatValue for extf/truncf): the value, NaN payload
 * included, must come back unchanged, and a signaling NaN is an invalid operation. Undefined otherwise.
 */
export function convertFloatExactly(kind: FloatKind, v: number): number | undefined {
  if (isSignalingNaN(v)) return undefined;
  const r = bitsToFloat(kind, floatToBits(kind, v));
  if (Number.isNaN(v)) return Number.isNaN(r) && f64ToBits(r) === f64ToBits(v) ? r : undefined;
  return Object.is(r, v) ? r : undefined;
}

/** The bit width of a float kind. */
export const floatWidth = (kind: FloatKind): number => FLOAT_WIDTH[kind];
