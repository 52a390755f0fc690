// Moving a view op's constant offset, size and stride operands into its static lists, as MLIR 22's
// OpWithOffsetSizesAndStridesConstantArgumentFolder does for subview and reinterpret_cast: a negative offset or size and
// a zero stride stay operands (they would make an invalid type).
import { DYNAMIC, DenseArrayAttr, IntegerType, staticIndices, type Context, type Value } from '@tlir/ir';
import { constantOf, mixedValues } from './subview-op.js';

/** An entry of a mixed list: a static number or an operand. */
export type Mixed = number | Value;

/** A view op's mixed lists (static entries and operands). */
interface ViewLists {
  readonly static_offsets: DenseArrayAttr;
  readonly offsets: readonly Value[];
  readonly static_sizes: DenseArrayAttr;
  readonly sizes: readonly Value[];
  readonly static_strides: DenseArrayAttr;
  readonly strides: readonly Value[];
}

/** The lists with each foldable constant operand made static, or undefined when none is. */
export function foldConstantViewOperands(v: ViewLists): { offsets: Mixed[]; sizes: Mixed[]; strides: Mixed[] } | undefined {
  // The canonicalizer asks every view op in every iteration, and most have no constant operand (often none at
  // all): answer those before building the mixed lists.
  const offsets0 = v.offsets;
  const sizes0 = v.sizes;
  const strides0 = v.strides;
  if (!hasConstant(offsets0) && !hasConstant(sizes0) && !hasConstant(strides0)) return undefined;
  let changed = false;
  const fold = (list: Mixed[], keep: (n: number) => boolean): Mixed[] =>
    list.map((m) => {
      if (typeof m === 'number') return m;
      const c = constantOf(m);
      if (c === undefined || !keep(c)) return m;
      changed = true;
      return c;
    });
  const offsets = fold(mixedValues(staticIndices(v.static_offsets), offsets0), (n) => n >= 0);
  const sizes = fold(mixedValues(staticIndices(v.static_sizes), sizes0), (n) => n >= 0);
  const strides = fold(mixedValues(staticIndices(v.static_strides), strides0), (n) => n !== 0);
  return changed ? { offsets, sizes, strides } : undefined;
}

function hasConstant(values: readonly Value[]): boolean {
  for (let i = 0; i < values.length; i++) if (constantOf(values[i]!) !== undefined) return true;
  return false;
}

/** A mixed entry's static number: DYNAMIC for an operand. */
export const staticOf = (m: Mixed): number => (typeof m === 'number' ? m : DYNAMIC);

/** A view op's operand groups and static lists from its mixed lists (for `Op.create`). */
export function viewOperandsOf(ctx: Context, offsets: readonly Mixed[], sizes: readonly Mixed[], strides: readonly Mixed[]) {
  const i64 = IntegerType.get(ctx, 64);
  const dynamic = (list: readonly Mixed[]): Value[] => list.filter((m): m is Value => typeof m !== 'number');
  return {
    offsets: dynamic(offsets),
    sizes: dynamic(sizes),
    strides: dynamic(strides),
    static_offsets: DenseArrayAttr.get(ctx, i64, offsets.map(staticOf)),
    static_sizes: DenseArrayAttr.get(ctx, i64, sizes.map(staticOf)),
    static_strides: DenseArrayAttr.get(ctx, i64, strides.map(staticOf)),
  };
}
