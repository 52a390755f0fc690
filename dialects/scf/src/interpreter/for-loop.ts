// scf.for on runtime values: the induction variable runs from the lower bound (inclusive) to the upper bound
// (exclusive) by the step, compared as signed integers, or unsigned with `unsigned`.
import type { ViewOf } from '@tlir/ir';
import { fault, integerFormat, signedValue, unsignedValue, wrapInteger, type ExecutionContext, type RuntimeValue } from '@tlir/interpreter';
import type { ForOp } from '../for-op.js';

type Scalar = number | bigint;

/**
 * Runs an scf.for: the body once per value lb, lb + step, ... below ub, with the values carried from one
 * iteration to the next; returns the carried values after the last iteration (the inits when there is none).
 *
 * MLIR requires a positive step: a step of zero or less is a runtime error, even for a loop that would not run.
 * The induction variable is computed exactly, never wrapped: every value it takes is below the upper bound, so
 * it fits the type (a lowering that increments in the type and wraps past the largest value would loop forever
 * where MLIR's definition ends the loop).
 */
export function runForLoop(op: ViewOf<typeof ForOp>, [lb, ub, step, ...inits]: readonly RuntimeValue[], ctx: ExecutionContext): RuntimeValue[] {
  const type = op.lowerBound.type;
  const format = integerFormat(type) ?? fault(`internal: the bounds of scf.for are of type ${type}`);
  const read = op.unsignedCmp !== undefined ? unsignedValue : signedValue;
  const [from, to, by] = [read(format, lb as Scalar), read(format, ub as Scalar), read(format, step as Scalar)];
  if (by <= 0) fault(`the step of scf.for must be positive, got ${by}`);
  const body = op.region;
  let carried: readonly RuntimeValue[] = inits;
  if (typeof from === 'number' && typeof to === 'number' && typeof by === 'number') {
    // Numbers: index and integers of at most 32 bits read signed, whose sums stay exact (below 2^54).
    for (let i = from; i < to; i += by) carried = ctx.runRegion(body, [wrapInteger(format, i), ...carried]).values;
  } else {
    const [f, t, s] = [BigInt(from), BigInt(to), BigInt(by)];
    for (let i = f; i < t; i += s) carried = ctx.runRegion(body, [wrapInteger(format, i), ...carried]).values;
  }
  return [...carried];
}
