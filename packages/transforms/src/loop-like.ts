import { defineTrait, type Operation, type Region, type Value } from '@tlir/ir';

/**
 * The op is a loop (MLIR's LoopLikeOpInterface, in its simplest form): each of its regions is a loop body that
 * may run any number of times, and ops hoisted out of it go right before it. Loop-invariant code motion moves
 * the side-effect-free ops of such bodies that only use values defined outside the loop.
 */
export const LoopLike = defineTrait('LoopLike');

/** The regions of a loop that form its body (every region of a `LoopLike` op). */
export function getLoopRegions(loop: Operation): readonly Region[] {
  return loop.regions;
}

/** Whether `value` is defined outside `loop` (so it is the same on every iteration). */
export function isDefinedOutsideOfLoop(loop: Operation, value: Value): boolean {
  const block = value.parentBlock;
  const owner = block?.parentOp;
  return !owner || !loop.isAncestor(owner);
}
