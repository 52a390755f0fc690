/**
 * Floating-point kinds of the builtin types and the conversions between values, bit patterns and text that the
 * parser and printer need. The printed form follows mlir-opt: `1.000000e+00` when six significant digits
 * round-trip, else the shortest-precision decimal form, else the hexadecimal bit pattern (`0x7FC00000`).
 */
export type FloatKind = 'f16' | 'bf16' | 'f32' | 'tf32' | 'f64';

export const FLOAT_WIDTH: Record<FloatKind, number> = { f16: 16, bf16: 16, f32: 32, tf32: 19, f64: 64 };
/** Significand precision in bits (including the implicit bit). */
const PRECISION: Record<FloatKind, number> = { f16: 11, bf16: 8, f32: 24, tf32: 11, f64: 53 };

const f64buf = new DataView(new ArrayBuffer(8));

export function f64ToBits(v: number): bigint {
  f64buf.setFloat64(0, v);
  return f64buf.getBigUint64(0);
}
export function bitsToF64(b: bigint): number {
  f64buf.setBigUint64(0, BigInt.asUintN(64, b));
  return f64buf.getFloat64(0);
}
function f32ToBits(v: number): number {
  if (Number.isNaN(v)) return nanBits(v, 32, 23);
  f64buf.setFloat32(0, v);
  return f64buf.getUint32(0);
}
function bitsToF32(b: number): number {
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
  }
}

/** The value of a bit pattern of `kind`, as a double (exact for every kind here). */
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
  }
}

/** `v` rounded to the nearest value of `kind`. */
export function roundToFloat(kind: FloatKind, v: number): number {
  if (kind === 'f64') return v;
  if (kind === 'f32') return Math.fround(v);
  return bitsToFloat(kind, floatToBits(kind, v));
}

/**
 * The decimal digits (trailing zeros dropped) and exponent that APFloat::toString computes for `bits` at
 * `precision` significant digits. It is not a correct rounding: APFloat first truncates the exact decimal
 * expansion to about `precision` digits (the digit count is estimated from the bit length), then rounds half
 * up on what is left, and mlir-opt prints what that gives (0x2E66 : f16 prints 9.997550e-02, not ...560e-02).
 */
function decimalDigits(kind: FloatKind, bits: bigint, precision: number): { digits: string; exp: number } {
  const mantBits = PRECISION[kind] - 1;
  const expBits = FLOAT_WIDTH[kind] - 1 - mantBits;
  const biased = Number((bits >> BigInt(mantBits)) & ((1n << BigInt(expBits)) - 1n));
  let significand = bits & ((1n << BigInt(mantBits)) - 1n);
  const bias = (1 << (expBits - 1)) - 1;
  if (biased !== 0) significand |= 1n << BigInt(mantBits);
  if (significand === 0n) return { digits: '0', exp: 0 };
  // value = significand * 2^exp, with the trailing binary zeros taken out.
  let exp = (biased === 0 ? 1 - bias : biased - bias) - mantBits;
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
  let digits = n.toString();
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
  const v = bitsToFloat(kind, bits);
  if (Number.isFinite(v)) {
    const neg = v < 0 || Object.is(v, -0);
    const short = decimalDigits(kind, bits, 6);
    const sixDigits = layoutDecimal(neg, short.digits, short.exp, 6, 0, false);
    if (floatToBits(kind, Number(sixDigits)) === bits) return sixDigits;
    const precision = 2 + Math.floor((PRECISION[kind] * 59) / 196);
    const full = decimalDigits(kind, bits, precision);
    const text = layoutDecimal(neg, full.digits, full.exp, precision, 3, true);
    if (text.includes('.')) return text;
  }
  return '0x' + bits.toString(16).toUpperCase();
}
