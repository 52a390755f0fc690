import { LoopLikeOpInterface, Terminator, getLoopRegions, type Operation, type Region, type Value } from '@tlir/ir';
import { definePass } from '@tlir/pass';
import { isMemoryEffectFree, isSpeculatable } from '@tlir/rewrite';

/** Whether `op` (and what is nested in it) only uses values for which `definedOutside` holds, or its own. */
function canBeHoisted(op: Operation, definedOutside: (v: Value) => boolean): boolean {
  if (op.hasTrait(Terminator)) return false;
  return (
    op.walk((child) => {
      for (const v of child.operandValues) {
        const owner = v.parentBlock?.parentOp;
        // Values defined in a region nested in `op` move with it.
        if (owner && op.isAncestor(owner)) continue;
        if (!definedOutside(v)) return 'interrupt';
      }
      return undefined;
    }) !== 'interrupt'
  );
}

/**
 * Hoists the loop-invariant ops out of the bodies of `loop` (MLIR's moveLoopInvariantCode): ops without memory
 * effects that may be speculated and whose operands are all defined outside the loop body move right before
 * the loop; their users are then reconsidered. Returns the number of ops moved.
 */
export function moveLoopInvariantCode(loop: Operation): number {
  let moved = 0;
  for (const region of getLoopRegions(loop)) {
    const definedOutside = (v: Value): boolean => !isInRegion(v, region);
    const queue: Operation[] = [];
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) for (let o = b.firstOp; o !== null; o = o.nextOperation) queue.push(o);
    for (let i = 0; i < queue.length; i++) {
      const op = queue[i]!;
      if (op.parentRegion !== region) continue; // already moved
      if (!canBeHoisted(op, definedOutside) || !isMemoryEffectFree(op) || !isSpeculatable(op)) continue;
      op.moveBefore(loop);
      moved++;
      for (const r of op.results) for (const user of r.users()) if (user.parentRegion === region) queue.push(user);
    }
  }
  return moved;
}

/** Whether `v` is defined in `region` (an argument of one of its blocks, or a result of an op in it). */
function isInRegion(v: Value, region: Region): boolean {
  for (let r = v.parentBlock?.parentRegion ?? null; r !== null; r = r.parentOp?.parentRegion ?? null) if (r === region) return true;
  return false;
}

export const LICMPass = definePass({
  argument: 'loop-invariant-code-motion',
  name: 'LoopInvariantCodeMotion',
  summary: 'Hoist loop invariant instructions outside of the loop',
  description:
    'For each loop (an op implementing LoopLikeOpInterface), innermost first, moves the ops of its body that have no ' +
    'memory effects, may be speculated, and only use values defined outside the loop to right before the loop.',
  statistics: { 'num-moved': 'Number of operations hoisted' },
  run(op, pass) {
    let moved = 0;
    op.walk((loop) => {
      if (LoopLikeOpInterface.get(loop) !== undefined) moved += moveLoopInvariantCode(loop);
    });
    pass.statistics['num-moved'].value += moved;
    if (!moved) pass.markAllAnalysesPreserved();
  },
});
