// What krnl.copy_to_tile_buffer and krnl.copy_from_tile_buffer touch, over an IndexAlgebra (numbers in the
// interpreter, SSA values in the lowering to scf).
//
// The buffer's dimensions are the innermost ones of the memref (with `transpose`, its last two are swapped with
// respect to the memref's); `starts` give where the tile starts in the memref (the outer dimensions of the memref
// keep their start index). A buffer dimension of size B (or the `tileSize` entry) holds
//   read    = max(0, min(B, size - start)) elements of the memref, the ones that exist, then
//   written = the extent up to which the pad value follows them (copy_to only): with `padToNext` p, the next
//             multiple of p after the data (p = 1: no padding; p >= B: the whole tile), never past B.
// copy_to writes the region [0, written_0) x ... x [0, written_n): an element with every index below `read` gets the
// memref's element, the others the pad value; the rest of the buffer is left as it is. copy_from writes back the
// elements below `read` of every dimension (nothing past the memref's end).
import type { IndexAlgebra } from './index-algebra.js';

export interface TileCopyShape<T> {
  /** The static shape of the buffer. */
  readonly bufferShape: readonly number[];
  /** The `tileSize` attribute (one entry per buffer dimension), if given. */
  readonly tileSize?: readonly number[] | undefined;
  /** The sizes of the memref, one per dimension. */
  readonly memrefSizes: readonly T[];
  /** The start indices, one per memref dimension. */
  readonly starts: readonly T[];
  readonly transpose?: boolean;
}

export interface TileCopyExtents<T> {
  /** For each buffer dimension, the memref dimension it runs along. */
  readonly memrefDims: readonly number[];
  /** For each buffer dimension, how many elements of the memref exist there. */
  readonly read: readonly T[];
}

/** The memref dimension of each buffer dimension. */
export function bufferToMemrefDims(bufferRank: number, memrefRank: number, transpose: boolean): number[] {
  const offset = memrefRank - bufferRank;
  const dims = Array.from({ length: bufferRank }, (_, b) => offset + b);
  if (transpose && bufferRank >= 2) [dims[bufferRank - 2], dims[bufferRank - 1]] = [dims[bufferRank - 1]!, dims[bufferRank - 2]!];
  return dims;
}

/** The tile extent of each buffer dimension: its `tileSize` entry, or the buffer's size. */
function tileExtents(shape: TileCopyShape<unknown>): number[] {
  return shape.bufferShape.map((b, i) => shape.tileSize?.[i] ?? b);
}

/** The elements of the memref each buffer dimension reaches. */
export function tileCopyExtents<T>(alg: IndexAlgebra<T>, shape: TileCopyShape<T>): TileCopyExtents<T> {
  const memrefDims = bufferToMemrefDims(shape.bufferShape.length, shape.memrefSizes.length, shape.transpose ?? false);
  const tile = tileExtents(shape);
  const read = memrefDims.map((d, b) => alg.max(alg.constant(0), alg.min(alg.constant(tile[b]!), alg.sub(shape.memrefSizes[d]!, shape.starts[d]!))));
  return { memrefDims, read };
}

/** How far copy_to_tile_buffer writes along each buffer dimension: the data, then its padding (see above). */
export function paddedExtents<T>(alg: IndexAlgebra<T>, shape: TileCopyShape<T>, read: readonly T[], padToNext: readonly number[] | undefined): T[] {
  const tile = tileExtents(shape);
  return read.map((r, b) => {
    const p = padToNext?.[b] ?? 1;
    const t = tile[b]!;
    if (p <= 1) return r;
    if (p >= t) return alg.constant(t);
    return alg.min(alg.constant(t), alg.mulConstant(alg.ceilDivConstant(r, p), p));
  });
}

/** The memref indices of buffer element `x`: the starts, plus `x` along the buffer's dimensions. */
export function memrefIndices<T>(alg: IndexAlgebra<T>, starts: readonly T[], memrefDims: readonly number[], x: readonly T[]): T[] {
  const indices = [...starts];
  memrefDims.forEach((d, b) => (indices[d] = alg.add(starts[d]!, x[b]!)));
  return indices;
}
