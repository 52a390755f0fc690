// krnl.getref, krnl.dim and krnl.shape as memref ops.
import { DYNAMIC, IndexType, MemRefType, staticIndicesAttr, type Operation, type Value } from '@tlir/ir';
import { IndexCastOp } from '@tlir/dialect-arith';
import { AllocOp, DimOp, ExtractStridedMetadataOp, ReinterpretCastOp, ViewOp } from '@tlir/dialect-memref';
import type { IndexBuilder } from './index-builder.js';
import { memrefSizes, storeElement } from './lower-memory-ops.js';

const asIndex = (ix: IndexBuilder, v: Value): Value =>
  v.type instanceof IndexType ? v : IndexCastOp.create(ix.b, { in: v, out: IndexType.get(ix.b.context), loc: ix.loc }).out;

/**
 * krnl.getref: from a one-dimensional i8 pool (onnx-mlir's memory pools), memref.view at the byte offset; from a
 * pool of the result's element type into a result with a dynamic offset, memref.reinterpret_cast. Other pools have
 * no memref op that views them as the result type (an error).
 */
export function lowerGetRef(op: Operation, ix: IndexBuilder): Value[] | false {
  const [pool, offset, ...dynamic] = op.operands as [Value, Value, ...Value[]];
  const poolType = pool.type as MemRefType;
  const type = op.results[0]!.type as MemRefType;
  const i8Pool = poolType.shape.length === 1 && !poolType.layout && String(poolType.elementType) === 'i8';
  if (i8Pool) return [ViewOp.create(ix.b, { source: pool, byte_shift: asIndex(ix, offset), sizes: dynamic, result: type, loc: ix.loc }).result];
  const layout = type.explicitLayout();
  if (poolType.elementType === type.elementType && layout && layout.offset === DYNAMIC && !layout.strides.includes(DYNAMIC)) {
    const ctx = ix.b.context;
    const index = IndexType.get(ctx);
    const meta = ExtractStridedMetadataOp.create(ix.b, {
      source: pool,
      results: [MemRefType.get(ctx, [], poolType.elementType, undefined, poolType.memorySpace), index, ...Array<IndexType>(2 * poolType.shape.length).fill(index)],
      loc: ix.loc,
    }).op;
    return [
      ReinterpretCastOp.create(ix.b, {
        source: meta.getResult(0),
        offsets: [ix.add(meta.getResult(1), asIndex(ix, offset))],
        sizes: dynamic,
        strides: [],
        static_offsets: staticIndicesAttr(ctx, [DYNAMIC]),
        static_sizes: staticIndicesAttr(ctx, type.shape),
        static_strides: staticIndicesAttr(ctx, layout.strides),
        result: type,
        loc: ix.loc,
      }).result,
    ];
  }
  op.emitOpError(`cannot be lowered to scf: no memref op views a pool of type '${poolType}' as '${type}' (memref.view needs a one-dimensional i8 pool; a pool of the same element type needs a result layout with a dynamic offset)`);
  return false;
}

export function lowerDim(op: Operation, ix: IndexBuilder): Value[] {
  return [DimOp.create(ix.b, { source: op.getOperand(0), index: op.getOperand(1), result: ix.index, loc: ix.loc }).result];
}

/** krnl.shape: new memory (memref.alloc, as krnl.shape allocates) holding the sizes. */
export function lowerShape(op: Operation, ix: IndexBuilder): Value[] {
  const type = op.results[0]!.type as MemRefType;
  const sizes = memrefSizes(ix, op.getOperand(0));
  const dynamic = type.shape[0] === DYNAMIC ? [ix.constant(sizes.length)] : [];
  const shape = AllocOp.create(ix.b, { dynamicSizes: dynamic, symbolOperands: [], memref: type, loc: ix.loc }).memref;
  sizes.forEach((s, i) => {
    const v = type.elementType instanceof IndexType ? s : IndexCastOp.create(ix.b, { in: s, out: type.elementType, loc: ix.loc }).out;
    storeElement(ix, v, shape, [ix.constant(i)]);
  });
  return [shape];
}
