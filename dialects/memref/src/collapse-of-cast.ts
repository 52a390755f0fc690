// The canonicalization of memref.collapse_shape of a memref.cast that only forgets static information (MLIR's
// CollapseShapeOpMemRefCastFolder): the collapse reads the cast's source, with a cast back to the old result type
// when the collapsed type of that source differs.
import type { ArrayAttr, MemRefType } from '@tlir/ir';
import { definePattern } from '@tlir/rewrite';
import { CastOp, canFoldCastIntoConsumer } from './cast-op.js';
import { reassociationIndices } from './memref-constraints.js';
import { CollapseShapeOp, collapsedType } from './reshape-ops.js';

export const CollapseShapeOfCast = definePattern(
  CollapseShapeOp,
  (c, rewriter) => {
    const cast = c.src.definingOp;
    if (!cast || !canFoldCastIntoConsumer(cast)) return rewriter.notifyMatchFailure(c.op, 'the source is not a foldable memref.cast');
    const source = cast.getOperand(0);
    const type = collapsedType(rewriter.context, source.type as MemRefType, reassociationIndices(c.reassociation as ArrayAttr));
    if (!type) return rewriter.notifyMatchFailure(c.op, 'the cast source does not collapse');
    if (type === c.result.type) {
      rewriter.modifyOpInPlace(c.op, () => c.op.setOperand(0, source));
      return true;
    }
    const made = CollapseShapeOp.create(rewriter, { src: source, reassociation: c.reassociation, result: type, loc: c.op.loc });
    rewriter.replaceOp(c.op, [CastOp.create(rewriter, { source: made.result, dest: c.result.type, loc: c.op.loc }).dest]);
    return true;
  },
  { debugName: 'CollapseShapeOpMemRefCastFolder' },
);
