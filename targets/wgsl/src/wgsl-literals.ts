// WGSL literals of scalar values: integers in their representation's range, floats that read back to the same
// f32 (or f16) bits. `-2147483648i` is the negation of an out-of-range literal, so it is written as a bit cast;
// NaN and the infinities have no literal at all (see f32Literal).
import type { ScalarRepr } from './scalar-types.js';

const I32_MIN = -2147483648;

/** An i32 literal (an atom: it may be an operand without parentheses). */
export function i32Literal(n: number): string {
  if (!Number.isSafeInteger(n) || n < I32_MIN || n > 2147483647) throw new RangeError(`${n} is not an i32`);
  if (n === I32_MIN) return 'bitcast<i32>(0x80000000u)';
  return `${n}i`;
}

export function u32Literal(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > 0xffffffff) throw new RangeError(`${n} is not a u32`);
  return `${n}u`;
}

/** The value of an integer constant of `repr` as WGSL writes it (bool for i1). */
export function integerLiteral(value: bigint, repr: ScalarRepr): string {
  if (repr.wgsl === 'bool') return value !== 0n ? 'true' : 'false';
  return i32Literal(Number(BigInt.asIntN(repr.width ?? 32, value)));
}

/** The shortest decimal text that reads back to `x`, an f32 value, under `round` (Math.fround or f16 rounding). */
function shortestDecimal(x: number, round: (v: number) => number): string {
  for (let digits = 1; digits <= 17; digits++) {
    const text = x.toPrecision(digits);
    if (round(Number(text)) === x) return normalizeFloatText(text);
  }
  return normalizeFloatText(String(x));
}

/** JavaScript's number text as a WGSL float literal body: always with a '.' or an exponent, exponent without '+'. */
function normalizeFloatText(text: string): string {
  let [mantissa, exponent] = text.toLowerCase().split('e') as [string, string | undefined];
  if (!mantissa.includes('.')) mantissa += '.0';
  if (exponent === undefined) return mantissa;
  return `${mantissa}e${exponent.replace('+', '')}`;
}

/**
 * An f32 literal of the finite f32 value `x` (an atom). WGSL has no literal for NaN or an infinity, and no constant
 * expression may have one: those are made at run time (HelperFunctions' `from_bits`).
 */
export function f32Literal(x: number): string {
  const v = Math.fround(x);
  if (!Number.isFinite(v)) throw new RangeError(`${x} has no WGSL literal`);
  if (Object.is(v, -0)) return '-0.0f';
  // A negative literal is a unary minus applied to the literal: still an atom for WGSL's grammar.
  return `${shortestDecimal(v, Math.fround)}f`;
}

/** The f16 value nearest to `x` (round to nearest even), as a number. */
export function roundToF16(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  if (a >= 65520) return sign * Infinity;
  const exponent = Math.max(Math.floor(Math.log2(a)), -14);
  const quantum = 2 ** (exponent - 10);
  let q = a / quantum;
  const floor = Math.floor(q);
  const rest = q - floor;
  q = rest > 0.5 || (rest === 0.5 && floor % 2 === 1) ? floor + 1 : floor;
  return sign * q * quantum;
}

/** An f16 literal of the finite f16 value `x`. */
export function f16Literal(x: number): string {
  if (!Number.isFinite(x)) throw new RangeError(`${x} has no WGSL literal`);
  if (Object.is(x, -0)) return '-0.0h';
  return `${shortestDecimal(x, roundToF16)}h`;
}

/** A float literal of `repr` (f32 or f16). */
export function floatLiteral(x: number, repr: ScalarRepr): string {
  return repr.wgsl === 'f16' ? f16Literal(x) : f32Literal(x);
}

/** The zero of a scalar representation. */
export function zeroLiteral(repr: ScalarRepr): string {
  switch (repr.wgsl) {
    case 'bool':
      return 'false';
    case 'f32':
      return '0.0f';
    case 'f16':
      return '0.0h';
    case 'u32':
      return '0u';
    default:
      return '0i';
  }
}
