import { defineTrait, type Operation } from '@tlir/ir';
import { COLLECTIVE_IN_SPMD } from './region-rules.js';

/** Whether `op` is inside an spmd region: nested, at any depth, in a tl.foreach (spec: Execution model). */
export function isInSpmdRegion(op: Operation): boolean {
  for (let p = op.parentOp; p; p = p.parentOp) if (p.name === 'tl.foreach') return true;
  return false;
}

/** A collective instruction (spec: Execution model): executed by the whole work-group, never in an spmd region. */
export const Collective = defineTrait('tl.Collective', {
  verify(op) {
    if (!isInSpmdRegion(op)) return true;
    op.emitOpError(COLLECTIVE_IN_SPMD);
    return false;
  },
});
