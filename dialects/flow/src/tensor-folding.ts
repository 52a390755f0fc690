// The canonicalization of the value-semantic flow.tensor ops, as IREE's FlowOpFolders.cpp does it: casts to the
// same shape vanish and chains of reshapes and bitcasts become one op, tensors with no elements become
// flow.tensor.empty, loads of splats and constants are their values, slices, updates and stores of constants are
// constants, clones of constants are the constants,
// transfers to where a value already is vanish, an update that covers its whole target is the update. The dialect
// attaches them lazily (flow-dialect.ts).
import { ConstantOp } from '@tlir/dialect-arith';
import {
  DenseElementsAttr,
  FloatAttr,
  FloatType,
  IntegerAttr,
  IntegerType,
  IndexType,
  RankedTensorType,
  type Attribute,
  type Context,
  type Location,
  type Operation,
  type Type,
  type Value,
} from '@tlir/ir';
import { definePattern, getConstantValue, type PatternRewriter, type RewritePattern } from '@tlir/rewrite';
import { TensorCloneOp, TensorTransferOp } from './tensor-copy-ops.js';
import { TensorConstantOp, TensorEmptyOp, TensorSplatOp } from './tensor-creation-ops.js';
import { TensorLoadOp, TensorStoreOp } from './tensor-element-ops.js';
import { TensorBitCastOp, TensorReshapeOp } from './tensor-reshape-ops.js';
import { TensorSliceOp, TensorUpdateOp } from './tensor-slice-ops.js';
import { TensorTieShapeOp } from './tensor-tie-shape-op.js';

/** Whether a tensor type has a static dimension of size 0 (it holds no elements, whatever its dynamic sizes). */
function hasNoElements(t: Type): boolean {
  return t instanceof RankedTensorType && t.shape.some((d) => d === 0);
}

/** Replaces `op` (one tensor result) with `flow.tensor.empty` of its type and dynamic sizes `dims`. */
function replaceWithEmpty(rewriter: PatternRewriter, op: Operation, dims: readonly Value[]): true {
  const empty = TensorEmptyOp.create(rewriter, { result_dims: [...dims], result: op.getResultType(0), loc: op.loc });
  rewriter.replaceOp(op, [empty.result]);
  return true;
}

/** A tensor of no elements is `flow.tensor.empty`: the rewrite of an op whose result has none (`dims`: its sizes). */
function emptyResult(op: Operation, rewriter: PatternRewriter, dims: readonly Value[]): boolean {
  if (!hasNoElements(op.getResultType(0))) return rewriter.notifyMatchFailure(op, 'the result has elements');
  return replaceWithEmpty(rewriter, op, dims);
}

/**
 * Whether two tensors of these types and dynamic sizes have the same shape: the same static sizes, dynamic at the
 * same places, and at most one dynamic size given by different values (with the element count equal, a single
 * unknown size must agree too). IREE's compareShapesEqual.
 */
function shapesEqual(a: RankedTensorType, aDims: readonly Value[], b: RankedTensorType, bDims: readonly Value[]): boolean {
  if (a.hasStaticShape && b.hasStaticShape) return a.shape.length === b.shape.length && a.shape.every((d, i) => d === b.shape[i]);
  if (a.shape.length !== b.shape.length) return false;
  let dynamic = 0;
  let differing = 0;
  for (let i = 0; i < a.shape.length; i++) {
    const x = a.shape[i]!;
    const y = b.shape[i]!;
    if ((x < 0) !== (y < 0)) return false;
    if (x < 0) {
      if (aDims[dynamic] !== bDims[dynamic]) differing++;
      dynamic++;
    } else if (x !== y) return false;
  }
  return differing <= 1;
}

/** A reshape or bitcast to the same shape and element type is its operand (IREE's folds of both ops). */
function foldNoOpCast(op: Operation, rewriter: PatternRewriter): boolean {
  const c = TensorReshapeOp.match(op) ?? TensorBitCastOp.match(op)!;
  const s = c.source.type as RankedTensorType;
  const d = c.result.type as RankedTensorType;
  if (s !== d || !shapesEqual(s, c.source_dims, d, c.result_dims)) return rewriter.notifyMatchFailure(op, 'the shape or element type changes');
  rewriter.replaceOp(op, [c.source]);
  return true;
}
export const FoldSameTypeReshape = definePattern(TensorReshapeOp, (r, rewriter) => foldNoOpCast(r.op, rewriter), { debugName: 'TensorReshapeOp::fold' });
export const FoldSameTypeBitCast = definePattern(TensorBitCastOp, (b, rewriter) => foldNoOpCast(b.op, rewriter), { debugName: 'TensorBitCastOp::fold' });

/** A reshape or bitcast (the ops that see the same bits with another type). */
function castLike(op: Operation | null): { source: Value; sourceDims: Value[] } | undefined {
  if (!op) return undefined;
  const r = TensorReshapeOp.match(op) ?? TensorBitCastOp.match(op);
  return r ? { source: r.source, sourceDims: r.source_dims } : undefined;
}

/**
 * A chain of reshapes and bitcasts is one op from the first source to the last result: a reshape when the element
 * types are the same (which then folds away if the shapes are too), a bitcast otherwise (IREE's
 * FlattenTensorCastLikeChain).
 */
function flattenCastChain(op: Operation, rewriter: PatternRewriter): boolean {
  const outer = castLike(op)!;
  let inner = castLike(outer.source.definingOp);
  if (!inner) return rewriter.notifyMatchFailure(op, 'the source is not a reshape or bitcast');
  for (let next = castLike(inner.source.definingOp); next; next = castLike(inner.source.definingOp)) inner = next;
  const resultType = op.getResultType(0) as RankedTensorType;
  const resultDims = op.operands.slice(1 + outer.sourceDims.length);
  const sourceType = inner.source.type as RankedTensorType;
  const init = { source: inner.source, source_dims: inner.sourceDims, result_dims: resultDims, result: resultType, loc: op.loc };
  const made = sourceType.elementType === resultType.elementType ? TensorReshapeOp.create(rewriter, init).result : TensorBitCastOp.create(rewriter, init).result;
  rewriter.replaceOp(op, [made]);
  return true;
}
export const FlattenReshapeChain = definePattern(TensorReshapeOp, (r, rewriter) => flattenCastChain(r.op, rewriter), { debugName: 'FlattenTensorCastLikeChain<ReshapeOp>' });
export const FlattenBitCastChain = definePattern(TensorBitCastOp, (b, rewriter) => flattenCastChain(b.op, rewriter), { debugName: 'FlattenTensorCastLikeChain<BitCastOp>' });

/** A reshape from or to a tensor of no elements, or of a flow.tensor.empty, is an empty tensor of the result type. */
export const ReshapeToEmpty = definePattern(
  TensorReshapeOp,
  (r, rewriter) => {
    const def = r.source.definingOp;
    if (!hasNoElements(r.source.type) && !hasNoElements(r.result.type) && !(def && TensorEmptyOp.is(def))) {
      return rewriter.notifyMatchFailure(r.op, 'neither side is empty');
    }
    return replaceWithEmpty(rewriter, r.op, r.result_dims);
  },
  { debugName: 'ReshapeOfEmptyIsEmpty' },
);

/** A reshape of a splat is a splat of the reshaped type (IREE's FoldSplatReshapeIntoSplat). */
export const ReshapeOfSplat = definePattern(
  TensorReshapeOp,
  (r, rewriter) => {
    const def = r.source.definingOp;
    const splat = def ? TensorSplatOp.match(def) : undefined;
    if (!splat) return rewriter.notifyMatchFailure(r.op, 'the source is not a splat');
    if (splat.value.type !== (r.result.type as RankedTensorType).elementType) return rewriter.notifyMatchFailure(r.op, 'the element types differ');
    const made = TensorSplatOp.create(rewriter, { value: splat.value, result_dims: r.result_dims, result: r.result.type, loc: r.op.loc });
    rewriter.replaceOp(r.op, [made.result]);
    return true;
  },
  { debugName: 'FoldSplatReshapeIntoSplat' },
);

/** A splat, clone, slice or tie_shape of no elements is flow.tensor.empty. */
export const SplatOfNoElements = definePattern(TensorSplatOp, (s, rewriter) => emptyResult(s.op, rewriter, s.result_dims), { debugName: 'ElideZeroElementSplat' });
export const CloneOfNoElements = definePattern(TensorCloneOp, (c, rewriter) => emptyResult(c.op, rewriter, c.argument_dims), { debugName: 'ElideZeroElementClone' });
export const SliceOfNoElements = definePattern(
  TensorSliceOp,
  (s, rewriter) => {
    if (!hasNoElements(s.source.type) && !hasNoElements(s.result.type)) return rewriter.notifyMatchFailure(s.op, 'neither side is empty');
    return replaceWithEmpty(rewriter, s.op, s.result_dims);
  },
  { debugName: 'ElideZeroElementSlice' },
);
export const TieShapeOfNoElements = definePattern(
  TensorTieShapeOp,
  (t, rewriter) => {
    if (!hasNoElements(t.result.type)) return rewriter.notifyMatchFailure(t.op, 'the tensor has elements');
    if (t.dynamic_dims.length === 0) {
      rewriter.replaceOp(t.op, [t.operand]);
      return true;
    }
    return replaceWithEmpty(rewriter, t.op, t.dynamic_dims);
  },
  { debugName: 'ElideZeroElementTieShape' },
);

/** A clone of a constant is the constant: nothing can write it (a fold in IREE: before the other patterns). */
export const CloneOfConstant = definePattern(
  TensorCloneOp,
  (c, rewriter) => {
    if (getConstantValue(c.operand) === undefined) return rewriter.notifyMatchFailure(c.op, 'not a constant');
    rewriter.replaceOp(c.op, [c.operand]);
    return true;
  },
  { debugName: 'TensorCloneOp::fold', benefit: 2 },
);

/** The element at `indices` of a dense constant, as a scalar attribute of its element type. */
function elementAt(ctx: Context, attr: DenseElementsAttr, indices: readonly number[]): Attribute | undefined {
  const t = attr.type as RankedTensorType;
  let linear = 0;
  for (let i = 0; i < t.shape.length; i++) {
    const k = indices[i]!;
    if (k < 0 || k >= t.shape[i]!) return undefined;
    linear = linear * t.shape[i]! + k;
  }
  const e = t.elementType;
  if (e instanceof IntegerType || e instanceof IndexType) return IntegerAttr.get(ctx, e, attr.at(linear) as bigint);
  if (e instanceof FloatType) {
    const bits = attr.floatBits;
    return bits ? FloatAttr.getFromBits(ctx, e, bits[attr.isSplat ? 0 : linear]!) : FloatAttr.get(ctx, e, Number(attr.at(linear)));
  }
  return undefined;
}

/** A load of a splat is the splatted value; a load of a constant at constant indices is that element. */
export const LoadOfSplatOrConstant = definePattern(
  TensorLoadOp,
  (l, rewriter) => {
    const def = l.source.definingOp;
    const splat = def ? TensorSplatOp.match(def) : undefined;
    if (splat) {
      rewriter.replaceOp(l.op, [splat.value]);
      return true;
    }
    const value = getConstantValue(l.source);
    if (!(value instanceof DenseElementsAttr)) return rewriter.notifyMatchFailure(l.op, 'not a splat or a constant');
    const indices: number[] = [];
    for (const i of l.indices) {
      const c = getConstantValue(i);
      if (!(c instanceof IntegerAttr)) return rewriter.notifyMatchFailure(l.op, 'an index is not constant');
      indices.push(Number(c.value));
    }
    const element = elementAt(rewriter.context, value, indices);
    if (!element) return rewriter.notifyMatchFailure(l.op, 'the element cannot be read');
    const made = ConstantOp.create(rewriter, { value: element, result: l.result.type, loc: l.op.loc });
    rewriter.replaceOp(l.op, [made.result]);
    return true;
  },
  { debugName: 'FoldSplatLoadIntoPrimitive' },
);

/**
 * The elements of a dense constant of integer, index or float elements, row-major, as the raw values a new constant
 * is built from (float bit patterns, so NaN payloads stay); undefined for other elements or shapes.
 */
function rawElements(attr: DenseElementsAttr): { values: bigint[]; float: boolean } | undefined {
  const t = attr.type as RankedTensorType;
  const e = t.elementType;
  if (!t.hasStaticShape || !(e instanceof IntegerType || e instanceof IndexType || e instanceof FloatType)) return undefined;
  const n = t.numElements;
  const float = e instanceof FloatType;
  const out: bigint[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = float ? attr.floatBits![attr.isSplat ? 0 : i]! : BigInt(attr.at(i));
  return { values: out, float };
}

/** A dense constant of `type` from raw values (float bits or integers). */
function denseFrom(ctx: Context, type: RankedTensorType, raw: { values: bigint[]; float: boolean }): DenseElementsAttr {
  return raw.float ? DenseElementsAttr.getFromBits(ctx, type, raw.values) : DenseElementsAttr.get(ctx, type, raw.values);
}

/**
 * A tensor constant made where `like` was: a flow.tensor.constant when `like` is one (so that the program stays one
 * the flow interpreter runs), an arith.constant otherwise (as IREE materializes folded values).
 */
function makeTensorConstant(rewriter: PatternRewriter, like: Value, value: DenseElementsAttr, type: Type, loc: Location): Value {
  const def = like.definingOp;
  if (def && TensorConstantOp.is(def)) return TensorConstantOp.create(rewriter, { value, result: type, loc }).result;
  return ConstantOp.create(rewriter, { value, result: type, loc }).result;
}

/** Row-major strides of a static shape. */
function rowMajor(shape: readonly number[]): number[] {
  const strides = new Array<number>(shape.length);
  let s = 1;
  for (let k = shape.length - 1; k >= 0; k--) {
    strides[k] = s;
    s *= shape[k]!;
  }
  return strides;
}

/** The constant values of index operands, or undefined when one is not constant. */
function constantIndices(values: readonly Value[]): number[] | undefined {
  const out: number[] = [];
  for (const v of values) {
    const c = getConstantValue(v);
    if (!(c instanceof IntegerAttr)) return undefined;
    out.push(Number(c.value));
  }
  return out;
}

/** Calls `f` with each index tuple of `shape` in row-major order and its position in that order. */
function eachIndex(shape: readonly number[], f: (idx: number[], linear: number) => void): void {
  const n = shape.reduce((a, d) => a * d, 1);
  const idx = shape.map(() => 0);
  for (let linear = 0; linear < n; linear++) {
    f(idx, linear);
    for (let k = shape.length - 1; k >= 0; k--) {
      if (++idx[k]! < shape[k]!) break;
      idx[k] = 0;
    }
  }
}

/**
 * A slice of a constant at constant offsets is a constant (IREE's TensorSliceOp fold; IREE folds before it applies
 * patterns, so these constant folds have the higher benefit).
 */
export const SliceOfConstant = definePattern(
  TensorSliceOp,
  (s, rewriter) => {
    const value = getConstantValue(s.source);
    const result = s.result.type as RankedTensorType;
    if (!(value instanceof DenseElementsAttr) || !result.hasStaticShape) return rewriter.notifyMatchFailure(s.op, 'not a static slice of a constant');
    const raw = rawElements(value);
    const starts = constantIndices(s.start_indices);
    if (!raw || !starts) return rewriter.notifyMatchFailure(s.op, 'the elements or offsets are not known');
    const source = value.type as RankedTensorType;
    if (starts.some((o, k) => o < 0 || o + result.shape[k]! > source.shape[k]!)) return rewriter.notifyMatchFailure(s.op, 'the slice is out of bounds');
    const strides = rowMajor(source.shape);
    const out: bigint[] = new Array(result.numElements);
    eachIndex(result.shape, (idx, linear) => {
      out[linear] = raw.values[idx.reduce((a, i, k) => a + (i + starts[k]!) * strides[k]!, 0)]!;
    });
    rewriter.replaceOp(s.op, [makeTensorConstant(rewriter, s.source, denseFrom(rewriter.context, result, { values: out, float: raw.float }), result, s.op.loc)]);
    return true;
  },
  { debugName: 'TensorSliceOp::fold', benefit: 2 },
);

/** An update of a constant into a constant at constant offsets is a constant (IREE's TensorUpdateOp fold). */
export const UpdateOfConstants = definePattern(
  TensorUpdateOp,
  (u, rewriter) => {
    const target = getConstantValue(u.target);
    const update = getConstantValue(u.update);
    if (!(target instanceof DenseElementsAttr) || !(update instanceof DenseElementsAttr)) return rewriter.notifyMatchFailure(u.op, 'not constants');
    const t = rawElements(target);
    const v = rawElements(update);
    const starts = constantIndices(u.start_indices);
    if (!t || !v || !starts) return rewriter.notifyMatchFailure(u.op, 'the elements or offsets are not known');
    const targetType = target.type as RankedTensorType;
    const updateType = update.type as RankedTensorType;
    if (starts.some((o, k) => o < 0 || o + updateType.shape[k]! > targetType.shape[k]!)) return rewriter.notifyMatchFailure(u.op, 'the update is out of bounds');
    const strides = rowMajor(targetType.shape);
    const out = [...t.values];
    eachIndex(updateType.shape, (idx, linear) => {
      out[idx.reduce((a, i, k) => a + (i + starts[k]!) * strides[k]!, 0)] = v.values[linear]!;
    });
    const resultType = u.result.type as RankedTensorType;
    rewriter.replaceOp(u.op, [makeTensorConstant(rewriter, u.target, denseFrom(rewriter.context, targetType, { values: out, float: t.float }), resultType, u.op.loc)]);
    return true;
  },
  { debugName: 'TensorUpdateOp::fold', benefit: 2 },
);

/** A store of a constant into a constant at constant indices is a constant (IREE's TensorStoreOp fold). */
export const StoreIntoConstant = definePattern(
  TensorStoreOp,
  (s, rewriter) => {
    const target = getConstantValue(s.target);
    const element = getConstantValue(s.value);
    if (!(target instanceof DenseElementsAttr) || !(element instanceof IntegerAttr || element instanceof FloatAttr)) return rewriter.notifyMatchFailure(s.op, 'not constants');
    const raw = rawElements(target);
    const indices = constantIndices(s.indices);
    if (!raw || !indices) return rewriter.notifyMatchFailure(s.op, 'the elements or indices are not known');
    const type = target.type as RankedTensorType;
    if (indices.some((i, k) => i < 0 || i >= type.shape[k]!)) return rewriter.notifyMatchFailure(s.op, 'the index is out of bounds');
    const strides = rowMajor(type.shape);
    const out = [...raw.values];
    out[indices.reduce((a, i, k) => a + i * strides[k]!, 0)] = element instanceof FloatAttr ? element.bits : element.value;
    rewriter.replaceOp(s.op, [makeTensorConstant(rewriter, s.target, denseFrom(rewriter.context, type, { values: out, float: raw.float }), s.result.type, s.op.loc)]);
    return true;
  },
  { debugName: 'TensorStoreOp::fold', benefit: 2 },
);

/**
 * A transfer of a value that (through reshapes and bitcasts) was already transferred to the same target is the
 * value; a transfer of a transfer skips the first (IREE's ElideRedundantTransfer and ElideIntermediateTransfer).
 */
export const ElideRedundantTransfer = definePattern(
  TensorTransferOp,
  (t, rewriter) => {
    const direct = t.operand.definingOp;
    const inner = direct ? TensorTransferOp.match(direct) : undefined;
    if (inner && inner.target !== t.target) {
      rewriter.modifyOpInPlace(t.op, () => t.op.setOperand(0, inner.operand));
      return true;
    }
    let v = t.operand;
    for (;;) {
      const def = v.definingOp;
      if (!def) break;
      const transfer = TensorTransferOp.match(def);
      if (transfer) {
        if (transfer.target !== t.target) break;
        rewriter.replaceOp(t.op, [t.operand]);
        return true;
      }
      const cast = castLike(def);
      if (!cast) break;
      v = cast.source;
    }
    return rewriter.notifyMatchFailure(t.op, 'the value is not already on the target');
  },
  { debugName: 'ElideRedundantTransfer' },
);

/**
 * An update that covers its whole (static) target is the update; an update of no elements leaves the target; an
 * update into a target of no elements is an empty tensor.
 */
export const SimplifyUpdate = definePattern(
  TensorUpdateOp,
  (u, rewriter) => {
    const target = u.target.type as RankedTensorType;
    if (hasNoElements(target)) return replaceWithEmpty(rewriter, u.op, u.target_dims);
    if (hasNoElements(u.update.type)) {
      rewriter.replaceOp(u.op, [u.target]);
      return true;
    }
    if (u.update.type === target && target.hasStaticShape) {
      rewriter.replaceOp(u.op, [u.update]);
      return true;
    }
    return rewriter.notifyMatchFailure(u.op, 'a part of the target stays');
  },
  { debugName: 'FoldTensorUpdate' },
);

/** The flow dialect's canonicalization patterns of its tensor ops. */
export const flowTensorCanonicalizationPatterns = (): readonly RewritePattern[] => [
  FoldSameTypeReshape,
  FoldSameTypeBitCast,
  ReshapeToEmpty,
  ReshapeOfSplat,
  FlattenReshapeChain,
  FlattenBitCastChain,
  SplatOfNoElements,
  CloneOfNoElements,
  SliceOfNoElements,
  TieShapeOfNoElements,
  CloneOfConstant,
  LoadOfSplatOrConstant,
  SliceOfConstant,
  UpdateOfConstants,
  StoreIntoConstant,
  ElideRedundantTransfer,
  SimplifyUpdate,
];
