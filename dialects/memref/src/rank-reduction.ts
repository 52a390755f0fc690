// Which unit dimensions a rank-reducing slice drops (MLIR's computeMemRefRankReductionMask): shared by the verifier
// of memref.subview and the interpreter, so a run drops exactly the dimensions the type system drops.

/**
 * Fills `dropped` (one flag per dimension of the slice) with the dimensions a result of rank `resultStrides.length`
 * drops, and returns whether that is possible. The slice has `sizes` (DYNAMIC where dynamic) and strides
 * `strideOf(i)`; `resultStrides` are the result type's. Dimensions of static size 1 are dropped; when there are more
 * of those than dimensions to drop, one is kept when its stride is still needed for a stride of the result.
 */
export function rankReductionDroppedDims(
  sizes: readonly number[],
  strideOf: (i: number) => number,
  resultStrides: readonly number[],
  dropped: boolean[],
): boolean {
  const rank = sizes.length;
  const resultRank = resultStrides.length;
  for (let i = 0; i < rank; i++) dropped[i] = false;
  if (rank === resultRank) return true;
  let count = 0;
  for (let i = 0; i < rank; i++) {
    if (sizes[i] === 1) {
      dropped[i] = true;
      count++;
    }
  }
  if (count + resultRank === rank) return true;
  // More unit dimensions than dropped ones: a dimension is dropped when its stride is missing from the result.
  const unaccounted = new Map<number, number>();
  for (let i = 0; i < rank; i++) {
    const s = strideOf(i);
    unaccounted.set(s, (unaccounted.get(s) ?? 0) + 1);
  }
  const candidate = new Map<number, number>();
  for (const s of resultStrides) candidate.set(s, (candidate.get(s) ?? 0) + 1);
  for (let i = 0; i < rank; i++) {
    if (!dropped[i]) continue;
    const s = strideOf(i);
    const have = unaccounted.get(s) ?? 0;
    const want = candidate.get(s) ?? 0;
    if (have > want) unaccounted.set(s, have - 1);
    else if (have === want) dropped[i] = false;
    else return false;
  }
  count = 0;
  for (let i = 0; i < rank; i++) if (dropped[i]) count++;
  return count + resultRank === rank;
}
