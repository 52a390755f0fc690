// memref.subview of a memref.cast that only forgets static information (MLIR's SubViewOpMemRefCastFolder): the
// subview reads the cast's source, its result type inferred again from that more static type (dropping the
// dimensions the old subview dropped), and a memref.cast back to the old result type follows. As in MLIR, a
// subview with a constant operand is left to the constant folder first.
import { staticIndices, type MemRefType } from '@tlir/ir';
import { definePattern } from '@tlir/rewrite';
import { CastOp, canFoldCastIntoConsumer } from './cast-op.js';
import { subviewDroppedDims } from './interpreter/subview-rank-reduction.js';
import { subviewResultType } from './subview-constants.js';
import { SubViewOp, constantOf } from './subview-op.js';

export const SubViewOfCast = definePattern(
  SubViewOp,
  (s, rewriter) => {
    const op = s.op;
    if (op.operands.some((v) => constantOf(v) !== undefined)) return rewriter.notifyMatchFailure(op, 'a constant operand is folded first');
    const cast = s.source.definingOp;
    if (!cast || !canFoldCastIntoConsumer(cast)) return rewriter.notifyMatchFailure(op, 'the source is not a memref.cast that only forgets static information');
    const source = cast.getOperand(0);
    const type = subviewResultType(
      rewriter.context,
      source.type as MemRefType,
      staticIndices(s.static_offsets),
      staticIndices(s.static_sizes),
      staticIndices(s.static_strides),
      subviewDroppedDims(op),
    );
    const made = SubViewOp.create(rewriter, {
      source,
      offsets: s.offsets,
      sizes: s.sizes,
      strides: s.strides,
      static_offsets: s.static_offsets,
      static_sizes: s.static_sizes,
      static_strides: s.static_strides,
      result: type,
      loc: op.loc,
    }).result;
    rewriter.replaceOp(op, [CastOp.create(rewriter, { source: made, dest: s.result.type, loc: op.loc }).dest]);
    return true;
  },
  { debugName: 'SubViewOpMemRefCastFolder' },
);
