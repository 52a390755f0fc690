// Visiting every index tuple of a shape, in the two orders the interpreters need.

/** Calls `visit` with every index tuple of `sizes`, the last index fastest (row-major); nothing for an empty shape. */
export function rowMajorIndices(sizes: readonly number[], visit: (indices: readonly number[]) => void): void {
  if (sizes.some((s) => s <= 0)) return;
  const idx = new Array<number>(sizes.length).fill(0);
  for (;;) {
    visit(idx);
    let k = sizes.length - 1;
    while (k >= 0 && ++idx[k]! === sizes[k]!) idx[k--] = 0;
    if (k < 0) return;
  }
}

/** Calls `visit` with every index tuple of `sizes`, the first index fastest (column-major); nothing for an empty shape. */
export function columnMajorIndices(sizes: readonly number[], visit: (indices: readonly number[]) => void): void {
  if (sizes.some((s) => s <= 0)) return;
  const idx = new Array<number>(sizes.length).fill(0);
  for (;;) {
    visit(idx);
    let k = 0;
    while (k < sizes.length && ++idx[k]! === sizes[k]!) idx[k++] = 0;
    if (k === sizes.length) return;
  }
}
