// What the canonicalization patterns of the scf ops share: inlining a single-block region in place of its op, and
// telling whether a value is defined outside an op.
import type { Operation, Region, Value } from '@tlir/ir';
import type { PatternRewriter } from '@tlir/rewrite';

/**
 * Replaces `op` by the body of `region`, a single block ending in a terminator (MLIR's replaceOpWithRegion): the
 * block's ops move before `op`, its arguments replaced by `args`; `op`'s results are replaced by the terminator's
 * operands, and the terminator is erased.
 */
export function replaceOpWithRegion(rewriter: PatternRewriter, op: Operation, region: Region, args: readonly Value[] = []): void {
  const block = region.firstBlock!;
  const terminator = block.lastOp!;
  rewriter.inlineBlockBefore(block, op.parentBlock!, op, args);
  // Read after inlining: the arguments the terminator yielded are replaced by now.
  rewriter.replaceOp(op, terminator.operands);
  rewriter.eraseOp(terminator);
}

/** Whether `value` is defined outside `op` (neither by an op nested in it nor as an argument of one of its blocks). */
export function isDefinedOutside(value: Value, op: Operation): boolean {
  const owner = value.parentBlock?.parentOp;
  return !owner || !op.isAncestor(owner);
}

