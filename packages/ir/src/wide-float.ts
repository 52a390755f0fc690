/**
 * The two float kinds wider than a double: `f80` (x87 double extended: sign, 15-bit exponent, 64-bit significand
 * with an explicit integer bit) and `f128` (IEEE quad: sign, 15-bit exponent, 112-bit fraction). Their values are
 * kept as bit patterns (big integers); this file converts between those, doubles and decimal text, exactly.
 *
 * A double is exactly representable in both, so a value made from a double (a decimal literal, which MLIR 22 also
 * reads through a double) keeps its value. The way back (`wideToDouble`) rounds: code that computes with the
 * double must first ask `isExactDouble`.
 */
export type WideFloatKind = 'f80' | 'f128';

export const WIDE_FLOAT_KINDS: readonly WideFloatKind[] = ['f80', 'f128'];

export const isWideFloatKind = (kind: string): kind is WideFloatKind => kind === 'f80' || kind === 'f128';

const BIAS = 16383;
const EMIN = 1 - BIAS;
const EMAX = BIAS;
const TOP_EXP = 0x7fffn;
/** Significand bits, the integer bit included. */
export const WIDE_PRECISION: Record<WideFloatKind, number> = { f80: 64, f128: 113 };
export const WIDE_WIDTH: Record<WideFloatKind, number> = { f80: 80, f128: 128 };
/** Where the exponent field starts. */
const EXP_SHIFT: Record<WideFloatKind, bigint> = { f80: 64n, f128: 112n };

/** A decoded value: `(-1)^neg * sig * 2^e2`, or a special. */
export type WideParts = { readonly neg: boolean; readonly special: 'inf' | 'nan' } | { readonly neg: boolean; readonly special: undefined; readonly sig: bigint; readonly e2: number };

export function decodeWide(kind: WideFloatKind, bits: bigint): WideParts {
  const width = BigInt(WIDE_WIDTH[kind]);
  const neg = ((bits >> (width - 1n)) & 1n) === 1n;
  const shift = EXP_SHIFT[kind];
  const exp = (bits >> shift) & TOP_EXP;
  const field = bits & ((1n << shift) - 1n);
  if (kind === 'f80') {
    const intBit = field >> 63n;
    // As APFloat: the top exponent is infinity with exactly the integer bit set, else NaN; a nonzero exponent
    // without the integer bit (an "unnormal") is NaN too.
    if (exp === TOP_EXP) return { neg, special: field === 1n << 63n ? 'inf' : 'nan' };
    if (exp !== 0n && intBit === 0n) return { neg, special: 'nan' };
    return { neg, special: undefined, sig: field, e2: Math.max(Number(exp), 1) - BIAS - 63 };
  }
  if (exp === TOP_EXP) return { neg, special: field === 0n ? 'inf' : 'nan' };
  if (exp === 0n) return { neg, special: undefined, sig: field, e2: EMIN - 112 };
  return { neg, special: undefined, sig: field | (1n << 112n), e2: Number(exp) - BIAS - 112 };
}

const signBit = (kind: WideFloatKind, neg: boolean): bigint => (neg ? 1n << BigInt(WIDE_WIDTH[kind] - 1) : 0n);

/** The infinity of `kind` with the given sign. */
export function wideInfinity(kind: WideFloatKind, neg: boolean): bigint {
  return signBit(kind, neg) | (TOP_EXP << EXP_SHIFT[kind]) | (kind === 'f80' ? 1n << 63n : 0n);
}

/** Encodes a finite value `m * 2^q` where `m < 2^precision` is already rounded (subnormal when m is small). */
function encode(kind: WideFloatKind, neg: boolean, m: bigint, q: number): bigint {
  const p = WIDE_PRECISION[kind];
  const sign = signBit(kind, neg);
  if (m === 0n) return sign;
  if (m < 1n << BigInt(p - 1)) return sign | m; // subnormal: q is EMIN - (p - 1)
  const biased = BigInt(q + p - 1 + BIAS);
  if (biased >= TOP_EXP) return wideInfinity(kind, neg);
  const field = kind === 'f80' ? m : m - (1n << 112n);
  return sign | (biased << EXP_SHIFT[kind]) | field;
}

const bitLength = (n: bigint): number => (n === 0n ? 0 : n.toString(2).length);

/** `num / den` (positive) rounded to `kind`, to nearest with ties to even, as APFloat rounds. */
export function roundRationalToWide(kind: WideFloatKind, neg: boolean, num: bigint, den: bigint): bigint {
  if (num === 0n) return signBit(kind, neg);
  const p = WIDE_PRECISION[kind];
  // e = floor(log2(num / den))
  let e = bitLength(num) - bitLength(den);
  if (e >= 0 ? num < den << BigInt(e) : num << BigInt(-e) < den) e--;
  if (e > EMAX) return wideInfinity(kind, neg);
  let q = Math.max(e, EMIN) - (p - 1);
  const n = q >= 0 ? num : num << BigInt(-q);
  const d = q >= 0 ? den << BigInt(q) : den;
  let m = n / d;
  const r2 = (n % d) * 2n;
  if (r2 > d || (r2 === d && (m & 1n) === 1n)) m++;
  if (m === 1n << BigInt(p)) {
    m >>= 1n;
    q++;
  }
  return encode(kind, neg, m, q);
}

const f64 = new DataView(new ArrayBuffer(8));

/** A double's bits in `kind`: exact (NaN payloads move to the top of the wider fraction, as APFloat converts). */
export function doubleToWide(kind: WideFloatKind, v: number): bigint {
  f64.setFloat64(0, v);
  const b = f64.getBigUint64(0);
  const neg = b >> 63n === 1n;
  const exp = Number((b >> 52n) & 0x7ffn);
  const frac = b & ((1n << 52n) - 1n);
  if (exp === 0x7ff) {
    if (frac === 0n) return wideInfinity(kind, neg);
    const top = BigInt(WIDE_PRECISION[kind] - 1 - 52);
    return signBit(kind, neg) | (TOP_EXP << EXP_SHIFT[kind]) | (kind === 'f80' ? 1n << 63n : 0n) | (frac << top);
  }
  if (exp === 0 && frac === 0n) return signBit(kind, neg);
  const sig = exp === 0 ? frac : frac | (1n << 52n);
  const e2 = (exp === 0 ? 1 : exp) - 1023 - 52;
  // Normalize the significand to the full precision (every double is a normal number of the wide kinds).
  const p = WIDE_PRECISION[kind];
  const shift = p - bitLength(sig);
  return encode(kind, neg, sig << BigInt(shift), e2 - shift);
}

/** 2^e times `x`, in steps that stay in range. */
function scale(x: number, e: number): number {
  while (e > 1000) {
    x *= 2 ** 1000;
    e -= 1000;
  }
  while (e < -1000) {
    x *= 2 ** -1000;
    e += 1000;
  }
  return x * 2 ** e;
}

/** The value as a double: rounded (see isExactDouble). NaNs keep their sign. */
export function wideToDouble(kind: WideFloatKind, bits: bigint): number {
  const parts = decodeWide(kind, bits);
  const sign = parts.neg ? -1 : 1;
  if (parts.special !== undefined) {
    if (parts.special === 'inf') return sign * Infinity;
    // A NaN keeps its sign and the top 52 bits of its payload (as APFloat converts to double).
    const fracBits = BigInt(WIDE_PRECISION[kind] - 1);
    let payload = (bits & ((1n << fracBits) - 1n)) >> (fracBits - 52n);
    if (payload === 0n) payload = 1n << 51n;
    f64.setBigUint64(0, (parts.neg ? 1n << 63n : 0n) | (0x7ffn << 52n) | payload);
    return f64.getFloat64(0);
  }
  // Number() rounds the significand to 53 bits (to nearest, ties to even); the scaling is exact unless the
  // result is subnormal or overflows.
  return sign * scale(Number(parts.sig), parts.e2);
}

/**
 * Whether the value of `bits` is a double exactly (so that double arithmetic on it means what it says, and the
 * double converts back to the same bits).
 */
export function isExactDouble(kind: WideFloatKind, bits: bigint): boolean {
  // A NaN is exact when its payload fits a double's (it converts back to the same bits).
  return doubleToWide(kind, wideToDouble(kind, bits)) === bits;
}

/** Parses decimal text (`-1.500000e+00`, `0.1`) exactly into `kind`, as APFloat's string constructor does. */
export function parseDecimalToWide(kind: WideFloatKind, text: string): bigint | undefined {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const frac = m[3] ?? '';
  const digits = BigInt((m[2] ?? '') + frac || '0');
  const exp10 = Number(m[4] ?? '0') - frac.length;
  const num = exp10 >= 0 ? digits * 10n ** BigInt(exp10) : digits;
  const den = exp10 >= 0 ? 1n : 10n ** BigInt(-exp10);
  return roundRationalToWide(kind, m[1] === '-', num, den);
}

/**
 * The bits APFloat gives back for `bits` (bitcastToAPInt after reading them): an f80 "unnormal" (a nonzero
 * exponent without the integer bit) is a NaN and comes back with the top exponent, a "pseudo-denormal" (a zero
 * exponent with the integer bit) is the smallest normal exponent's value and comes back with that exponent.
 */
export function canonicalWideBits(kind: WideFloatKind, bits: bigint): bigint {
  if (kind !== 'f80') return bits;
  const exp = (bits >> 64n) & TOP_EXP;
  const intBit = (bits >> 63n) & 1n;
  if (exp !== 0n && exp !== TOP_EXP && intBit === 0n) return (bits & ~(TOP_EXP << 64n)) | (TOP_EXP << 64n);
  if (exp === 0n && intBit === 1n) return bits | (1n << 64n);
  return bits;
}

/** Compares two values of `kind` exactly: -1, 0 (also -0 against +0) or 1; undefined if either is a NaN. */
export function compareWide(kind: WideFloatKind, a: bigint, b: bigint): -1 | 0 | 1 | undefined {
  const x = decodeWide(kind, a);
  const y = decodeWide(kind, b);
  if (x.special === 'nan' || y.special === 'nan') return undefined;
  // Signed magnitudes as rationals sig * 2^e2 (infinity above every finite value).
  const mag = (p: WideParts): { inf: boolean; sig: bigint; e2: number } => (p.special !== undefined ? { inf: true, sig: 1n, e2: 0 } : { inf: false, sig: p.sig, e2: p.e2 });
  const mx = mag(x);
  const my = mag(y);
  const sx = mx.sig === 0n && !mx.inf ? 0 : x.neg ? -1 : 1;
  const sy = my.sig === 0n && !my.inf ? 0 : y.neg ? -1 : 1;
  if (sx !== sy) return sx < sy ? -1 : 1;
  if (sx === 0) return 0;
  let c: number;
  if (mx.inf || my.inf) c = mx.inf === my.inf ? 0 : mx.inf ? 1 : -1;
  else {
    const e = Math.min(mx.e2, my.e2);
    const l = mx.sig << BigInt(mx.e2 - e);
    const r = my.sig << BigInt(my.e2 - e);
    c = l === r ? 0 : l < r ? -1 : 1;
  }
  return c === 0 ? 0 : ((sx * c) as -1 | 1);
}
