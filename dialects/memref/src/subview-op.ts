import { ViewLikeOpInterface } from '@tlir/ir';
import {
  DynamicIndexList,
  AnyMemRef,
  DenseI64ArrayAttr,
  DYNAMIC,
  Index,
  MemRefType,
  Pure,
  StridedLayoutAttr,
  Variadic,
  IntegerAttr,
  defineOp,
  type OpFoldResult,
  type Operation,
  type Value,
  staticIndices,
} from '@tlir/ir';
import { getConstantValue } from '@tlir/rewrite';
import { OffsetSizeAndStrideTrait, type StaticIndexLists } from './dynamic-index-list.js';
import { rankReductionDroppedDims } from './rank-reduction.js';
import { satAdd, satMul, stridesAndOffset } from './static-indices.js';

// The verifier of memref.subview computes the type MLIR infers (SubViewOp::inferResultType) with plain numbers and
// compares it with the result type in place; the inferred type is only built for an error message. Every step
// is MLIR's (SubViewOp::verify, isRankReducedType, computeMemRefRankReductionMask, verifyInBoundsSlice), in order.

type SliceCheck = 'ok' | 'rank-too-large' | 'size-mismatch' | 'elem-type-mismatch' | 'layout-mismatch';

/**
 * The static parts of the subview being verified: source and result types, the source's strides and offset, and
 * the offsets, sizes and strides (DYNAMIC where dynamic). One object, refilled for each op: verification is
 * single-threaded and not re-entrant here, and verifying a subview should allocate nothing.
 */
const p = {
  source: undefined as unknown as MemRefType,
  result: undefined as unknown as MemRefType,
  sourceStrides: [] as readonly number[],
  sourceOffset: 0,
  offsets: [] as readonly number[],
  sizes: [] as readonly number[],
  strides: [] as readonly number[],
};
type SubviewParts = typeof p;

/** The inferred offset: the source offset plus each offset times its source stride. */
function inferredOffset(p: SubviewParts): number {
  let offset = p.sourceOffset;
  for (let i = 0; i < p.offsets.length; i++) offset = satAdd(offset, satMul(p.offsets[i]!, p.sourceStrides[i]!));
  return offset;
}

/** The inferred stride of dimension `i`: the source stride times the subview stride. */
function inferredStride(p: SubviewParts, i: number): number {
  return satMul(p.sourceStrides[i]!, p.strides[i]!);
}

/** The type MLIR infers for the subview (before rank reduction); built only to be printed in a message. */
function inferredType(op: Operation, p: SubviewParts): MemRefType {
  const strides = p.sizes.map((_, i) => inferredStride(p, i));
  const layout = StridedLayoutAttr.get(op.context, strides, inferredOffset(p));
  return MemRefType.get(op.context, p.sizes, p.source.elementType, layout, p.source.memorySpace);
}

/**
 * MLIR's computeRankReductionMask: which dimensions of `original` are dropped (size 1) to get `reduced`, matching
 * greedily; undefined when `reduced` is not a rank reduction of `original`. Returns a bit mask in `out` (one flag
 * per original dimension) to avoid building sets.
 */
function rankReductionMask(original: readonly number[], reduced: readonly number[], out: boolean[]): boolean {
  let r = 0;
  for (let i = 0; i < original.length; i++) {
    const size = original[i]!;
    if (r < reduced.length && size === reduced[r]) {
      out[i] = false;
      r++;
      continue;
    }
    out[i] = true;
    if (size !== 1) return false;
  }
  return r === reduced.length;
}

/** The inferred stride of dimension `i` of the subview being verified (`p`; one function, not one per op). */
const inferredStrideOfP = (i: number): number => inferredStride(p, i);

/** MLIR's computeMemRefRankReductionMask on the inferred type and the result (see rank-reduction.ts). */
function memrefRankReductionMask(dropped: boolean[]): boolean {
  return rankReductionDroppedDims(p.sizes, inferredStrideOfP, stridesAndOffset(p.result).strides, dropped);
}

/** Everything MLIR checks about the result type, in its order. */
function checkResult(p: SubviewParts, dropped: boolean[]): SliceCheck {
  const result = p.result;
  // isRankReducedType(inferred, result): rank, sizes (a rank reduction), element type.
  if (result.shape.length > p.sizes.length) return 'rank-too-large';
  if (!rankReductionMask(p.sizes, result.shape, dropped)) return 'size-mismatch';
  if (result.elementType !== p.source.elementType) return 'elem-type-mismatch';
  // Offsets, then which dimensions were dropped (by strides), then the strides.
  if (stridesAndOffset(result).offset !== inferredOffset(p)) return 'layout-mismatch';
  if (!memrefRankReductionMask(dropped)) return 'layout-mismatch';
  const resultStrides = stridesAndOffset(result).strides;
  let j = 0;
  for (let i = 0; i < p.sizes.length; i++) {
    if (dropped[i]) continue;
    if (inferredStride(p, i) !== resultStrides[j]) return 'layout-mismatch';
    j++;
  }
  return 'ok';
}

/** MLIR's verifyInBoundsSlice: the message for the first offset or slice that runs past a static dimension. */
function outOfBounds(p: SubviewParts): string | undefined {
  const shape = p.source.shape;
  for (let i = 0; i < shape.length; i++) {
    const dim = shape[i]!;
    const offset = p.offsets[i]!;
    if (dim === DYNAMIC || offset === DYNAMIC) continue;
    if (offset >= dim) return `offset ${i} is out-of-bounds: ${offset} >= ${dim}`;
    const size = p.sizes[i]!;
    const stride = p.strides[i]!;
    if (size === DYNAMIC || stride === DYNAMIC) continue;
    const last = offset + (size - 1) * stride;
    if (last >= dim) return `slice along dimension ${i} runs out-of-bounds: ${last} >= ${dim}`;
  }
  return undefined;
}

// One scratch mask, reused: verification is single-threaded and never re-entrant here.
const scratch: boolean[] = [];

function verifySubview(op: Operation, lists: StaticIndexLists): boolean {
  const source = op.operandValues[0]!.type as MemRefType;
  const result = op.getResultType(0) as MemRefType;
  if (source.memorySpace !== result.memorySpace) {
    op.emitError(`different memory spaces specified for base memref type '${source}' and subview memref type '${result}'`);
    return false;
  }
  if (source.stridedLayout === undefined) {
    op.emitError(`base type '${source}' is not strided`);
    return false;
  }
  if (result.stridedLayout === undefined) {
    op.emitOpError(`expected result type to have a strided layout, got '${result}'`);
    return false;
  }
  const layout = stridesAndOffset(source);
  p.source = source;
  p.result = result;
  p.sourceStrides = layout.strides;
  p.sourceOffset = layout.offset;
  p.offsets = staticIndices(lists.static_offsets);
  p.sizes = staticIndices(lists.static_sizes);
  p.strides = staticIndices(lists.static_strides);
  const check = checkResult(p, scratch);
  if (check !== 'ok') {
    const expected = inferredType(op, p);
    const message =
      check === 'rank-too-large'
        ? `expected result rank to be smaller or equal to the source rank, but got '${result}'`
        : check === 'elem-type-mismatch'
          ? `expected result element type to be '${expected.elementType}', but got '${result}'`
          : `expected result type to be '${expected}' or a rank-reduced version. (mismatch of result ${check === 'size-mismatch' ? 'sizes' : 'layout'}), but got '${result}'`;
    op.emitError(message);
    return false;
  }
  const bounds = outOfBounds(p);
  if (bounds !== undefined) {
    op.emitError(bounds);
    return false;
  }
  return true;
}

/**
 * `%v = memref.subview %m[%o, 4] [2, %n] [1, 1] : memref<8x16xf32> to memref<2x?xf32, strided<[16, 1], offset: ?>>`:
 * a view of a rectangular part of a memref, with offsets, sizes and strides each static or dynamic.
 */
export const SubViewOp = defineOp('memref.subview', {
  summary: 'memref subview operation',
  description: `
The \`subview\` operation converts a memref type to a memref type which represents a reduced-size view of the
original memref as specified by the operation's offsets, sizes and strides arguments. Each of them is a static
integer or a dynamic \`index\` value (\`static_offsets\` holds the integers, kDynamic where a value is used).

In the absence of rank reductions, the result type is

\`\`\`
result_sizes[i] = size_operands[i]
result_strides[i] = src_strides[i] * stride_operands[i]
result_offset = src_offset + dot_product(offset_operands, src_strides)
\`\`\`

A subview may drop dimensions of static size 1 (a rank-reducing subview). The offsets, sizes and strides must be
in bounds of the source; the verifier rejects those it can prove out of bounds.

Example:

\`\`\`mlir
%1 = memref.subview %0[4, 2] [8, 2] [3, 2] : memref<64x4xf32, strided<[7, 9], offset: 91>> to memref<8x2xf32, strided<[21, 18], offset: 137>>
%2 = memref.subview %0[%off0, %off1] [%sz0, %sz1] [%str0, %str1] : memref<64x4xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
%3 = memref.subview %2[0, 0, 0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32>
\`\`\`
`,
  operands: { source: AnyMemRef, offsets: Variadic(Index), sizes: Variadic(Index), strides: Variadic(Index) },
  properties: { static_offsets: DenseI64ArrayAttr, static_sizes: DenseI64ArrayAttr, static_strides: DenseI64ArrayAttr },
  results: { result: AnyMemRef },
  traits: [OffsetSizeAndStrideTrait('memref.subview', sourceRank, sourceRank), Pure],
  interfaces: [ViewLikeOpInterface.implement({ getViewSource: (op) => op.getOperand(0) })],
  customDirectives: { DynamicIndexList },
  assemblyFormat:
    '$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)',
  getAsmResultNames: (s, setName) => setName(s.result, 'subview'),
  verify: (s) => verifySubview(s.op, s),
  // MLIR's SubViewOp::fold: a subview to its source's own type, static and with a static (or no strided) layout, is
  // the source; so is a subview at offsets 0 and strides 1 of a subview of the same sizes, to its source's type.
  fold({ op }): OpFoldResult | undefined {
    const source = op.source.type as MemRefType;
    const result = op.result.type as MemRefType;
    const layout = result.layout;
    const staticLayout = !(layout instanceof StridedLayoutAttr) || (layout.offset !== DYNAMIC && !layout.strides.includes(DYNAMIC));
    if (result === source && result.shape.every((d) => d >= 0) && staticLayout) return op.source;
    const def = op.source.definingOp;
    if (!def || !SubViewOp.is(def) || result !== source) return undefined;
    const inner = SubViewOp.wrap(def);
    const sizes = mixedValues(staticIndices(op.static_sizes), op.sizes);
    const innerSizes = mixedValues(staticIndices(inner.static_sizes), inner.sizes);
    if (!mixedValues(staticIndices(op.static_offsets), op.offsets).every((o) => constantOf(o) === 0)) return undefined;
    if (!mixedValues(staticIndices(op.static_strides), op.strides).every((s) => constantOf(s) === 1)) return undefined;
    if (sizes.length !== innerSizes.length || !sizes.every((s, i) => s === innerSizes[i])) return undefined;
    return op.source;
  },
});

/** A static/dynamic index list as MLIR's mixed values: the integer where static, the operand where dynamic. */
export function mixedValues(statics: readonly number[], dynamics: readonly Value[]): (number | Value)[] {
  let k = 0;
  return statics.map((s) => (s === DYNAMIC ? dynamics[k++]! : s));
}

/** The integer of a mixed value: itself, or the constant its value is. */
export function constantOf(m: number | Value): number | undefined {
  if (typeof m === 'number') return m;
  const c = getConstantValue(m);
  return c instanceof IntegerAttr ? Number(c.value) : undefined;
}

/** A subview takes as many offsets, sizes and strides as its source has dimensions. */
function sourceRank(op: Operation): number {
  return (op.operandValues[0]!.type as MemRefType).shape.length;
}
