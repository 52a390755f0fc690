// The view instructions to memref views with explicit strides (spec: Subview, Expand, Fuse, Size): subview is a
// memref.subview (unit steps, single indices dropping their mode); expand and fuse, whose column-major rules
// memref.expand_shape / collapse_shape (row-major) cannot express, are a memref.reinterpret_cast with the sizes and
// strides the spec gives, on the source's offset. Nothing is copied.
import { DimOp, ExtractStridedMetadataOp, ReinterpretCastOp, SubViewOp } from '@tlir/dialect-memref';
import { DYNAMIC as BUILTIN_DYNAMIC, IndexType, MemRefType, type Builder, type Context, type Operation, type Value } from '@tlir/ir';
import { defineConversionPattern, type OpConversionPattern, type TypeConverter } from '@tlir/rewrite';
import { VALUE, DYNAMIC, ExpandOp, FuseOp, SizeOp, SubviewOp, type TlMemrefType, staticList } from '@tlir/dialect-tl';
import { convertMemrefType } from './type-conversion.js';
import { divIndex, indexValue, mixedIndices, mulIndex, staticOr, subIndex, type IndexLike } from './index-math.js';
import { indexConstant } from './arith-semantics.js';

/** The size of dimension `k` of a builtin memref: its static size, or a memref.dim. */
export function dimOf(b: Builder, memref: Value, k: number): IndexLike {
  const size = (memref.type as MemRefType).shape[k]!;
  if (size !== BUILTIN_DYNAMIC) return size;
  const index = IndexType.get(b.context);
  return DimOp.create(b, { source: memref, index: indexConstant(b, k), result: index }).result;
}

/** The offset, sizes and strides of a memref at run time (one memref.extract_strided_metadata). */
function stridedMetadata(b: Builder, memref: Value): { offset: Value; sizes: Value[]; strides: Value[] } {
  const type = memref.type as MemRefType;
  const rank = type.shape.length;
  const index = IndexType.get(b.context);
  const base = MemRefType.get(b.context, [], type.elementType, undefined, type.memorySpace);
  const meta = ExtractStridedMetadataOp.create(b, { source: memref, results: [base, index, ...Array.from({ length: 2 * rank }, () => index)] }).op;
  const r = meta.results;
  return { offset: r[1]!, sizes: r.slice(2, 2 + rank), strides: r.slice(2 + rank) };
}

/** `memref.subview %source[offsets] [sizes] [1, ...]` of type `result`. */
export function unitStrideSubview(b: Builder, source: Value, offsets: readonly IndexLike[], sizes: readonly IndexLike[], result: MemRefType): Value {
  const o = mixedIndices(b.context, offsets);
  const s = mixedIndices(b.context, sizes);
  const t = mixedIndices(b.context, sizes.map(() => 1));
  return SubViewOp.create(b, {
    source,
    offsets: o.dynamics,
    sizes: s.dynamics,
    strides: [],
    static_offsets: o.statics,
    static_sizes: s.statics,
    static_strides: t.statics,
    result,
  }).result;
}

/** `memref.reinterpret_cast %source to offset: [...], sizes: [...], strides: [...]` of type `result`. */
export function reinterpret(b: Builder, ctx: Context, source: Value, offset: IndexLike, sizes: readonly IndexLike[], strides: readonly IndexLike[], result: MemRefType): Value {
  const o = mixedIndices(ctx, [offset]);
  const s = mixedIndices(ctx, sizes);
  const t = mixedIndices(ctx, strides);
  return ReinterpretCastOp.create(b, {
    source,
    offsets: o.dynamics,
    sizes: s.dynamics,
    strides: t.dynamics,
    static_offsets: o.statics,
    static_sizes: s.statics,
    static_strides: t.statics,
    result,
  }).result;
}

/** The converted result type of a tl view op. */
const resultType = (ctx: Context, op: Operation): MemRefType => convertMemrefType(ctx, op.getResult(0).type as TlMemrefType);

/**
 * `tl.subview %m[%i, 2:?, %o:%n]` -> `memref.subview %m[%i, 2, %o] [1, dim - 2, %n] [1, 1, 1]` (the single index's
 * mode dropped by the result type): `?` is the mode size minus the offset.
 */
function subviewPattern(typeConverter: TypeConverter): OpConversionPattern {
  return defineConversionPattern(
    SubviewOp,
    function lowerSubview({ op, static_offsets, static_sizes }, { operands }, rewriter) {
      const ctx = rewriter.context;
      const source = operands[0]!;
      const offsetSpec = staticList(static_offsets);
      const sizeSpec = staticList(static_sizes);
      const offsetCount = offsetSpec.filter((o) => o === VALUE).length;
      const offsetValues = operands.slice(1, 1 + offsetCount);
      const sizeValues = operands.slice(1 + offsetCount);
      const result = resultType(ctx, op);
      let nextOffset = 0;
      let nextSize = 0;
      let kept = 0;
      const offsets: IndexLike[] = offsetSpec.map((o) => (o === VALUE ? offsetValues[nextOffset++]! : o));
      const sizes: IndexLike[] = sizeSpec.map((spec, k) => {
        if (spec === 0) return 1; // a single index: its mode is dropped
        const value = spec === VALUE ? sizeValues[nextSize++]! : undefined;
        return staticOr(result.shape[kept++]!, () => value ?? subIndex(rewriter, dimOf(rewriter, source, k), offsets[k]!));
      });
      rewriter.replaceOp(op, [unitStrideSubview(rewriter, source, offsets, sizes, result)]);
      return true;
    },
    { typeConverter },
  );
}

/**
 * `tl.expand %m[k -> a x ? x %c]` -> a reinterpret_cast: mode k becomes the expand shape (`?` is the mode size over
 * the product of the other entries), with the canonical strides S_k, S_k a, S_k a b, ...; the other modes and the
 * offset are the source's.
 */
function expandPattern(typeConverter: TypeConverter): OpConversionPattern {
  return defineConversionPattern(
    ExpandOp,
    function lowerExpand({ op, mode: modeAttr, static_shape }, { operands }, rewriter) {
      const ctx = rewriter.context;
      const [source, ...values] = operands;
      const sourceType = source!.type as MemRefType;
      const mode = modeAttr.number;
      const spec = staticList(static_shape);
      const result = resultType(ctx, op);
      const meta = stridedMetadata(rewriter, source!);
      const sourceStrides = sourceType.getStridesAndOffset().strides;
      const size = (k: number): IndexLike => staticOr(sourceType.shape[k]!, () => meta.sizes[k]!);
      const stride = (k: number): IndexLike => staticOr(sourceStrides[k]!, () => meta.strides[k]!);
      let next = 0;
      const entries: (IndexLike | undefined)[] = spec.map((e) => (e === VALUE ? values[next++]! : e === DYNAMIC ? undefined : e));
      const known = entries.reduce<IndexLike>((p, e) => (e === undefined ? p : mulIndex(rewriter, p, e)), 1);
      const shape = entries.map((e) => e ?? divIndex(rewriter, size(mode), known));
      const newSizes: IndexLike[] = [];
      const newStrides: IndexLike[] = [];
      let running = stride(mode);
      shape.forEach((n, i) => {
        newSizes.push(n);
        newStrides.push(running);
        if (i + 1 < shape.length) running = mulIndex(rewriter, running, n);
      });
      const rank = sourceType.shape.length;
      const sizes = [...range(0, mode).map(size), ...newSizes, ...range(mode + 1, rank).map(size)];
      const strides = [...range(0, mode).map(stride), ...newStrides, ...range(mode + 1, rank).map(stride)];
      const fixed = (list: IndexLike[], known: readonly number[]): IndexLike[] => list.map((v, k) => (known[k] !== BUILTIN_DYNAMIC ? known[k]! : v));
      const view = reinterpret(rewriter, ctx, source!, meta.offset, fixed(sizes, result.shape), fixed(strides, result.getStridesAndOffset().strides), result);
      rewriter.replaceOp(op, [view]);
      return true;
    },
    { typeConverter },
  );
}

/** `tl.fuse %m[i, j]` -> a reinterpret_cast: modes i..j become one of their sizes' product, with mode i's stride. */
function fusePattern(typeConverter: TypeConverter): OpConversionPattern {
  return defineConversionPattern(
    FuseOp,
    function lowerFuse(view, { operands: [source] }, rewriter) {
      const { op } = view;
      const ctx = rewriter.context;
      const sourceType = source!.type as MemRefType;
      const from = view.from.number;
      const to = view.to.number;
      const result = resultType(ctx, op);
      const meta = stridedMetadata(rewriter, source!);
      const size = (k: number): IndexLike => staticOr(sourceType.shape[k]!, () => meta.sizes[k]!);
      const stride = (k: number): IndexLike => staticOr(sourceType.getStridesAndOffset().strides[k]!, () => meta.strides[k]!);
      const rank = sourceType.shape.length;
      const fused = staticOr(result.shape[from]!, () => range(from, to + 1).reduce<IndexLike>((p, k) => mulIndex(rewriter, p, size(k)), 1));
      const sizes = [...range(0, from).map(size), fused, ...range(to + 1, rank).map(size)];
      const strides = [...range(0, from + 1).map(stride), ...range(to + 1, rank).map(stride)];
      rewriter.replaceOp(op, [reinterpret(rewriter, ctx, source!, meta.offset, sizes, strides, result)]);
      return true;
    },
    { typeConverter },
  );
}

/** `tl.size %m[k]` -> the static size, or `memref.dim %m, %ck`. */
function sizePattern(typeConverter: TypeConverter): OpConversionPattern {
  return defineConversionPattern(
    SizeOp,
    function lowerSize({ op, mode: modeAttr }, { operands: [memref] }, rewriter) {
      const mode = modeAttr.number;
      rewriter.replaceOp(op, [indexValue(rewriter, dimOf(rewriter, memref!, mode))]);
      return true;
    },
    { typeConverter },
  );
}

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

export function viewPatterns(typeConverter: TypeConverter): OpConversionPattern[] {
  return [subviewPattern(typeConverter), expandPattern(typeConverter), fusePattern(typeConverter), sizePattern(typeConverter)];
}
