// The canonicalization of memref.dim of a memref.reshape (MLIR's DimOfMemRefReshape): the size is the shape
// operand's element at that index, loaded right after the reshape (so a later store to the shape is not seen).
import { IndexCastOp } from '@tlir/dialect-arith';
import { IndexType, type Region } from '@tlir/ir';
import { definePattern } from '@tlir/rewrite';
import { DimOp } from './dim-op.js';
import { LoadOp } from './load-op.js';
import { ReshapeOp } from './memref-reshape-op.js';

/** Whether region `a` strictly encloses region `b`. */
function isProperAncestor(a: Region, b: Region): boolean {
  for (let r = b.parentOp?.parentRegion ?? null; r !== null; r = r.parentOp?.parentRegion ?? null) if (r === a) return true;
  return false;
}

export const DimOfMemRefReshape = definePattern(
  DimOp,
  (d, rewriter) => {
    const reshape = d.source.definingOp;
    if (!reshape || !ReshapeOp.is(reshape)) return rewriter.notifyMatchFailure(d.op, 'the memref is not made by memref.reshape');
    // The index must dominate the reshape; as MLIR, this is checked cheaply rather than with dominance info.
    const index = d.index;
    const indexBlock = index.parentBlock;
    if (indexBlock === reshape.parentBlock) {
      const def = index.definingOp;
      if (def && reshape.isBeforeInBlock(def)) return rewriter.notifyMatchFailure(d.op, 'the index is defined after the reshape');
    } else if (d.op.parentBlock !== reshape.parentBlock) {
      const indexRegion = indexBlock?.parentRegion;
      const reshapeRegion = reshape.parentBlock?.parentRegion;
      if (!indexRegion || !reshapeRegion || !isProperAncestor(indexRegion, reshapeRegion)) {
        return rewriter.notifyMatchFailure(d.op, 'the index does not dominate the reshape');
      }
    }
    rewriter.setInsertionPointAfter(reshape);
    const shape = ReshapeOp.wrap(reshape).shape;
    const loc = d.op.loc;
    let size = LoadOp.create(rewriter, { memref: shape, indices: [index], loc }).result;
    const ctx = rewriter.context;
    if (!(size.type instanceof IndexType)) size = IndexCastOp.create(rewriter, { in: size, out: IndexType.get(ctx), loc }).out;
    rewriter.replaceOp(d.op, [size]);
    return true;
  },
  { debugName: 'DimOfMemRefReshape' },
);
