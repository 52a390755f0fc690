// The number of iterations of a loop with constant bounds (MLIR's constantTripCount), computed exactly: the bounds
// and the step are read at their type's width as signed integers (unsigned for `scf.for unsigned`), and the
// difference of the bounds is taken on unbounded integers, so a range wider than the type (from -100 to 100 in i8)
// is counted as it runs, never wrapped.
import { IndexType, IntegerAttr, IntegerType, type Type, type Value } from '@tlir/ir';
import { getConstantValue } from '@tlir/rewrite';

/** The bit width integers of `type` have (index: 64, the width MLIR folds index constants at). */
function widthOf(type: Type): number | undefined {
  if (type instanceof IndexType) return 64;
  if (type instanceof IntegerType) return type.width;
  return undefined;
}

/**
 * The integer a constant-like op gives `value`, read at the width of its type as a signed (or, with `unsigned`,
 * unsigned) integer; undefined when `value` is not such a constant.
 */
export function constantIntValue(value: Value, unsigned = false): bigint | undefined {
  const attr = getConstantValue(value);
  if (!(attr instanceof IntegerAttr)) return undefined;
  const width = widthOf(value.type);
  if (width === undefined) return undefined;
  return unsigned ? BigInt.asUintN(width, attr.value) : BigInt.asIntN(width, attr.value);
}

/**
 * How many times a loop from `lb` (inclusive) to `ub` (exclusive) by `step` runs its body, when that is known
 * from constants; undefined otherwise.
 *
 * - The same value as both bounds: 0.
 * - Constant bounds with `ub <= lb` (compared signed, or unsigned with `unsigned`): 0, whatever the step.
 * - Constant bounds and a constant step: `ceil((ub - lb) / step)`, the difference taken without wrapping.
 *
 * A constant step that is not positive makes no count at all (undefined): such a loop is invalid (MLIR requires a
 * positive step, the interpreter reports it), and is left as it is rather than folded away. MLIR 22 differs on
 * purpose in three places: it counts a zero or negative step, or an unsigned step whose top bit is set, as 0
 * iterations, and it takes `ub - lb` at the type's width, so a difference that wraps (i8 from -100 to 100) reads
 * as negative and the loop as empty.
 */
export function constantTripCount(lb: Value, ub: Value, step: Value, unsigned = false): bigint | undefined {
  const s = constantIntValue(step, unsigned);
  if (s !== undefined && s <= 0n) return undefined;
  if (lb === ub) return 0n;
  const l = constantIntValue(lb, unsigned);
  const u = constantIntValue(ub, unsigned);
  if (l === undefined || u === undefined) return undefined;
  if (u <= l) return 0n;
  if (s === undefined) return undefined;
  return (u - l + s - 1n) / s;
}
