// The canonicalizations of memref.reinterpret_cast and memref.extract_strided_metadata that MLIR 22 has:
// - the sizes, strides and offset extract_strided_metadata returns are constants where the source type knows them
//   (MLIR's ExtractStridedMetadataOp::fold);
// - a reinterpret_cast of the base buffer extract_strided_metadata returns rebuilds the same memref when its offset,
//   sizes and strides are those of the source: it is the source, or a memref.cast of it to the new type; otherwise
//   it reads the source directly, since a reinterpret_cast only uses its operand's base
//   (MLIR's ReinterpretCastOpExtractStridedMetadataFolder);
// - constant offsets, sizes and strides move into the static lists, the result type is made from them, and a
//   memref.cast back to the old type follows (MLIR's OpWithOffsetSizesAndStridesConstantArgumentFolder with
//   ReinterpretCastReturnTypeCanonicalizer).
import { ConstantOp } from '@tlir/dialect-arith';
import { DYNAMIC, IndexType, IntegerAttr, MemRefType, StridedLayoutAttr, staticIndices, type Value } from '@tlir/ir';
import { definePattern } from '@tlir/rewrite';
import { foldConstantViewOperands, staticOf, viewOperandsOf, type Mixed } from './constant-view-operands.js';
import { CastOp } from './cast-op.js';
import { ExtractStridedMetadataOp } from './extract-strided-metadata-op.js';
import { ReinterpretCastOp } from './reinterpret-cast-op.js';
import { stridesAndOffset } from './static-indices.js';
import { constantOf, mixedValues } from './subview-op.js';


/** A value as a number when it is a constant, else the value itself (MLIR's constified OpFoldResult). */
function constified(m: Mixed): Mixed {
  if (typeof m === 'number') return m;
  return constantOf(m) ?? m;
}

/** The offset, sizes and strides extract_strided_metadata gives: the static ones from the type, else its results. */
function metadataOf(op: ReturnType<typeof ExtractStridedMetadataOp.wrap>): { offset: Mixed; sizes: Mixed[]; strides: Mixed[] } {
  const type = op.op.getOperand(0).type as MemRefType;
  const layout = stridesAndOffset(type);
  const results = op.op.results;
  const rank = type.shape.length;
  const pick = (n: number, v: Value): Mixed => (n === DYNAMIC || n < 0 ? constified(v) : n);
  return {
    offset: pick(layout.offset, results[1]!),
    sizes: type.shape.map((d, i) => pick(d, results[2 + i]!)),
    strides: layout.strides.map((s, i) => pick(s, results[2 + rank + i]!)),
  };
}

export const ExtractStridedMetadataConstants = definePattern(
  ExtractStridedMetadataOp,
  (e, rewriter) => {
    const op = e.op;
    const type = op.getOperand(0).type as MemRefType;
    const layout = stridesAndOffset(type);
    const known: (number | undefined)[] = [layout.offset, ...type.shape, ...layout.strides].map((n) => (n === DYNAMIC || n < 0 ? undefined : n));
    const ctx = rewriter.context;
    const index = IndexType.get(ctx);
    let changed = false;
    known.forEach((n, i) => {
      const result = op.results[1 + i]!;
      if (n === undefined || !result.hasUses) return;
      const c = ConstantOp.create(rewriter, { value: IntegerAttr.get(ctx, index, BigInt(n)), result: index, loc: op.loc }).result;
      rewriter.replaceAllUsesWith(result, c);
      changed = true;
    });
    if (!changed) return rewriter.notifyMatchFailure(op, 'no used result is known from the type');
    return true;
  },
  { debugName: 'ExtractStridedMetadataOp::fold' },
);

export const ReinterpretCastOfMetadata = definePattern(
  ReinterpretCastOp,
  (r, rewriter) => {
    const op = r.op;
    const def = r.source.definingOp;
    if (!def || !ExtractStridedMetadataOp.is(def)) return rewriter.notifyMatchFailure(op, 'the source is not made by extract_strided_metadata');
    const source = def.getOperand(0);
    const meta = metadataOf(ExtractStridedMetadataOp.wrap(def));
    const type = r.result.type as MemRefType;
    const layout = stridesAndOffset(type);
    const fromType = (n: number, m: Mixed): Mixed => (n === DYNAMIC || n < 0 ? constified(m) : n);
    const offsets = mixedValues(staticIndices(r.static_offsets), r.offsets);
    const sizes = mixedValues(staticIndices(r.static_sizes), r.sizes).map((m, i) => fromType(type.shape[i]!, m));
    const strides = mixedValues(staticIndices(r.static_strides), r.strides).map((m, i) => fromType(layout.strides[i]!, m));
    const offset = fromType(layout.offset, offsets[0]!);
    const same = (a: readonly Mixed[], b: readonly Mixed[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
    if (same(meta.strides, strides) && same(meta.sizes, sizes) && meta.offset === offset) {
      rewriter.replaceOp(op, [source.type === type ? source : CastOp.create(rewriter, { source, dest: type, loc: op.loc }).dest]);
      return true;
    }
    rewriter.modifyOpInPlace(op, () => op.setOperand(0, source));
    return true;
  },
  { debugName: 'ReinterpretCastOpExtractStridedMetadataFolder' },
);

export const ReinterpretCastConstantOperands = definePattern(
  ReinterpretCastOp,
  (r, rewriter) => {
    const folded = foldConstantViewOperands(r);
    if (!folded) return rewriter.notifyMatchFailure(r.op, 'no constant operand to fold');
    const { offsets, sizes, strides } = folded;
    const ctx = rewriter.context;
    const old = r.result.type as MemRefType;
    const type = MemRefType.get(ctx, sizes.map(staticOf), old.elementType, StridedLayoutAttr.get(ctx, strides.map(staticOf), staticOf(offsets[0]!)), old.memorySpace);
    const made = ReinterpretCastOp.create(rewriter, {
      source: r.source,
      ...viewOperandsOf(ctx, offsets, sizes, strides),
      result: type,
      attributes: r.op.attributes,
      loc: r.op.loc,
    }).result;
    rewriter.replaceOp(r.op, [type === old ? made : CastOp.create(rewriter, { source: made, dest: old, loc: r.op.loc }).dest]);
    return true;
  },
  { debugName: 'OpWithOffsetSizesAndStridesConstantArgumentFolder<ReinterpretCastOp>' },
);
