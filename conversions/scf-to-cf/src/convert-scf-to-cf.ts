// convert-scf-to-cf: every structured control-flow op under an op lowered to blocks and branches, as MLIR's pass of
// the same name does it. scf.forall becomes scf.parallel, scf.parallel a nest of scf.for (outermost ops first, so
// that each sees its single-block body); then scf.for, scf.while, scf.if, scf.index_switch and scf.execute_region are
// lowered innermost first. Each lowering moves regions between the block the op was in and the ops after it, so the
// blocks come out in the order MLIR's conversion gives them, whatever the order of lowering.
import { ExecuteRegionOp, ForallOp, ForOp, IfOp, IndexSwitchOp, ParallelOp, WhileOp } from '@tlir/dialect-scf';
import type { Operation } from '@tlir/ir';
import { PatternRewriter } from '@tlir/rewrite';
import { lowerExecuteRegion, lowerIf, lowerIndexSwitch } from './lower-branches.js';
import { lowerFor, lowerWhile } from './lower-loops.js';
import { forallToParallel, parallelToFor } from './parallel-to-for.js';

/** The ops under `root` that `keep` selects, parents before children (`'pre'`) or children first (`'post'`). */
function collect(root: Operation, keep: (op: Operation) => boolean, order: 'pre' | 'post'): Operation[] {
  const ops: Operation[] = [];
  root.walk((op) => {
    if (op !== root && keep(op)) ops.push(op);
    return undefined;
  }, order);
  return ops;
}

/** Lowers the structured control flow under `root` (not `root` itself); false after an error at an op. */
export function convertScfToCf(root: Operation): boolean {
  const rewriter = new PatternRewriter(root.context);
  let ok = true;
  for (const op of collect(root, (o) => ForallOp.is(o), 'pre')) {
    if (!forallToParallel(ForallOp.wrap(op), rewriter)) ok = false;
  }
  for (const op of collect(root, (o) => ParallelOp.is(o), 'pre')) parallelToFor(ParallelOp.wrap(op), rewriter);
  const structured = (o: Operation): boolean => ForOp.is(o) || WhileOp.is(o) || IfOp.is(o) || IndexSwitchOp.is(o) || ExecuteRegionOp.is(o);
  for (const op of collect(root, structured, 'post')) {
    if (ForOp.is(op)) lowerFor(ForOp.wrap(op), rewriter);
    else if (WhileOp.is(op)) lowerWhile(WhileOp.wrap(op), rewriter);
    else if (IfOp.is(op)) lowerIf(IfOp.wrap(op), rewriter);
    else if (IndexSwitchOp.is(op)) lowerIndexSwitch(IndexSwitchOp.wrap(op), rewriter);
    else lowerExecuteRegion(ExecuteRegionOp.wrap(op), rewriter);
  }
  return ok;
}
