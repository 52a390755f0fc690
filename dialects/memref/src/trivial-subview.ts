// The canonicalization of a subview that selects all of its source (MLIR's TrivialSubViewOpFolder): offsets 0,
// strides 1 and the source's static sizes, without dropping dimensions. It becomes its source, through a
// memref.cast when the result type differs (only by layout).
import { staticIndices, type MemRefType } from '@tlir/ir';
import { definePattern } from '@tlir/rewrite';
import { CastOp } from './cast-op.js';
import { SubViewOp, constantOf, mixedValues } from './subview-op.js';

export const TrivialSubViewOpFolder = definePattern(
  SubViewOp,
  (s, rewriter) => {
    const source = s.source.type as MemRefType;
    const result = s.result.type as MemRefType;
    const trivial =
      source.shape.length === result.shape.length &&
      mixedValues(staticIndices(s.static_offsets), s.offsets).every((o) => constantOf(o) === 0) &&
      mixedValues(staticIndices(s.static_strides), s.strides).every((o) => constantOf(o) === 1) &&
      mixedValues(staticIndices(s.static_sizes), s.sizes).every((o, i) => constantOf(o) === source.shape[i]);
    if (!trivial) return rewriter.notifyMatchFailure(s.op, 'the subview is not the whole source');
    if (source === result) rewriter.replaceOp(s.op, [s.source]);
    else rewriter.replaceOp(s.op, [CastOp.create(rewriter, { source: s.source, dest: result, loc: s.op.loc }).dest]);
    return true;
  },
  { debugName: 'TrivialSubViewOpFolder' },
);
