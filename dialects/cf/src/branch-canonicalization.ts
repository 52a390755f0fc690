// The canonicalization of cf.br (MLIR's BranchOp::canonicalize).
import { definePattern } from '@tlir/rewrite';
import { BranchOp } from './branch-op.js';
import { collapseBranch } from './collapse-branch.js';

/**
 * MLIR's BranchOp::canonicalize, in its order:
 * - a branch to a block whose only predecessor is this branch: the block's ops move to the end of the branch's
 *   block (its arguments replaced by the branch's operands) and the branch goes (simplifyBrToBlockWithSinglePred);
 * - `cf.br ^bb1` where ^bb1 only branches on to ^bbN: a branch straight to ^bbN (simplifyPassThroughBr).
 */
export const SimplifyBranch = definePattern(
  BranchOp,
  (br, rewriter): boolean => {
    const op = br.op;
    const dest = br.dest;
    const block = op.parentBlock!;
    if (dest === block) return rewriter.notifyMatchFailure(op, 'a branch to its own block');
    const first = dest.firstPredecessorUse;
    if (first !== null && first.nextUse === null) {
      const operands = br.destOperands;
      rewriter.eraseOp(op);
      rewriter.mergeBlocks(dest, block, operands);
      return true;
    }
    const edge = collapseBranch({ dest, operands: br.destOperands });
    if (!edge) return rewriter.notifyMatchFailure(op, 'the destination has other predecessors and does not only branch on');
    rewriter.setInsertionPoint(op);
    const replacement = BranchOp.create(rewriter, { dest: edge.dest, destOperands: edge.operands, loc: op.loc });
    rewriter.replaceOp(op, replacement.op);
    return true;
  },
  { debugName: 'BranchOp::canonicalize' },
);
