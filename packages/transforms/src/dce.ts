import { definePass } from '@tlir/pass';
import { eraseUnreachableBlocks, isOpTriviallyDead, PatternRewriter } from '@tlir/rewrite';
import type { Operation } from '@tlir/ir';

/**
 * Erases the ops nested in `root` whose results are unused and that have no effects that matter (MLIR's
 * trivially dead ops), including ops that only become dead once their users are gone, and the blocks that
 * cannot be reached. Returns the number of ops erased (ops in unreachable blocks included) and whether the IR
 * changed.
 */
export function eraseDeadCode(root: Operation): { erased: number; changed: boolean } {
  const rewriter = new PatternRewriter(root.context);
  let erased = 0;
  const worklist: Operation[] = [];
  const queued = new Set<Operation>();
  const consider = (op: Operation): void => {
    if (!queued.has(op) && isOpTriviallyDead(op)) {
      queued.add(op);
      worklist.push(op);
    }
  };
  // Post-order, so users are seen before what they use; erasing an op may make its operands' definitions dead.
  root.walk((op) => {
    if (op !== root) consider(op);
  });
  while (worklist.length) {
    const op = worklist.pop()!;
    if (op.isErased || !isOpTriviallyDead(op)) continue;
    const defs = op.operands.map((v) => v.definingOp);
    op.walk(() => void erased++);
    rewriter.eraseOp(op);
    for (const d of defs) if (d && !d.isErased) consider(d);
  }
  let blocksErased = false;
  rewriter.listener = { onOperationErased: () => void erased++, onBlockErased: () => void (blocksErased = true) };
  eraseUnreachableBlocks(rewriter, root.regions);
  return { erased, changed: erased > 0 || blocksErased };
}

export const DCEPass = definePass({
  argument: 'dce',
  name: 'DCE',
  summary: 'Eliminate dead code',
  description:
    'Erases ops whose results are unused and whose effects allow it (no effects, reads, allocations), ' +
    'transitively, and blocks that cannot be reached from their region entry.',
  statistics: { 'num-dce': 'Number of operations erased' },
  run(op, pass) {
    const { erased, changed } = eraseDeadCode(op);
    pass.statistics['num-dce'].value += erased;
    if (!changed) pass.markAllAnalysesPreserved();
  },
});
