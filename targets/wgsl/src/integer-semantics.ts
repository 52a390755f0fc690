// MLIR's integer semantics on WGSL's representations (scalar-types.ts): i8 and i16 live sign-extended in an i32 and
// are wrapped back to their width after each operation; i1 is a bool, computed on as the i32 -1 or 0 (signed) or
// 1 or 0 (unsigned) where WGSL has no bool operation; i32 and index are WGSL's i32, whose arithmetic wraps.
import type { ScalarRepr } from './scalar-types.js';
import type { ScalarValue } from './translation-values.js';

/** An i32 expression of the signed value of `v` (i1: true is -1). */
export function signedI32(v: ScalarValue): string {
  return v.repr.wgsl === 'bool' ? `select(0i, -1i, ${v.expr})` : v.expr;
}

/** The mask of the low `width` bits, as an i32 literal. */
export function widthMask(width: number): string {
  return `0x${((2 ** width) - 1).toString(16)}i`;
}

/**
 * An expression of the unsigned value of `v` and its WGSL type: u32 for 32-bit values, a non-negative i32 for
 * narrower ones (i1: true is 1).
 */
export function unsignedOperand(v: ScalarValue): { expr: string; type: 'u32' | 'i32' } {
  const width = v.repr.width!;
  if (v.repr.wgsl === 'bool') return { expr: `select(0i, 1i, ${v.expr})`, type: 'i32' };
  if (width >= 32) return { expr: `bitcast<u32>(${v.expr})`, type: 'u32' };
  return { expr: `(${v.expr} & ${widthMask(width)})`, type: 'i32' };
}

/** An i32 (or u32) result `expr` wrapped to `repr`'s width: a value of `repr`. */
export function fromI32(expr: string, repr: ScalarRepr, type: 'i32' | 'u32' = 'i32'): string {
  const asI32 = type === 'u32' ? `bitcast<i32>(${expr})` : expr;
  const width = repr.width!;
  if (repr.wgsl === 'bool') return `((${asI32} & 1i) != 0i)`;
  if (width >= 32) return asI32;
  const shift = 32 - width;
  return `((${asI32} << ${shift}u) >> ${shift}u)`;
}

/** Whether WGSL's i32 operation already gives `repr`'s result (no wrapping needed). */
export function isFullWidth(repr: ScalarRepr): boolean {
  return repr.wgsl !== 'bool' && repr.width! >= 32;
}
