import { defineTrait } from '@tlir/ir';
import { isInSpmdRegion } from './control-flow-ops.js';
import { COLLECTIVE_IN_SPMD } from './region-rules.js';

/** A collective instruction (spec: Execution model): executed by the whole work-group, never in an spmd region. */
export const Collective = defineTrait('tl.Collective', {
  verify(op) {
    if (!isInSpmdRegion(op)) return true;
    op.emitOpError(COLLECTIVE_IN_SPMD);
    return false;
  },
});
