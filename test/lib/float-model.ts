// Floats of the reference models of the arith and math properties (dialects/{arith,math}/test/*-model.ts), written
// from IEEE 754 alone and sharing no code with the implementations they check: the value of a bit pattern, and
// rounding a double (or an integer) to nearest, ties to even, in f16, bf16, f32 (Math.fround) or f64.

export type FloatTypeName = 'f16' | 'bf16' | 'f32' | 'f64';

/** Exponent and stored-fraction bits of each format. */
const FORMATS: Readonly<Record<FloatTypeName, { readonly exponent: number; readonly fraction: number }>> = {
  f16: { exponent: 5, fraction: 10 },
  bf16: { exponent: 8, fraction: 7 },
  f32: { exponent: 8, fraction: 23 },
  f64: { exponent: 11, fraction: 52 },
};

export const isFloatType = (type: string): type is FloatTypeName => type in FORMATS;

/** The number a bit pattern of `type` encodes (NaNs give NaN; -0 gives -0). */
export function floatValue(type: FloatTypeName, bits: bigint): number {
  const { exponent, fraction } = FORMATS[type];
  const bias = 2 ** (exponent - 1) - 1;
  const sign = (bits >> BigInt(exponent + fraction)) & 1n ? -1 : 1;
  const e = Number((bits >> BigInt(fraction)) & ((1n << BigInt(exponent)) - 1n));
  const f = Number(bits & ((1n << BigInt(fraction)) - 1n)); // below 2^52: exact
  if (e === 2 ** exponent - 1) return f === 0 ? sign * Infinity : NaN;
  // Each product is exact: an integer below 2^53 times a power of two inside the double range.
  if (e === 0) return sign * f * 2 ** (1 - bias - fraction);
  return sign * (2 ** fraction + f) * 2 ** (e - bias - fraction);
}

/** The exponent field of `x` as an f64. */
function f64Exponent(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return (view.getUint16(0) >> 4) & 0x7ff;
}

/** `x` (a double) rounded to `type`: to nearest, ties to even; overflow gives an infinity, underflow a signed zero. */
export function round(type: FloatTypeName, x: number): number {
  if (type === 'f64') return x;
  if (type === 'f32') return Math.fround(x);
  return roundToFormat(x, FORMATS[type].exponent, FORMATS[type].fraction);
}

/**
 * `x` rounded to the binary format with `exponent` exponent bits and `fraction` stored fraction bits (at most those
 * of f32), to nearest, ties to even. Exported for its test against Math.fround (the f32 format).
 */
export function roundToFormat(x: number, exponent: number, fraction: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const bias = 2 ** (exponent - 1) - 1;
  const emin = 1 - bias;
  // floor(log2 |x|), exactly (a subnormal double is far below every such format's smallest subnormal: any exponent
  // below emin will do).
  const e = Math.max(f64Exponent(x) - 1023, emin);
  const ulp = 2 ** (e - fraction);
  const q = Math.abs(x) / ulp; // exact: a division by a power of two, q < 2^(fraction + 1)
  const whole = Math.floor(q);
  const rest = q - whole; // exact
  const n = rest > 0.5 || (rest === 0.5 && whole % 2 === 1) ? whole + 1 : whole;
  const largest = (2 - 2 ** -fraction) * 2 ** bias;
  const magnitude = n * ulp;
  return Math.sign(x) * (magnitude > largest ? Infinity : magnitude);
}

/** The integer `n` rounded to `type` once (Number() of a wide integer then fround would round twice). */
export function roundInteger(type: FloatTypeName, n: bigint): number {
  const precision = FORMATS[type].fraction + 1;
  const magnitude = n < 0n ? -n : n;
  const length = magnitude.toString(2).length;
  if (length <= precision) return round(type, Number(n));
  const drop = BigInt(length - precision);
  let kept = magnitude >> drop;
  const rest = magnitude - (kept << drop);
  const half = 1n << (drop - 1n);
  if (rest > half || (rest === half && (kept & 1n) === 1n)) kept += 1n;
  const rounded = Number(kept << drop); // at most `precision` significant bits: exact
  return round(type, n < 0n ? -rounded : rounded);
}

/** The bit pattern of `x`, a value of `type` (no rounding: it must be one; NaN gives the positive quiet NaN). */
export function floatBitsOf(type: FloatTypeName, x: number): bigint {
  const { exponent, fraction } = FORMATS[type];
  const bias = 2 ** (exponent - 1) - 1;
  const sign = x < 0 || Object.is(x, -0) ? 1n << BigInt(exponent + fraction) : 0n;
  const ones = (1n << BigInt(exponent)) - 1n;
  if (Number.isNaN(x)) return (ones << BigInt(fraction)) | (1n << BigInt(fraction - 1));
  if (!Number.isFinite(x)) return sign | (ones << BigInt(fraction));
  if (x === 0) return sign;
  const e = Math.max(f64Exponent(x) - 1023, 1 - bias);
  const significand = BigInt(Math.abs(x) / 2 ** (e - fraction)); // an integer below 2^(fraction + 1), for a value of the type
  const biased = significand >> BigInt(fraction) === 0n ? 0n : BigInt(e + bias); // a subnormal has no leading 1
  return sign | (biased << BigInt(fraction)) | (significand & ((1n << BigInt(fraction)) - 1n));
}
