// scf.for and scf.while as blocks and branches (MLIR's ForLowering, WhileLowering and DoWhileLowering): the loop's
// regions are moved into the enclosing region, between the block the loop was in and the ops after it.
import { AddIOp, CmpIOp, CmpIPredicateAttr } from '@tlir/dialect-arith';
import { BranchOp, CondBranchOp } from '@tlir/dialect-cf';
import { ForOp, WhileOp, YieldOp, ConditionOp } from '@tlir/dialect-scf';
import { IntegerType, type Operation, type ViewOf } from '@tlir/ir';
import type { PatternRewriter } from '@tlir/rewrite';

/**
 * `scf.for`: a branch to a condition block (the body's entry block, with the induction variable and loop-carried
 * values as arguments) that compares the induction variable with the upper bound (`cmpi slt`, `ult` for an unsigned
 * loop) and branches to the body or past the loop; the body ends by stepping the induction variable and branching
 * back. The loop's results are the condition block's loop-carried arguments.
 */
export function lowerFor(loop: ViewOf<typeof ForOp>, rewriter: PatternRewriter): void {
  const op = loop.op;
  const loc = op.loc;
  const initBlock = op.parentBlock!;
  const region = initBlock.parentRegion!;
  const endBlock = rewriter.splitBlock(initBlock, op);
  const body = op.regions[0]!;
  const conditionBlock = body.firstBlock!;
  const firstBodyBlock = rewriter.splitBlock(conditionBlock, conditionBlock.firstOp);
  const lastBodyBlock = body.lastBlock!;
  rewriter.inlineRegionBefore(body, region, endBlock);
  const iv = conditionBlock.args[0]!;

  const terminator = lastBodyBlock.lastOp!;
  rewriter.setInsertionPointToEnd(lastBodyBlock);
  const stepped = AddIOp.create(rewriter, { lhs: iv, rhs: loop.step, result: iv.type, loc }).result;
  BranchOp.create(rewriter, { dest: conditionBlock, destOperands: [stepped, ...terminator.operands], loc });
  rewriter.eraseOp(terminator);

  rewriter.setInsertionPointToEnd(initBlock);
  BranchOp.create(rewriter, { dest: conditionBlock, destOperands: [loop.lowerBound, ...loop.initArgs], loc });

  rewriter.setInsertionPointToEnd(conditionBlock);
  const predicate = CmpIPredicateAttr.get(rewriter.context, loop.unsignedCmp !== undefined ? 'ult' : 'slt');
  const comparison = CmpIOp.create(rewriter, { predicate, lhs: iv, rhs: loop.upperBound, result: IntegerType.get(rewriter.context, 1), loc }).result;
  CondBranchOp.create(rewriter, { condition: comparison, trueDest: firstBodyBlock, trueDestOperands: [], falseDest: endBlock, falseDestOperands: [], loc });
  rewriter.replaceOp(op, conditionBlock.args.slice(1));
}

/**
 * Whether a while loop's "after" region only passes its arguments back (`^bb0(%a...): scf.yield %a...`): the loop
 * is then a do-while, lowered to one block that branches back to itself.
 */
function forwardsOnly(loop: Operation): boolean {
  const after = loop.regions[1]!;
  const block = after.firstBlock!;
  if (block !== after.lastBlock) return false;
  const yieldOp = block.firstOp;
  if (!yieldOp || yieldOp !== block.lastOp || !YieldOp.is(yieldOp)) return false;
  return yieldOp.numOperands === block.args.length && yieldOp.operands.every((v, i) => v === block.args[i]);
}

/**
 * `scf.while`: a branch to the "before" region's entry with the inits; its `scf.condition` becomes a conditional
 * branch to the "after" region (with the forwarded values) or past the loop, and the "after" region's `scf.yield`
 * a branch back. A do-while (the "after" region only forwards) keeps the "before" region alone, branching back to
 * itself. The loop's results are the values the condition forwards, which dominate the ops after the loop.
 */
export function lowerWhile(loop: ViewOf<typeof WhileOp>, rewriter: PatternRewriter): void {
  const op = loop.op;
  const loc = op.loc;
  const currentBlock = op.parentBlock!;
  const region = currentBlock.parentRegion!;
  const doWhile = forwardsOnly(op);
  const continuation = rewriter.splitBlock(currentBlock, op);
  const beforeRegion = op.regions[0]!;
  const afterRegion = op.regions[1]!;
  const before = beforeRegion.firstBlock!;
  const condition = beforeRegion.lastBlock!.lastOp!;
  const after = afterRegion.firstBlock!;
  const afterLast = afterRegion.lastBlock!;
  if (doWhile) {
    rewriter.inlineRegionBefore(beforeRegion, region, continuation);
  } else {
    rewriter.inlineRegionBefore(afterRegion, region, continuation);
    rewriter.inlineRegionBefore(beforeRegion, region, after);
  }
  rewriter.setInsertionPointToEnd(currentBlock);
  BranchOp.create(rewriter, { dest: before, destOperands: [...loop.inits], loc });

  const c = ConditionOp.wrap(condition);
  const forwarded = [...c.args];
  rewriter.setInsertionPoint(condition);
  CondBranchOp.create(rewriter, {
    condition: c.condition,
    trueDest: doWhile ? before : after,
    trueDestOperands: forwarded,
    falseDest: continuation,
    falseDestOperands: [],
    loc: condition.loc,
  });
  rewriter.eraseOp(condition);
  if (!doWhile) {
    const yieldOp = afterLast.lastOp!;
    rewriter.setInsertionPoint(yieldOp);
    BranchOp.create(rewriter, { dest: before, destOperands: [...yieldOp.operands], loc: yieldOp.loc });
    rewriter.eraseOp(yieldOp);
  }
  rewriter.replaceOp(op, forwarded);
}
