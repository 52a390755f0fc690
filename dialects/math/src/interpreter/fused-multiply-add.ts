// math.fma: a * b + c computed exactly and rounded once to the type, as the llvm.fma intrinsic it lowers to.
// Finite operands are dyadic rationals m 2^e; the exact result is one too, rounded here on its bigint mantissa.
import { f64ToBits, type FloatKind } from '@tlir/ir';
import { roundToKind } from '@tlir/interpreter';
import { quiet } from '@tlir/dialect-arith';

/** A finite nonzero double as m 2^e with an integer m. */
function decompose(x: number): { m: bigint; e: number } {
  const bits = f64ToBits(x);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const m = biased === 0 ? fraction : fraction | (1n << 52n);
  const e = (biased === 0 ? 1 : biased) - 1075;
  return { m: bits >> 63n ? -m : m, e };
}

/** x 2^e, in steps that stay exact while the result is representable. */
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

/**
 * m 2^e rounded to 53 significant bits (or to the subnormal spacing of doubles): ties to even, or, with `toOdd`,
 * to the neighbour whose last bit is odd when bits are dropped, which makes a second rounding to any narrower
 * kind exact (round to odd keeps the information a later rounding to nearest needs).
 */
function roundMantissa(m: bigint, e: number, toOdd: boolean): number {
  if (m === 0n) return 0;
  const negative = m < 0n;
  let mag = negative ? -m : m;
  const leading = mag.toString(2).length - 1 + e;
  const ulp = Math.max(leading - 52, -1074);
  if (ulp > e) {
    const shift = BigInt(ulp - e);
    const rest = mag & ((1n << shift) - 1n);
    mag >>= shift;
    if (toOdd) {
      if (rest !== 0n) mag |= 1n;
    } else {
      const half = 1n << (shift - 1n);
      if (rest > half || (rest === half && (mag & 1n) === 1n)) mag += 1n;
    }
    e = ulp;
  }
  const r = scale(Number(mag), e);
  return negative ? -r : r;
}

/** a * b + c rounded once to `kind`. */
export function fusedMultiplyAdd(kind: FloatKind, a: number, b: number, c: number): number {
  const nan = [a, b, c].find(Number.isNaN);
  if (nan !== undefined) return quiet(nan);
  // An infinite or zero product is exact in double arithmetic, with IEEE's signs (and inf * 0 its NaN); a finite
  // product does not overflow before the addition, so an infinite c is the result.
  if (!Number.isFinite(a) || !Number.isFinite(b) || a === 0 || b === 0) return roundToKind(kind, a * b + c);
  if (!Number.isFinite(c)) return c;
  const x = decompose(a);
  const y = decompose(b);
  const z = c === 0 ? { m: 0n, e: x.e + y.e } : decompose(c);
  const pe = x.e + y.e;
  const low = Math.min(pe, z.e);
  const sum = ((x.m * y.m) << BigInt(pe - low)) + (z.m << BigInt(z.e - low));
  // An exact zero sum is +0 in round to nearest (the product is not zero, so c had the other sign).
  if (sum === 0n) return 0;
  return roundToKind(kind, roundMantissa(sum, low, kind !== 'f64'));
}
