// What the canonicalization patterns of the scf ops (and convert-scf-to-cf) share: inlining a region in place of its
// op, as one block or as blocks and branches, and telling whether a value is defined outside an op.
import { BranchOp } from '@tlir/dialect-cf';
import type { Location, Operation, Region, Value } from '@tlir/ir';
import type { PatternRewriter } from '@tlir/rewrite';
import { YieldOp } from './yield-op.js';

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

/**
 * Replaces `op` (whose one region may hold several blocks, in a region that may too) by its region's blocks: the
 * block around `op` is split at it, a `cf.br` enters the region's entry block, each `scf.yield` becomes a `cf.br`
 * to the rest of the block (at `loc`, or at the yield's location), and `op`'s results become that block's arguments.
 * MLIR's MultiBlockExecuteInliner and ExecuteRegionLowering.
 */
export function inlineRegionWithBranches(rewriter: PatternRewriter, op: Operation, loc?: Location): void {
  const region = op.regions[0]!;
  const before = op.parentBlock!;
  const after = rewriter.splitBlock(before, op);
  rewriter.setInsertionPointToEnd(before);
  BranchOp.create(rewriter, { dest: region.firstBlock!, destOperands: [], loc: op.loc });
  for (let block = region.firstBlock; block !== null; block = block.nextBlock) {
    const last = block.lastOp;
    if (last === null || !YieldOp.is(last)) continue;
    rewriter.setInsertionPoint(last);
    BranchOp.create(rewriter, { dest: after, destOperands: [...last.operands], loc: loc ?? last.loc });
    rewriter.eraseOp(last);
  }
  rewriter.inlineRegionBefore(region, after.parentRegion!, after);
  rewriter.replaceOp(
    op,
    op.results.map((r) => after.addArgument(r.type, op.loc)),
  );
}

/** Whether `value` is defined outside `op` (neither by an op nested in it nor as an argument of one of its blocks). */
export function isDefinedOutside(value: Value, op: Operation): boolean {
  const owner = value.parentBlock?.parentOp;
  return !owner || !op.isAncestor(owner);
}

