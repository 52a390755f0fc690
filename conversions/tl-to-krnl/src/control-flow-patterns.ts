// for to scf.for, if to scf.if, yield to scf.yield, foreach to a krnl.iterate whose loops are spread over the
// work-items. The regions move as they are; their ops are converted after them.
import { buildIterate } from '@tlir/dialect-krnl';
import { IndexType, type Block } from '@tlir/ir';
import { defineConversionPattern, type ConversionPatternRewriter, type OpConversionPattern } from '@tlir/rewrite';
import { castScalar, constantScalar, scalarConstant } from './arith-semantics.js';
import { loweredWorkGroupSize } from './function-pattern.js';
import { defineLoops, linearDimensions, markParallelLoops, spreadOverWorkItems } from './work-item-loops.js';
import { ForeachOp, ForOp as TlForOp, IfOp as TlIfOp, YieldOp as TlYieldOp } from '@tlir/dialect-tl';
import { ForOp as ScfForOp, IfOp as ScfIfOp, YieldOp as ScfYieldOp } from '@tlir/dialect-scf';

/** Ends `block` with an scf.yield unless it ends with a tl.yield (which becomes one). */
function endWithYield(rewriter: ConversionPatternRewriter, block: Block | null): void {
  if (!block || (block.lastOp && TlYieldOp.is(block.lastOp))) return;
  rewriter.setInsertionPointToEnd(block);
  ScfYieldOp.create(rewriter, {});
}

/** `tl.for %i = %a to %b step %s : T` -> `scf.for %i = %a to %b step %s : T` (step 1 when absent). */
const forLoop = defineConversionPattern(TlForOp, function lowerFor({ op }, { operands }, rewriter) {
  const [from, to] = operands as [typeof operands[0], typeof operands[0]];
  const step = operands[2] ?? scalarConstant(rewriter, from!.type, 1);
  const loop = ScfForOp.create(rewriter, { lowerBound: from!, upperBound: to!, step });
  rewriter.inlineRegionBefore(op.regions[0]!, loop.region, null);
  endWithYield(rewriter, loop.region.firstBlock);
  rewriter.eraseOp(op);
  return true;
});

/** `tl.if %c -> (T) {...} else {...}` -> `scf.if %c -> (T) {...} else {...}`. */
const ifElse = defineConversionPattern(TlIfOp, function lowerIf({ op }, { operands: [condition] }, rewriter) {
  const branch = ScfIfOp.create(rewriter, { condition: condition!, results: op.resultTypes }).op;
  for (let r = 0; r < 2; r++) {
    if (op.regions[r]!.empty) continue;
    rewriter.inlineRegionBefore(op.regions[r]!, branch.regions[r]!, null);
    endWithYield(rewriter, branch.regions[r]!.firstBlock);
  }
  rewriter.replaceOp(op, branch.results);
  return true;
});

const yieldValues = defineConversionPattern(TlYieldOp, function lowerYield({ op }, { operands }, rewriter) {
  rewriter.replaceOp(op, ScfYieldOp.create(rewriter, { results: operands }).op);
  return true;
});

/**
 * `tl.foreach %i = %a to %b : T { body }` -> a krnl.iterate over [a, b) whose loop is spread over the work-items
 * (spec: Foreach, an spmd region): consecutive iterations go to consecutive work-items along x, then y, and every
 * work-item takes the iterations one work-group size further on in turn (a sequential loop of rounds).
 */
function foreachPattern(): OpConversionPattern {
  return defineConversionPattern(ForeachOp, function lowerForeach({ op }, { operands: [from, to] }, rewriter) {
    const size = loweredWorkGroupSize(op);
    if (!size) return rewriter.notifyMatchFailure(op, 'not inside a kernel');
    const index = IndexType.get(rewriter.context);
    const type = op.getOperand(0).type;
    const [a, b] = [constantScalar(from!), constantScalar(to!)];
    const lb = castScalar(rewriter, from!, index);
    const ub = castScalar(rewriter, to!, index);
    const extent = a !== undefined && b !== undefined ? Math.max(0, b - a) : undefined;
    const [loop] = defineLoops(rewriter, 1);
    const spread = spreadOverWorkItems(rewriter, loop!, extent, linearDimensions(size[0], size[1]), 1);
    markParallelLoops(rewriter, spread);
    const iterate = buildIterate(rewriter, { loops: [...spread.sequential, ...spread.parallel], bindings: [{ loop: loop!, lowerBound: lb, upperBound: ub }] });
    const body = iterate.op.regions[0]!.firstBlock!;
    const terminator = body.lastOp!;
    rewriter.setInsertionPoint(terminator);
    const iv = castScalar(rewriter, body.args[0]!, type);
    rewriter.inlineBlockBefore(op.regions[0]!.firstBlock!, body, terminator, [iv]);
    rewriter.eraseOp(op);
    return true;
  });
}

export function controlFlowPatterns(): OpConversionPattern[] {
  return [forLoop, ifElse, yieldValues, foreachPattern()];
}
