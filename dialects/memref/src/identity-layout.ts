import { AffineMapAttr, MemRefType, type Type } from '@tlir/ir';

/**
 * Whether a memref's layout is the identity map, as MLIR's `getLayout().isIdentity()` answers: no layout, or a
 * strided layout whose map is `(d0) -> (d0)` (one dimension of stride 1, offset 0). A multi-dimensional strided
 * layout is never the identity map, even with row-major strides (its map is `(d0, d1) -> (d0 * 4 + d1)`).
 */
export function hasIdentityLayout(t: Type): boolean {
  if (!(t instanceof MemRefType)) return true;
  const layout = t.layout;
  if (layout === undefined) return true;
  if (layout instanceof AffineMapAttr) return layout.isIdentity;
  return layout.offset === 0 && layout.strides.length === 1 && layout.strides[0] === 1;
}
