// Integer arithmetic at a bit width, as LLVM's APInt does it, on bigints. Values are kept as IntegerAttr keeps
// them (two's complement, normalized signed: `BigInt.asIntN(width, v)`); `undefined` means the result is not
// defined (division by zero, signed overflow where MLIR refuses to fold).

export const signed = (v: bigint, w: number): bigint => BigInt.asIntN(w, v);
export const unsigned = (v: bigint, w: number): bigint => BigInt.asUintN(w, v);

const minSigned = (w: number): bigint => -(1n << BigInt(w - 1));
const maxSigned = (w: number): bigint => (1n << BigInt(w - 1)) - 1n;
export const isMinSigned = (v: bigint, w: number): boolean => signed(v, w) === minSigned(w);
export const isMaxSigned = (v: bigint, w: number): boolean => signed(v, w) === maxSigned(w);
export const isAllOnes = (v: bigint, w: number): boolean => unsigned(v, w) === (1n << BigInt(w)) - 1n;

export const add = (a: bigint, b: bigint, w: number): bigint => signed(a + b, w);
export const sub = (a: bigint, b: bigint, w: number): bigint => signed(a - b, w);
export const mul = (a: bigint, b: bigint, w: number): bigint => signed(a * b, w);
export const and = (a: bigint, b: bigint, w: number): bigint => signed(a & b, w);
export const or = (a: bigint, b: bigint, w: number): bigint => signed(a | b, w);
export const xor = (a: bigint, b: bigint, w: number): bigint => signed(a ^ b, w);

/** Truncating unsigned division; undefined for a zero divisor. */
export function udiv(a: bigint, b: bigint, w: number): bigint | undefined {
  const ub = unsigned(b, w);
  return ub === 0n ? undefined : signed(unsigned(a, w) / ub, w);
}

/** Truncating signed division; undefined for a zero divisor and for MIN / -1 (APInt's sdiv_ov overflow). */
export function sdiv(a: bigint, b: bigint, w: number): bigint | undefined {
  const sa = signed(a, w);
  const sb = signed(b, w);
  if (sb === 0n || (sa === minSigned(w) && sb === -1n)) return undefined;
  return signed(sa / sb, w);
}

export function urem(a: bigint, b: bigint, w: number): bigint | undefined {
  const ub = unsigned(b, w);
  return ub === 0n ? undefined : signed(unsigned(a, w) % ub, w);
}

/** Signed remainder (the sign of the dividend); undefined for a zero divisor. */
export function srem(a: bigint, b: bigint, w: number): bigint | undefined {
  const sb = signed(b, w);
  return sb === 0n ? undefined : signed(signed(a, w) % sb, w);
}

/** Unsigned division rounding up (MLIR's CeilDivUIOp folder); undefined for a zero divisor. */
export function ceilDivU(a: bigint, b: bigint, w: number): bigint | undefined {
  const ua = unsigned(a, w);
  const ub = unsigned(b, w);
  if (ub === 0n) return undefined;
  const q = ua / ub;
  if (ua % ub === 0n) return signed(q, w);
  if (q + 1n > (1n << BigInt(w)) - 1n) return undefined;
  return signed(q + 1n, w);
}

/** `v` if it fits the signed range of `w` bits, else undefined (an `_ov` overflow). */
const fitsSigned = (v: bigint, w: number): bigint | undefined => (v < minSigned(w) || v > maxSigned(w) ? undefined : v);

/** (a-1)/b + 1 for positive a and b, undefined on overflow (MLIR's signedCeilNonnegInputs). */
function signedCeilNonneg(a: bigint, b: bigint, w: number): bigint | undefined {
  const am1 = fitsSigned(a - 1n, w);
  if (am1 === undefined) return undefined;
  const q = b === -1n && am1 === minSigned(w) ? undefined : am1 / b;
  if (q === undefined) return undefined;
  return fitsSigned(q + 1n, w);
}

/**
 * Signed division rounding up, with MLIR's CeilDivSIOp folder's case analysis: it does not fold when any
 * intermediate step overflows (so never for a dividend of MIN with a negative divisor, nor MIN / -1).
 */
export function ceilDivS(a: bigint, b: bigint, w: number): bigint | undefined {
  const sa = signed(a, w);
  const sb = signed(b, w);
  if (sb === 0n) return undefined;
  if (sa === 0n) return 0n;
  const aPos = sa > 0n;
  const bPos = sb > 0n;
  if (aPos && bPos) return signedCeilNonneg(sa, sb, w);
  if (!aPos && !bPos) {
    const pa = fitsSigned(-sa, w);
    const pb = fitsSigned(-sb, w);
    if (pa === undefined || pb === undefined) return undefined;
    return signedCeilNonneg(pa, pb, w);
  }
  if (!aPos && bPos) {
    const pa = fitsSigned(-sa, w);
    if (pa === undefined) return undefined;
    const q = pa / sb;
    return fitsSigned(-q, w);
  }
  const pb = fitsSigned(-sb, w);
  if (pb === undefined) return undefined;
  return fitsSigned(-(sa / pb), w);
}

/** Signed division rounding down (APInt's sfloordiv_ov); undefined for a zero divisor and MIN / -1. */
export function floorDivS(a: bigint, b: bigint, w: number): bigint | undefined {
  const sa = signed(a, w);
  const sb = signed(b, w);
  if (sb === 0n || (sa === minSigned(w) && sb === -1n)) return undefined;
  let q = sa / sb;
  if (q * sb !== sa && sa < 0n !== sb < 0n) q -= 1n;
  return signed(q, w);
}

export const smax = (a: bigint, b: bigint, w: number): bigint => (signed(a, w) >= signed(b, w) ? a : b);
export const smin = (a: bigint, b: bigint, w: number): bigint => (signed(a, w) <= signed(b, w) ? a : b);
export const umax = (a: bigint, b: bigint, w: number): bigint => (unsigned(a, w) >= unsigned(b, w) ? a : b);
export const umin = (a: bigint, b: bigint, w: number): bigint => (unsigned(a, w) <= unsigned(b, w) ? a : b);

/** APInt's shl: a shift of the width or more gives 0. */
export function shl(a: bigint, b: bigint, w: number): bigint {
  const s = unsigned(b, w);
  return s >= BigInt(w) ? 0n : signed(a << s, w);
}
/** APInt's lshr. */
export function lshr(a: bigint, b: bigint, w: number): bigint {
  const s = unsigned(b, w);
  return s >= BigInt(w) ? 0n : signed(unsigned(a, w) >> s, w);
}
/** APInt's ashr: a shift of the width or more fills with the sign. */
export function ashr(a: bigint, b: bigint, w: number): bigint {
  const s = unsigned(b, w);
  const sa = signed(a, w);
  return s >= BigInt(w) ? (sa < 0n ? -1n : 0n) : signed(sa >> s, w);
}

/** The high half of the signed (mulhs) or unsigned (mulhu) double-width product. */
export const mulhs = (a: bigint, b: bigint, w: number): bigint => signed((signed(a, w) * signed(b, w)) >> BigInt(w), w);
export const mulhu = (a: bigint, b: bigint, w: number): bigint => signed((unsigned(a, w) * unsigned(b, w)) >> BigInt(w), w);

/** Leading zeros, trailing zeros and set bits of the `w`-bit pattern. */
export function countLeadingZeros(a: bigint, w: number): number {
  const u = unsigned(a, w);
  return u === 0n ? w : w - u.toString(2).length;
}
export function countTrailingZeros(a: bigint, w: number): number {
  let u = unsigned(a, w);
  if (u === 0n) return w;
  let n = 0;
  while ((u & 1n) === 0n) {
    u >>= 1n;
    n++;
  }
  return n;
}
export function popCount(a: bigint, w: number): number {
  let n = 0;
  for (const c of unsigned(a, w).toString(2)) if (c === '1') n++;
  return n;
}
