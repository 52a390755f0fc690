/**
 * Floating-point kinds of the builtin types and the conversions between values, bit patterns and text that the
 * parser and printer need. The printed form follows mlir-opt: `1.000000e+00` when six significant digits
 * round-trip, else the shortest-precision decimal form, else the hexadecimal bit pattern (`0x7FC00000`).
 */
import { canonicalWideBits, decodeWide, doubleToWide, isWideFloatKind, parseDecimalToWide, WIDE_PRECISION, wideToDouble, type WideFloatKind } from './wide-float.js';

export type FloatKind =
  | 'f16'
  | 'bf16'
  | 'f32'
  | 'tf32'
  | 'f64'
  | WideFloatKind
  | SmallFloatKind;

/** The 8-, 6- and 4-bit formats (MLIR's Float8E5M2Type, ...): every value is exact as a double. */
export type SmallFloatKind =
  | 'f8E5M2'
  | 'f8E4M3'
  | 'f8E4M3FN'
  | 'f8E5M2FNUZ'
  | 'f8E4M3FNUZ'
  | 'f8E4M3B11FNUZ'
  | 'f8E3M4'
  | 'f8E8M0FNU'
  | 'f6E2M3FN'
  | 'f6E3M2FN'
  | 'f4E2M1FN';

/**
 * How a small format departs from IEEE (APFloat's fltSemantics): `ieee` has infinities and NaNs in the top
 * exponent; `nanOnly` has no infinity and NaN is either all ones (`FN`) or the negative-zero pattern (`FNUZ`,
 * which also has no -0); `finiteOnly` has neither (values saturate). E8M0FNU has no sign, no mantissa, no zero.
 */
interface SmallFloatSemantics {
  readonly expBits: number;
  readonly mantBits: number;
  readonly bias: number;
  readonly nonFinite: 'ieee' | 'nanOnly' | 'finiteOnly';
  readonly nanEncoding: 'ieee' | 'allOnes' | 'negativeZero';
  readonly signed: boolean;
}

const ieeeSmall = (expBits: number, mantBits: number): SmallFloatSemantics => ({
  expBits,
  mantBits,
  bias: (1 << (expBits - 1)) - 1,
  nonFinite: 'ieee',
  nanEncoding: 'ieee',
  signed: true,
});

const SMALL_FLOATS: Record<SmallFloatKind, SmallFloatSemantics> = {
  f8E5M2: ieeeSmall(5, 2),
  f8E4M3: ieeeSmall(4, 3),
  f8E3M4: ieeeSmall(3, 4),
  f8E4M3FN: { ...ieeeSmall(4, 3), nonFinite: 'nanOnly', nanEncoding: 'allOnes' },
  f8E5M2FNUZ: { ...ieeeSmall(5, 2), bias: 16, nonFinite: 'nanOnly', nanEncoding: 'negativeZero' },
  f8E4M3FNUZ: { ...ieeeSmall(4, 3), bias: 8, nonFinite: 'nanOnly', nanEncoding: 'negativeZero' },
  f8E4M3B11FNUZ: { ...ieeeSmall(4, 3), bias: 11, nonFinite: 'nanOnly', nanEncoding: 'negativeZero' },
  f8E8M0FNU: { expBits: 8, mantBits: 0, bias: 127, nonFinite: 'nanOnly', nanEncoding: 'allOnes', signed: false },
  f6E2M3FN: { ...ieeeSmall(2, 3), nonFinite: 'finiteOnly' },
  f6E3M2FN: { ...ieeeSmall(3, 2), nonFinite: 'finiteOnly' },
  f4E2M1FN: { ...ieeeSmall(2, 1), nonFinite: 'finiteOnly' },
};

/** The float type keywords, as they are spelled in types (`f8E4M3FN`). */
export const FLOAT_KINDS: readonly FloatKind[] = ['f16', 'bf16', 'f32', 'tf32', 'f64', 'f80', 'f128', ...(Object.keys(SMALL_FLOATS) as SmallFloatKind[])];

const smallWidth = (s: SmallFloatSemantics): number => (s.signed ? 1 : 0) + s.expBits + s.mantBits;

export const FLOAT_WIDTH: Record<FloatKind, number> = {
  f16: 16,
  bf16: 16,
  f32: 32,
  tf32: 19,
  f64: 64,
  f80: 80,
  f128: 128,
  ...(Object.fromEntries(Object.entries(SMALL_FLOATS).map(([k, s]) => [k, smallWidth(s)])) as Record<SmallFloatKind, number>),
};
/** Significand precision in bits (including the implicit bit). */
const PRECISION: Record<FloatKind, number> = {
  f16: 11,
  bf16: 8,
  f32: 24,
  tf32: 11,
  f64: 53,
  ...WIDE_PRECISION,
  ...(Object.fromEntries(Object.entries(SMALL_FLOATS).map(([k, s]) => [k, s.mantBits + 1])) as Record<SmallFloatKind, number>),
};

const f64buf = new DataView(new ArrayBuffer(8));

export function f64ToBits(v: number): bigint {
  f64buf.setFloat64(0, v);
  return f64buf.getBigUint64(0);
}
export function bitsToF64(b: bigint): number {
  f64buf.setBigUint64(0, BigInt.asUintN(64, b));
  return f64buf.getFloat64(0);
}
/** The bit pattern of `v` rounded to f32 (NaN payloads kept, see nanBits), as an unsigned 32-bit number. */
export function f32ToBits(v: number): number {
  if (Number.isNaN(v)) return nanBits(v, 32, 23);
  f64buf.setFloat32(0, v);
  return f64buf.getUint32(0);
}
/** The value of an f32 bit pattern (an unsigned 32-bit number). */
export function bitsToF32(b: number): number {
  if ((b & 0x7f800000) === 0x7f800000 && (b & 0x7fffff) !== 0) return nanToDouble(b, 32, 23);
  f64buf.setUint32(0, b >>> 0);
  return f64buf.getFloat32(0);
}

/**
 * NaNs of the narrow formats travel as double NaNs with the same sign and the payload in the top mantissa
 * bits, as IEEE conversions do; done by hand because the hardware conversion quiets signaling NaNs. So the
 * values of dense attributes keep the exact bit patterns (`dense<0x7C01> : tensor<2xf16>`).
 */
function nanToDouble(bits: number, width: number, mantBits: number): number {
  const sign = BigInt(Math.floor(bits / 2 ** (width - 1)) & 1);
  const payload = BigInt(bits % 2 ** mantBits);
  return bitsToF64((sign << 63n) | (0x7ffn << 52n) | (payload << BigInt(52 - mantBits)));
}
function nanBits(v: number, width: number, mantBits: number): number {
  const b = f64ToBits(v);
  let payload = Number((b & ((1n << 52n) - 1n)) >> BigInt(52 - mantBits));
  if (payload === 0) payload = 2 ** (mantBits - 1); // the payload did not fit: a quiet NaN
  const expMask = (2 ** (width - 1 - mantBits) - 1) * 2 ** mantBits;
  return (b >> 63n ? 2 ** (width - 1) : 0) + expMask + payload;
}

/** Rounds a double to a narrower format with round-to-nearest-even, returning the bit pattern. */
function roundToSmall(v: number, expBits: number, mantBits: number): number {
  const bias = (1 << (expBits - 1)) - 1;
  const signBit = 1 << (expBits + mantBits);
  const sign = v < 0 || Object.is(v, -0) ? signBit : 0;
  const a = Math.abs(v);
  const expMask = ((1 << expBits) - 1) << mantBits;
  if (Number.isNaN(v)) return nanBits(v, 1 + expBits + mantBits, mantBits);
  if (a === Infinity) return sign | expMask;
  if (a === 0) return sign;
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  let exp = e + bias;
  let mant: number;
  if (exp <= 0) {
    // Subnormal: value = mant * 2^(1 - bias - mantBits)
    mant = roundHalfEven(a / 2 ** (1 - bias - mantBits));
    if (mant >= 1 << mantBits) return sign | (1 << mantBits); // rounds up to the smallest normal
    return sign | mant;
  }
  mant = roundHalfEven((a / 2 ** e - 1) * 2 ** mantBits);
  if (mant >= 1 << mantBits) {
    mant = 0;
    exp++;
  }
  if (exp >= (1 << expBits) - 1) return sign | expMask; // overflow to infinity
  return sign | (exp << mantBits) | mant;
}

function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

function smallToDouble(bits: number, expBits: number, mantBits: number): number {
  const bias = (1 << (expBits - 1)) - 1;
  const sign = bits & (1 << (expBits + mantBits)) ? -1 : 1;
  const exp = (bits >> mantBits) & ((1 << expBits) - 1);
  const mant = bits & ((1 << mantBits) - 1);
  if (exp === (1 << expBits) - 1) return mant ? nanToDouble(bits, 1 + expBits + mantBits, mantBits) : sign * Infinity;
  if (exp === 0) return sign * mant * 2 ** (1 - bias - mantBits);
  return sign * (1 + mant / 2 ** mantBits) * 2 ** (exp - bias);
}

/** A NaN with the sign bit set (`-NaN` need not be one in every engine). */
const NEGATIVE_NAN = bitsToF64(0xfff8000000000000n);

/** The largest finite value of a small format (its overflow threshold). */
function smallMax(s: SmallFloatSemantics): { biased: number; mant: number } {
  const topExp = (1 << s.expBits) - 1;
  const allMant = (1 << s.mantBits) - 1;
  if (s.nonFinite === 'ieee') return { biased: topExp - 1, mant: allMant };
  if (s.nanEncoding === 'allOnes') return s.mantBits === 0 ? { biased: topExp - 1, mant: 0 } : { biased: topExp, mant: allMant - 1 };
  return { biased: topExp, mant: allMant };
}

/** Rounds a double to a small format (round to nearest, ties to even), as APFloat converts. */
function smallFormatToBits(s: SmallFloatSemantics, v: number): number {
  const signBit = s.signed ? 1 << (s.expBits + s.mantBits) : 0;
  const neg = s.signed && (v < 0 || Object.is(v, -0));
  const sign = neg ? signBit : 0;
  const topExp = (1 << s.expBits) - 1;
  const nan = (): number => {
    // A NaN keeps its sign (and, in IEEE-like formats, its payload) as in the wider formats.
    const nanSign = s.signed && f64ToBits(v) >> 63n ? signBit : 0;
    if (s.nanEncoding === 'negativeZero') return signBit;
    if (s.nanEncoding === 'allOnes') return nanSign | (topExp << s.mantBits) | ((1 << s.mantBits) - 1);
    if (Number.isNaN(v)) return nanBits(v, smallWidth(s), s.mantBits);
    return sign | (topExp << s.mantBits) | (1 << (s.mantBits - 1));
  };
  const max = smallMax(s);
  const overflow = (): number => {
    if (s.nonFinite === 'ieee') return sign | (topExp << s.mantBits);
    if (s.nonFinite === 'nanOnly') return nan();
    return sign | (max.biased << s.mantBits) | max.mant; // finite only: saturate
  };
  if (Number.isNaN(v)) return s.nonFinite === 'finiteOnly' ? overflow() : nan();
  const a = Math.abs(v);
  if (a === Infinity) return overflow();
  if (s.mantBits === 0) {
    // E8M0: powers of two only (no zero: the smallest is 2^-bias); ties round up to the next power.
    if (a === 0) return 0;
    let e = Math.floor(Math.log2(a));
    if (2 ** e > a) e--;
    if (a / 2 ** e >= 1.5) e++;
    const biased = Math.max(0, e + s.bias);
    return biased > max.biased ? overflow() : biased;
  }
  if (a === 0) return s.nanEncoding === 'negativeZero' ? 0 : sign;
  const emin = 1 - s.bias;
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  let biased: number;
  let mant: number;
  if (e < emin) {
    mant = roundHalfEven(a / 2 ** (emin - s.mantBits));
    if (mant >= 1 << s.mantBits) {
      biased = 1;
      mant -= 1 << s.mantBits;
    } else biased = 0;
  } else {
    mant = roundHalfEven((a / 2 ** e - 1) * 2 ** s.mantBits);
    biased = e + s.bias;
    if (mant >= 1 << s.mantBits) {
      mant = 0;
      biased++;
    }
  }
  if (biased === 0 && mant === 0 && s.nanEncoding === 'negativeZero') return 0;
  if (biased > max.biased || (biased === max.biased && mant > max.mant)) return overflow();
  return sign | (biased << s.mantBits) | mant;
}

/** The value of a small format's bit pattern (NaN for its NaN patterns). */
function smallFormatToDouble(s: SmallFloatSemantics, bits: number): number {
  const neg = s.signed && (bits >> (s.expBits + s.mantBits)) & 1;
  const biased = (bits >> s.mantBits) & ((1 << s.expBits) - 1);
  const mant = bits & ((1 << s.mantBits) - 1);
  const topExp = (1 << s.expBits) - 1;
  if (s.nanEncoding === 'negativeZero' && neg && biased === 0 && mant === 0) return NaN;
  if (s.nanEncoding === 'allOnes' && biased === topExp && mant === (1 << s.mantBits) - 1) return neg ? NEGATIVE_NAN : NaN;
  if (s.nonFinite === 'ieee' && biased === topExp) {
    if (mant) return nanToDouble(bits, smallWidth(s), s.mantBits);
    return neg ? -Infinity : Infinity;
  }
  let a: number;
  if (s.mantBits === 0) a = 2 ** (biased - s.bias);
  else if (biased === 0) a = mant * 2 ** (1 - s.bias - s.mantBits);
  else a = (1 + mant / 2 ** s.mantBits) * 2 ** (biased - s.bias);
  return neg ? -a : a;
}

/** The bit pattern of `v` rounded to `kind`. */
export function floatToBits(kind: FloatKind, v: number): bigint {
  switch (kind) {
    case 'f64':
      return f64ToBits(v);
    case 'f32':
      return BigInt(f32ToBits(v));
    case 'f16':
      return BigInt(roundToSmall(v, 5, 10));
    case 'bf16':
      return BigInt(roundToSmall(v, 8, 7));
    case 'tf32':
      return BigInt(roundToSmall(v, 8, 10));
    case 'f80':
    case 'f128':
      return doubleToWide(kind, v);
    default:
      return BigInt(smallFormatToBits(SMALL_FLOATS[kind], v));
  }
}

/** The value of a bit pattern of `kind`, as a double (exact for every kind but f80 and f128, see wide-float.ts). */
export function bitsToFloat(kind: FloatKind, bits: bigint): number {
  switch (kind) {
    case 'f64':
      return bitsToF64(bits);
    case 'f32':
      return bitsToF32(Number(bits));
    case 'f16':
      return smallToDouble(Number(bits), 5, 10);
    case 'bf16':
      return smallToDouble(Number(bits), 8, 7);
    case 'tf32':
      return smallToDouble(Number(bits), 8, 10);
    case 'f80':
    case 'f128':
      return wideToDouble(kind, bits);
    default:
      return smallFormatToDouble(SMALL_FLOATS[kind], Number(bits));
  }
}

/** `v` rounded to the nearest value of `kind`. */
export function roundToFloat(kind: FloatKind, v: number): number {
  if (kind === 'f64') return v;
  if (kind === 'f32') return Math.fround(v);
  if (isWideFloatKind(kind)) return v;
  return bitsToFloat(kind, floatToBits(kind, v));
}

/**
 * The decimal digits (trailing zeros dropped) and exponent that APFloat::toString computes for `bits` at
 * `precision` significant digits. It is not a correct rounding: APFloat first truncates the exact decimal
 * expansion to about `precision` digits (the digit count is estimated from the bit length), then rounds half
 * up on what is left, and mlir-opt prints what that gives (0x2E66 : f16 prints 9.997550e-02, not ...560e-02).
 */
function decimalDigits(kind: FloatKind, bits: bigint, precision: number): { digits: string; exp: number } {
  if (isWideFloatKind(kind)) {
    const parts = decodeWide(kind, bits);
    if (parts.special !== undefined) throw new Error('decimalDigits of a non-finite value');
    return significandDigits(parts.sig, parts.e2, precision);
  }
  const mantBits = PRECISION[kind] - 1;
  const small = SMALL_FLOATS[kind as SmallFloatKind] as SmallFloatSemantics | undefined;
  const expBits = small ? small.expBits : FLOAT_WIDTH[kind] - 1 - mantBits;
  const biased = Number((bits >> BigInt(mantBits)) & ((1n << BigInt(expBits)) - 1n));
  let significand = bits & ((1n << BigInt(mantBits)) - 1n);
  const bias = small ? small.bias : (1 << (expBits - 1)) - 1;
  // E8M0 has no subnormals: its smallest exponent is a normal one.
  if (biased !== 0 || mantBits === 0) significand |= 1n << BigInt(mantBits);
  if (significand === 0n) return { digits: '0', exp: 0 };
  return significandDigits(significand, (biased === 0 && mantBits !== 0 ? 1 - bias : biased - bias) - mantBits, precision);
}

/** decimalDigits of the value `significand * 2^exp`. */
function significandDigits(significand: bigint, exp: number, precision: number): { digits: string; exp: number } {
  if (significand === 0n) return { digits: '0', exp: 0 };
  // The trailing binary zeros taken out.
  while ((significand & 1n) === 0n) {
    significand >>= 1n;
    exp++;
  }
  // Change the base: N * 2^-e = N * 5^e * 10^-e.
  let n: bigint;
  if (exp >= 0) {
    n = significand << BigInt(exp);
    exp = 0;
  } else n = significand * 5n ** BigInt(-exp);
  // Truncate to about `precision` digits (196/59 slightly overestimates log2(10)).
  const activeBits = n.toString(2).length;
  const bitsRequired = Math.floor((precision * 196 + 58) / 59);
  if (activeBits > bitsRequired) {
    const tens = Math.floor(((activeBits - bitsRequired) * 59) / 196);
    if (tens > 0) {
      n /= 10n ** BigInt(tens);
      exp += tens;
    }
  }
  return roundDigits(n.toString(), exp, precision);
}

/**
 * decimalDigits for an f32 bit pattern, in double arithmetic: when the value is an integer of at most 50 bits
 * times a power of ten (the exact decimal expansion, as decimalDigits computes it with big integers, fits a
 * double exactly), else undefined. Most constants are such values (`-4.568750e+02`).
 */
function decimalDigitsF32(bits: number, precision: number): { digits: string; exp: number } | undefined {
  const biased = (bits >>> 23) & 0xff;
  let significand = bits & 0x7fffff;
  if (biased !== 0) significand |= 0x800000;
  if (significand === 0) return { digits: '0', exp: 0 };
  let exp = (biased === 0 ? 1 - 127 : biased - 127) - 23;
  while ((significand & 1) === 0) {
    significand >>>= 1;
    exp++;
  }
  let n: number;
  if (exp >= 0) {
    if (exp > 26) return undefined;
    n = significand * 2 ** exp;
    exp = 0;
  } else {
    if (exp < -22) return undefined;
    n = significand * POW5[-exp]!;
    // Past 2^50 the product may not be exact; below it, it is (and so is everything that follows).
    if (n > 2 ** 50) return undefined;
  }
  const activeBits = n < 2 ** 32 ? 32 - Math.clz32(n) : 64 - Math.clz32(Math.floor(n / 2 ** 32));
  const bitsRequired = Math.floor((precision * 196 + 58) / 59);
  if (activeBits > bitsRequired) {
    const tens = Math.floor(((activeBits - bitsRequired) * 59) / 196);
    if (tens > 0) {
      // Truncating division, exact: the quotient is corrected if the division rounded across an integer.
      const p = POW10[tens]!;
      let q = Math.floor(n / p);
      if (q * p > n) q--;
      else if ((q + 1) * p <= n) q++;
      n = q;
      exp += tens;
    }
  }
  return roundDigits(String(n), exp, precision);
}

/** 5^k and 10^k up to k = 22, exact in doubles (made by multiplication). */
const POW5 = [1];
const POW10 = [1];
for (let k = 1; k <= 22; k++) {
  POW5.push(POW5[k - 1]! * 5);
  POW10.push(POW10[k - 1]! * 10);
}

/** The digits of decimalDigits (trailing zeros dropped) rounded half up to `precision` digits. */
function roundDigits(digits: string, exp: number, precision: number): { digits: string; exp: number } {
  const trimmed = digits.replace(/0+$/, '');
  exp += digits.length - trimmed.length;
  digits = trimmed;
  if (digits.length <= precision) return { digits, exp };
  // Round half up at `precision` digits, dropping the zeros that carrying leaves.
  const dropped = digits.length - precision;
  let kept = digits.slice(0, precision);
  if (digits.charCodeAt(precision) >= 53 /* '5' */) {
    let i = kept.length - 1;
    while (i >= 0 && kept[i] === '9') i--;
    if (i < 0) return { digits: '1', exp: exp + digits.length };
    kept = kept.slice(0, i) + String.fromCharCode(kept.charCodeAt(i) + 1);
    return { digits: kept, exp: exp + digits.length - kept.length };
  }
  const t = kept.replace(/0+$/, '');
  return { digits: t, exp: exp + dropped + (kept.length - t.length) };
}

/** APFloat::toString's layout choice: plain notation unless more than `maxPadding` zeros would be needed. */
function layoutDecimal(neg: boolean, digits: string, exp: number, precision: number, maxPadding: number, truncateZero: boolean): string {
  const n = digits.length;
  let scientific: boolean;
  if (maxPadding === 0) scientific = true;
  else if (exp >= 0) scientific = exp > maxPadding || n + exp > precision;
  else {
    const msd = exp + n - 1;
    scientific = msd >= 0 ? false : -msd > maxPadding;
  }
  const sign = neg ? '-' : '';
  if (scientific) {
    const e10 = exp + n - 1;
    let frac = digits.slice(1);
    if (!truncateZero) frac = frac.padEnd(precision, '0');
    const e = Math.abs(e10).toString();
    if (truncateZero) return `${sign}${digits[0]}.${frac || '0'}E${e10 < 0 ? '-' : '+'}${e}`;
    return `${sign}${digits[0]}.${frac}e${e10 < 0 ? '-' : '+'}${e.padStart(2, '0')}`;
  }
  if (exp >= 0) return sign + digits + '0'.repeat(exp);
  const point = n + exp;
  if (point > 0) return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${sign}0.${'0'.repeat(-point)}${digits}`;
}

/** Prints a float value of `kind` from its bits, as mlir-opt's printer does. */
export function formatFloat(kind: FloatKind, bits: bigint): string {
  return kind === 'f32' && bits >= 0n && bits <= 0xffffffffn ? formatFloat32(Number(bits)) : formatFloatExact(kind, bits);
}

/** formatFloat for an f32 bit pattern (an unsigned 32-bit number), with big integers only where needed. */
export function formatFloat32(bits: number): string {
  const v = bitsToF32(bits);
  if (Number.isFinite(v)) {
    const neg = v < 0 || Object.is(v, -0);
    const short = decimalDigitsF32(bits, 6) ?? decimalDigits('f32', BigInt(bits), 6);
    const sixDigits = layoutDecimal(neg, short.digits, short.exp, 6, 0, false);
    if (f32ToBits(Number(sixDigits)) === bits) return sixDigits;
    const precision = 2 + Math.floor((PRECISION.f32 * 59) / 196);
    const full = decimalDigitsF32(bits, precision) ?? decimalDigits('f32', BigInt(bits), precision);
    const text = layoutDecimal(neg, full.digits, full.exp, precision, 3, true);
    if (text.includes('.')) return text;
  }
  return '0x' + bits.toString(16).toUpperCase();
}

/** @internal formatFloat computed with big integers for every kind (what formatFloat32 must agree with). */
export function formatFloatExact(kind: FloatKind, bits: bigint): string {
  const wide = isWideFloatKind(kind);
  if (wide) bits = canonicalWideBits(kind, bits);
  const v = bitsToFloat(kind, bits);
  // A wide value may be finite beyond the range of doubles.
  if (wide ? decodeWide(kind, bits).special === undefined : Number.isFinite(v)) {
    const neg = wide ? decodeWide(kind, bits).neg : v < 0 || Object.is(v, -0);
    const short = decimalDigits(kind, bits, 6);
    const sixDigits = layoutDecimal(neg, short.digits, short.exp, 6, 0, false);
    // As MLIR: the short form if it reads back (exactly, in the kind's precision) as the same bits.
    if ((wide ? parseDecimalToWide(kind, sixDigits) : floatToBits(kind, Number(sixDigits))) === bits) return sixDigits;
    const precision = 2 + Math.floor((PRECISION[kind] * 59) / 196);
    const full = decimalDigits(kind, bits, precision);
    const text = layoutDecimal(neg, full.digits, full.exp, precision, 3, true);
    if (text.includes('.')) return text;
  }
  return '0x' + bits.toString(16).toUpperCase();
}
