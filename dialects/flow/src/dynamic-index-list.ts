// Offsets, sizes and strides written as mixed lists of values and integers, `[%o, 0]` (MLIR's
// custom<DynamicIndexList>), as flow.dispatch.tensor.load and store take them.
import {
  DYNAMIC,
  staticIndices,
  type Attribute,
  type Operation,
  type Value,
} from '@tlir/ir';

/** One list, its values in the places of `DYNAMIC`, as numbers where static or values where not. */
export type MixedIndex = number | Value;

/** The mixed list of a static property and its operand group. */
export function mixedIndices(integers: readonly number[], values: readonly Value[]): MixedIndex[] {
  let next = 0;
  return integers.map((v) => (v === DYNAMIC ? values[next++]! : v));
}

/**
 * MLIR's OffsetSizeAndStrideOpInterface checks for ops with `static_offsets`, `static_sizes` and `static_strides`:
 * each list has one entry per dimension of `rank`, its values fill exactly its `DYNAMIC` entries, and static offsets
 * and sizes are not negative.
 */
export function verifyOffsetsSizesStrides(
  op: Operation,
  rank: number,
  lists: { readonly offsets: readonly Value[]; readonly sizes: readonly Value[]; readonly strides: readonly Value[] },
): boolean {
  const fail = (message: string): false => {
    op.emitOpError(message);
    return false;
  };
  for (const name of ['offsets', 'sizes', 'strides'] as const) {
    const integers = staticIndices(op.getProperty(`static_${name}`));
    const dynamic = integers.filter((v) => v === DYNAMIC).length;
    if (lists[name].length !== dynamic) {
      return fail(`expected the number of '${name}' to match the number of dynamic entries in 'static_${name}' (${lists[name].length} vs ${dynamic})`);
    }
    if (integers.length !== rank) return fail(`expected ${rank} ${name.slice(0, -1)} values, got ${integers.length}`);
    if (name !== 'strides') {
      for (const v of integers) if (v < 0 && v !== DYNAMIC) return fail(`expected ${name} to be non-negative, but got ${v}`);
    }
  }
  return true;
}

/**
 * The dimensions of a slice of `sizes` that a tensor of `shape` drops (MLIR's rank reduction): each size either
 * becomes the next dimension of `shape` (equal; `?` for a dynamic size) or is a 1 that is dropped. `rank` when
 * `shape` has more dimensions than the slice, `size` when it is not such a slice.
 */
export function sliceDroppedDims(sizes: readonly number[], shape: readonly number[]): boolean[] | 'rank' | 'size' {
  if (shape.length > sizes.length) return 'rank';
  const dropped: boolean[] = [];
  let j = 0;
  for (const s of sizes) {
    if (j < shape.length && s === shape[j]) {
      j++;
      dropped.push(false);
    } else if (s === 1) dropped.push(true);
    else return 'size';
  }
  return j === shape.length ? dropped : 'size';
}
