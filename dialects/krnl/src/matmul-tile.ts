// What one krnl.matmul computes, over an IndexAlgebra (numbers in the interpreter, SSA values in the lowering).
//
// With A, B, C the arrays given (buffers or the original arrays, of rank 2 or more: the outer dimensions have the
// fixed indices of the `*GlobalIndexMemStart` prefixes), global indices (i0, j0, k0) where the tile starts and
// global upper bounds (I, J, K), the op computes for 0 <= i < ti, 0 <= j < tj, in that order:
//   acc = C[c + (i, j)]; for 0 <= k < tk: acc = A[a + (i, k)] * B[b + (k, j)] + acc; C[c + (i, j)] = acc
// (each product and sum rounded to the element type, or wrapping for integers), where a, b, c are the positions of
// the tile in the arrays (global compute start minus the global start of the array) and the trip counts are the
// compute tile sizes (`computeTileSize`, by default C's tile for i and j and A's for k; `*TileSize` attributes
// give the tiles of padded buffers) cut at the global upper bounds: ti = min(tile_i, I - i0), ...
// `overcompute` lets i and j run over the whole compute tile, past the upper bounds, into the buffers' padding
// (whose elements must then have been written: copy_to_tile_buffer with padToNext); k is never overcomputed, as
// adding the products of padding could change the sums (-0 + 0, infinities times zero).
import type { IndexAlgebra } from './index-algebra.js';

export interface MatmulOperands<T> {
  /** The sizes of A, B and C. */
  readonly aSizes: readonly T[];
  readonly bSizes: readonly T[];
  readonly cSizes: readonly T[];
  readonly aTileSize?: readonly number[] | undefined;
  readonly cTileSize?: readonly number[] | undefined;
  readonly computeTileSize?: readonly number[] | undefined;
  readonly aMemStart: readonly T[];
  readonly bMemStart: readonly T[];
  readonly cMemStart: readonly T[];
  /** (i0, j0, k0) and (I, J, K). */
  readonly computeStart: readonly [T, T, T];
  readonly globalUB: readonly [T, T, T];
  readonly overcompute: boolean;
}

export interface MatmulTile<T> {
  /** Where (i, k) = (0, 0) is in A, (k, j) = (0, 0) in B, (i, j) = (0, 0) in C: one index per dimension. */
  readonly aStart: readonly T[];
  readonly bStart: readonly T[];
  readonly cStart: readonly T[];
  /** The compute tile (i, j, k): the trip counts of a full tile. */
  readonly computeTile: readonly [T, T, T];
  /** The trip counts of this tile (ti, tj, tk); a count of zero or less computes nothing. */
  readonly trips: readonly [T, T, T];
}

/** The starts of an array: the outer indices as given, then the two compute starts minus the array's. */
function arrayStart<T>(alg: IndexAlgebra<T>, memStart: readonly T[], row: T, column: T): T[] {
  const r = memStart.length;
  return [...memStart.slice(0, r - 2), alg.sub(row, memStart[r - 2]!), alg.sub(column, memStart[r - 1]!)];
}

export function matmulTile<T>(alg: IndexAlgebra<T>, m: MatmulOperands<T>): MatmulTile<T> {
  const [i0, j0, k0] = m.computeStart;
  const inner = (sizes: readonly T[], attr: readonly number[] | undefined): [T, T] =>
    attr?.length ? [alg.constant(attr[0]!), alg.constant(attr[1]!)] : [sizes[sizes.length - 2]!, sizes[sizes.length - 1]!];
  const aTile = inner(m.aSizes, m.aTileSize);
  const cTile = inner(m.cSizes, m.cTileSize);
  const c = m.computeTileSize;
  const computeTile: [T, T, T] = c?.length ? [alg.constant(c[0]!), alg.constant(c[1]!), alg.constant(c[2]!)] : [cTile[0], cTile[1], aTile[1]];
  const cut = (d: 0 | 1 | 2): T => alg.min(computeTile[d], alg.sub(m.globalUB[d], m.computeStart[d]));
  return {
    aStart: arrayStart(alg, m.aMemStart, i0, k0),
    bStart: arrayStart(alg, m.bMemStart, k0, j0),
    cStart: arrayStart(alg, m.cMemStart, i0, j0),
    computeTile,
    trips: [m.overcompute ? computeTile[0] : cut(0), m.overcompute ? computeTile[1] : cut(1), cut(2)],
  };
}
