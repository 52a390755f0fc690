// Steps that one work-item runs alone: `scf.if` of the first work-item (every thread id 0, as gpu-map-work-items
// guards the work-group's stores). Two such steps under the same condition are the same work-item in program
// order, so they need no barrier between them.
import type { Size3 } from '@tlir/dialect-flow';
import type { Operation, Value } from '@tlir/ir';
import { dimensionIndex, ThreadIdOp } from '@tlir/dialect-gpu';
import { constantIndex } from './trip-count-bound.js';
import { AndIOp, CmpIOp, ConstantOp as ArithConstantOp } from '@tlir/dialect-arith';
import { IfOp } from '@tlir/dialect-scf';

/** The dimensions (bits) a condition requires the thread id of to be 0: `t == 0`, and `and`s of those. */
function zeroIdDims(cond: Value, depth = 0): number | undefined {
  const def = cond.definingOp;
  if (!def || depth > 6) return undefined;
  if (AndIOp.is(def)) {
    const [a, b] = def.operands.map((o) => zeroIdDims(o, depth + 1));
    return a === undefined || b === undefined ? undefined : a | b;
  }
  if (ArithConstantOp.is(def)) return constantIndex(cond) === 1 || String(ArithConstantOp.wrap(def).value) === 'true' ? 0 : undefined;
  if (!CmpIOp.is(def) || Number(CmpIOp.wrap(def).predicate.value) !== 0) return undefined;
  const [x, y] = def.operands as [Value, Value];
  const id = constantIndex(y) === 0 ? x : constantIndex(x) === 0 ? y : undefined;
  const idOp = id?.definingOp;
  if (!idOp || !ThreadIdOp.is(idOp)) return undefined;
  const d = dimensionIndex(ThreadIdOp.wrap(idOp).dimension);
  return d < 0 ? undefined : 1 << d;
}

/** The condition of `step` when it is an scf.if that only the first work-item of the work-group enters. */
export function singleWorkItemCondition(step: Operation, size: Size3): Value | undefined {
  if (!IfOp.is(step)) return undefined;
  const cond = step.operands[0]!;
  const dims = zeroIdDims(cond);
  if (dims === undefined) return undefined;
  const needed = size.reduce((m, s, d) => (s > 1 ? m | (1 << d) : m), 0);
  return (dims & needed) === needed ? cond : undefined;
}
