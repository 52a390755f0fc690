/**
 * Hashes of the parameters of types and attributes, for `Context.internByHash`: a running 32-bit hash into
 * which numbers, strings and big integers are mixed. Equal parameters give equal hashes; callers compare the
 * parameters of the values found under a hash.
 */

/** Mixes the 32-bit integer `x` into the hash `h`. */
export function mixHash(h: number, x: number): number {
  h = Math.imul(h ^ x, 0x5bd1e995);
  return h ^ (h >>> 15);
}

/** Mixes the characters of `s` into the hash `h`. */
export function mixStringHash(h: number, s: string): number {
  h = mixHash(h, s.length);
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

const INT32_MIN = -(1n << 31n);
const INT32_MAX = (1n << 31n) - 1n;

/** Mixes the value of `v` into the hash `h`. */
export function mixBigIntHash(h: number, v: bigint): number {
  if (v >= INT32_MIN && v <= INT32_MAX) return mixHash(h, Number(v));
  return mixStringHash(mixHash(h, 0x7fffffff), v.toString(16));
}
