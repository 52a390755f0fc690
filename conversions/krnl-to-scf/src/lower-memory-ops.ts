// krnl.load, krnl.store, krnl.memset and krnl.memcpy as memref accesses and scf loops.
import { DYNAMIC, IndexType, MemRefType, StridedLayoutAttr, staticIndicesAttr, type Operation, type Value } from '@tlir/ir';
import { IndexCastOp } from '@tlir/dialect-arith';
import { DimOp, ExtractStridedMetadataOp, LoadOp, ReinterpretCastOp, StoreOp } from '@tlir/dialect-memref';
import type { IndexBuilder } from './index-builder.js';
import { buildFor, buildLoopNest } from './scf-loops.js';

/** The size of each dimension of `memref`: the static ones as constants, the others by memref.dim. */
export function memrefSizes(ix: IndexBuilder, memref: Value): Value[] {
  const type = memref.type as MemRefType;
  return type.shape.map((s, i) => (s === DYNAMIC ? DimOp.create(ix.b, { source: memref, index: ix.constant(i), result: ix.index, loc: ix.loc }).result : ix.constant(s)));
}

export function loadElement(ix: IndexBuilder, memref: Value, indices: readonly Value[]): Value {
  return LoadOp.create(ix.b, { memref, indices: [...indices], result: (memref.type as MemRefType).elementType, loc: ix.loc }).result;
}

export function storeElement(ix: IndexBuilder, value: Value, memref: Value, indices: readonly Value[]): void {
  StoreOp.create(ix.b, { value, memref, indices: [...indices], loc: ix.loc });
}

export function lowerLoad(op: Operation, ix: IndexBuilder): Value[] {
  return [loadElement(ix, op.getOperand(0), op.operands.slice(1))];
}

export function lowerStore(op: Operation, ix: IndexBuilder): Value[] {
  storeElement(ix, op.getOperand(0), op.getOperand(1), op.operands.slice(2));
  return [];
}

/** krnl.memset: a loop nest over the memref storing the value (row-major order, as the interpreter). */
export function lowerMemset(op: Operation, ix: IndexBuilder): Value[] {
  const [dest, value] = op.operands as [Value, Value];
  buildLoopNest(ix, memrefSizes(ix, dest), (ivs) => storeElement(ix, value, dest, ivs));
  return [];
}

/** A one-dimensional view of `memref`'s memory from `offset` elements after its first element, `count` long. */
function flatView(ix: IndexBuilder, memref: Value, offset: Value, count: Value): Value {
  const ctx = ix.b.context;
  const type = memref.type as MemRefType;
  const rank = type.shape.length;
  const index = IndexType.get(ctx);
  const meta = ExtractStridedMetadataOp.create(ix.b, {
    source: memref,
    results: [MemRefType.get(ctx, [], type.elementType, undefined, type.memorySpace), index, ...Array<IndexType>(2 * rank).fill(index)],
    loc: ix.loc,
  }).op;
  const start = ix.add(meta.getResult(1), offset);
  return ReinterpretCastOp.create(ix.b, {
    source: meta.getResult(0),
    offsets: [start],
    sizes: [count],
    strides: [],
    static_offsets: staticIndicesAttr(ctx, [DYNAMIC]),
    static_sizes: staticIndicesAttr(ctx, [DYNAMIC]),
    static_strides: staticIndicesAttr(ctx, [1]),
    result: MemRefType.get(ctx, [DYNAMIC], type.elementType, StridedLayoutAttr.get(ctx, [1], DYNAMIC), type.memorySpace),
    loc: ix.loc,
  }).result;
}

/**
 * krnl.memcpy: the two memories seen as one-dimensional views from the offsets (memref.extract_strided_metadata and
 * memref.reinterpret_cast: as laid out in memory), then a loop copying element by element in ascending order.
 */
export function lowerMemcpy(op: Operation, ix: IndexBuilder): Value[] {
  const [dest, src, n, destOffset, srcOffset] = op.operands as [Value, Value, Value, Value, Value];
  const count = IndexCastOp.create(ix.b, { in: n, out: IndexType.get(ix.b.context), loc: ix.loc }).out;
  const to = flatView(ix, dest, destOffset, count);
  const from = flatView(ix, src, srcOffset, count);
  buildFor(ix.b, ix.loc, ix.constant(0), count, ix.constant(1), [], (t) => storeElement(ix, loadElement(ix, from, [t]), to, [t]));
  return [];
}
