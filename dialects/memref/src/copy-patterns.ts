// The canonicalization patterns of memref.copy (MLIR's FoldSelfCopy and FoldEmptyCopy): a copy that cannot change
// anything is erased.
import { MemRefType, type Type } from '@tlir/ir';
import { definePattern } from '@tlir/rewrite';
import { CopyOp } from './copy-op.js';

/** A copy of a memref onto itself. */
export const FoldSelfCopy = definePattern(
  CopyOp,
  (c, rewriter) => {
    if (c.source !== c.target) return rewriter.notifyMatchFailure(c.op, 'source and target differ');
    rewriter.eraseOp(c.op);
    return true;
  },
  { debugName: 'FoldSelfCopy' },
);

/** A ranked memref with a static size 0 has no elements. */
function isEmptyMemRef(type: Type): boolean {
  return type instanceof MemRefType && type.shape.includes(0);
}

/** A copy from or to a memref without elements. */
export const FoldEmptyCopy = definePattern(
  CopyOp,
  (c, rewriter) => {
    if (!isEmptyMemRef(c.source.type) && !isEmptyMemRef(c.target.type)) return rewriter.notifyMatchFailure(c.op, 'neither memref is empty');
    rewriter.eraseOp(c.op);
    return true;
  },
  { debugName: 'FoldEmptyCopy' },
);
