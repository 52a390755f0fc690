/**
 * The layout of one memref in a buffer once its dynamic parts are known: sizes from the host array, dynamic
 * strides chosen as the packed column-major strides that the tensor language's default layout has, a dynamic
 * offset chosen as 0. Also the check that a layout gives every element its own place (an array can only be
 * uploaded into such a layout).
 */
import type { MemRefShape } from './kernel-manifest.js';

export interface ResolvedLayout {
  readonly sizes: readonly number[];
  readonly strides: readonly number[];
  readonly offset: number;
  /** Elements of the buffer the memref covers from its base: offset + the last element's position + 1. */
  readonly extent: number;
}

/**
 * The layout of a memref of `type` with the given sizes (which must agree with its static sizes). Dynamic
 * stride k is the packed stride after dimension k-1: stride[k-1] * size[k-1] (1 for k = 0).
 */
export function resolveLayout(type: MemRefShape, sizes: readonly number[]): ResolvedLayout {
  const strides: number[] = [];
  for (let k = 0; k < sizes.length; k++) {
    const given = type.strides[k];
    strides.push(given ?? (k === 0 ? 1 : Math.max(1, strides[k - 1]! * sizes[k - 1]!)));
  }
  const offset = type.offset ?? 0;
  let extent = offset;
  if (!sizes.includes(0)) {
    extent += 1;
    for (let k = 0; k < sizes.length; k++) extent += (sizes[k]! - 1) * strides[k]!;
  }
  return { sizes: [...sizes], strides, offset, extent };
}

/**
 * Why two different indices of the layout would reach the same element, or undefined when none do (as for an
 * empty shape). Checked with dimensions ordered by stride: each stride must be at least the extent of the
 * dimensions below it.
 */
export function layoutOverlap(layout: ResolvedLayout): string | undefined {
  if (layout.sizes.includes(0)) return undefined; // no elements: none can share a place
  const dims = layout.sizes.map((size, k) => ({ k, size, stride: layout.strides[k]! })).filter((d) => d.size > 1);
  dims.sort((a, b) => a.stride - b.stride || a.k - b.k);
  let covered = 1; // elements spanned by the dimensions so far, from one element
  let below: { k: number; size: number; stride: number } | undefined;
  for (const d of dims) {
    if (d.stride < covered) {
      return below
        ? `dimension ${d.k}'s stride ${d.stride} is less than the ${covered} elements that dimension ${below.k} (size ${below.size}, stride ${below.stride}) spans`
        : `dimension ${d.k}'s stride is 0`;
    }
    covered = d.stride * (d.size - 1) + covered;
    below = d;
  }
  return undefined;
}
