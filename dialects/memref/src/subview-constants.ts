// The canonicalization of memref.subview operands that are constants (MLIR's
// OpWithOffsetSizesAndStridesConstantArgumentFolder with SubViewReturnTypeCanonicalizer): non-negative constant
// offsets and sizes and non-zero constant strides move into the static lists, the result type is inferred again
// (keeping the dimensions the old subview dropped dropped), and a memref.cast back to the old type follows when
// the type changed. A subview the folded values would prove out of bounds is left alone.
import { DYNAMIC, MemRefType, StridedLayoutAttr, type Context } from '@tlir/ir';
import { definePattern } from '@tlir/rewrite';
import { foldConstantViewOperands, staticOf, viewOperandsOf, type Mixed } from './constant-view-operands.js';
import { CastOp } from './cast-op.js';
import { subviewDroppedDims } from './interpreter/subview-rank-reduction.js';
import { satAdd, satMul, stridesAndOffset } from './static-indices.js';
import { SubViewOp } from './subview-op.js';

/** MLIR's verifyInBoundsSlice on static values: an offset or last position outside a static source size. */
function outOfBounds(shape: readonly number[], offsets: readonly Mixed[], sizes: readonly Mixed[], strides: readonly Mixed[]): boolean {
  for (let i = 0; i < shape.length; i++) {
    const [dim, offset, size, stride] = [shape[i]!, offsets[i]!, sizes[i]!, strides[i]!];
    if (dim < 0 || typeof offset !== 'number') continue;
    if (offset >= dim) return true;
    if (typeof size !== 'number' || typeof stride !== 'number') continue;
    if (size > 0 && offset + (size - 1) * stride >= dim) return true;
  }
  return false;
}

/**
 * The type of a memref.subview of `source` with these static offsets, sizes and strides (DYNAMIC where an operand
 * gives one), without the dimensions `dropped` marks (MLIR's SubViewOp::inferResultType, then the rank reduction).
 */
export function subviewResultType(ctx: Context, source: MemRefType, offsets: readonly number[], sizes: readonly number[], strides: readonly number[], dropped: readonly boolean[]): MemRefType {
  const layout = stridesAndOffset(source);
  let offset = layout.offset;
  offsets.forEach((o, i) => (offset = satAdd(offset, satMul(o, layout.strides[i]!))));
  const shape: number[] = [];
  const resultStrides: number[] = [];
  sizes.forEach((size, i) => {
    if (dropped[i]) return;
    shape.push(size);
    resultStrides.push(satMul(layout.strides[i]!, strides[i]!));
  });
  return MemRefType.get(ctx, shape, source.elementType, StridedLayoutAttr.get(ctx, resultStrides, offset), source.memorySpace);
}

export const SubViewConstantOperands = definePattern(
  SubViewOp,
  (s, rewriter) => {
    const folded = foldConstantViewOperands(s);
    if (!folded) return rewriter.notifyMatchFailure(s.op, 'no constant operand to fold');
    const { offsets, sizes, strides } = folded;
    const source = s.source.type as MemRefType;
    if (outOfBounds(source.shape, offsets, sizes, strides)) return rewriter.notifyMatchFailure(s.op, 'the folded subview would be out of bounds');
    const ctx = rewriter.context;
    const type = subviewResultType(ctx, source, offsets.map(staticOf), sizes.map(staticOf), strides.map(staticOf), subviewDroppedDims(s.op));
    const made = SubViewOp.create(rewriter, {
      source: s.source,
      ...viewOperandsOf(ctx, offsets, sizes, strides),
      result: type,
      loc: s.op.loc,
    }).result;
    const old = s.result.type;
    rewriter.replaceOp(s.op, [type === old ? made : CastOp.create(rewriter, { source: made, dest: old, loc: s.op.loc }).dest]);
    return true;
  },
  { debugName: 'OpWithOffsetSizesAndStridesConstantArgumentFolder<SubViewOp>' },
);
