import { AffineMapAttr, DYNAMIC, MemRefType } from '@tlir/ir';

// Numbers of memref layouts, shapes and static index lists (DYNAMIC where dynamic), as MLIR computes with them.

/** How many entries are dynamic. */
export function countDynamic(values: readonly number[]): number {
  let n = 0;
  for (let i = 0; i < values.length; i++) if (values[i] === DYNAMIC) n++;
  return n;
}

// MLIR's SaturatedInteger: arithmetic where a dynamic operand makes the result dynamic, except that a product
// with a static 0 is 0.
export function satMul(a: number, b: number): number {
  if (a === 0 || b === 0) return 0;
  if (a === DYNAMIC || b === DYNAMIC) return DYNAMIC;
  return a * b;
}
export function satAdd(a: number, b: number): number {
  return a === DYNAMIC || b === DYNAMIC ? DYNAMIC : a + b;
}

/** A memref type's strides and offset, without allocating (identity layouts' strides are computed once per type). */
export interface StridesAndOffset {
  readonly strides: readonly number[];
  readonly offset: number;
}
const identityCache = new WeakMap<MemRefType, StridesAndOffset>();

export function stridesAndOffset(t: MemRefType): StridesAndOffset {
  if (t.layout) return t.getStridesAndOffset();
  let s = identityCache.get(t);
  if (s === undefined) {
    s = t.getStridesAndOffset();
    identityCache.set(t, s);
  }
  return s;
}

/** The number of symbols of a memref layout's affine map (MLIR): one per dynamic stride and dynamic offset. */
export function layoutSymbolCount(t: MemRefType): number {
  if (!t.layout || isIdentityLayout(t)) return 0;
  if (t.layout instanceof AffineMapAttr) return t.layout.numSymbols;
  const l = t.layout;
  return countDynamic(l.strides) + (l.offset === DYNAMIC ? 1 : 0);
}

/**
 * Whether the layout is the identity (MLIR's MemRefLayoutAttrInterface::isIdentity): no layout, or a strided layout
 * whose affine map is the identity map. A strided map sums `d_i * stride_i` into one result, so only rank 1 with
 * stride 1 and offset 0 is (`(d0) -> (d0)`); `strided<[]>` is `() -> (0)`, not `() -> ()`.
 */
export function isIdentityLayout(t: MemRefType): boolean {
  const l = t.layout;
  if (!l) return true;
  if (l instanceof AffineMapAttr) return l.isIdentity;
  if (l.offset !== 0) return false;
  // strided<[1]> is (d0) -> (d0); strided<[]> is () -> (0), not the identity () -> ().
  return l.strides.length === 1 && l.strides[0] === 1;
}
