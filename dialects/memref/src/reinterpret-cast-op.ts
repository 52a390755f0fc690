import { ViewLikeOpInterface } from '@tlir/ir';
import {
  DynamicIndexList,
  AnyRankedOrUnrankedMemRef,
  DenseI64ArrayAttr,
  DYNAMIC,
  Index,
  MemRefType,
  Pure,
  Variadic,
  defineOp,
  type OpFoldResult,
  type Operation,
  type UnrankedMemRefType,
  type Value,
  staticIndices,
} from '@tlir/ir';
import { OffsetSizeAndStrideTrait, type StaticIndexLists } from './dynamic-index-list.js';
import { AnyStridedMemRef } from './memref-constraints.js';
import { stridesAndOffset } from './static-indices.js';
import { CastOp } from './cast-op.js';
import { SubViewOp } from './subview-op.js';

const staticText = (v: number): string => (v === DYNAMIC ? 'dynamic' : String(v));

/** MLIR's ReinterpretCastOp::verify: the result type agrees with the static offset, sizes and strides. */
function verifyReinterpretCast(op: Operation, lists: StaticIndexLists): boolean {
  const source = op.operandValues[0]!.type as MemRefType | UnrankedMemRefType;
  const result = op.getResultType(0) as MemRefType;
  if (source.memorySpace !== result.memorySpace) {
    op.emitError(`different memory spaces specified for source type '${source}' and result memref type '${result}'`);
    return false;
  }
  if (source.elementType !== result.elementType) {
    op.emitError(`different element types specified for source type '${source}' and result memref type '${result}'`);
    return false;
  }
  const sizes = staticIndices(lists.static_sizes);
  const shape = result.shape;
  for (let i = 0; i < shape.length && i < sizes.length; i++) {
    const size = shape[i]!;
    if (size !== DYNAMIC && size !== sizes[i]) {
      op.emitError(`expected result type with size = ${staticText(sizes[i]!)} instead of ${size} in dim = ${i}`);
      return false;
    }
  }
  if (result.stridedLayout === undefined) {
    op.emitError(`expected result type to have strided layout but found '${result}'`);
    return false;
  }
  const layout = stridesAndOffset(result);
  const offset = staticIndices(lists.static_offsets)[0]!;
  if (layout.offset !== DYNAMIC && layout.offset !== offset) {
    op.emitError(`expected result type with offset = ${staticText(offset)} instead of ${layout.offset}`);
    return false;
  }
  const strides = staticIndices(lists.static_strides);
  for (let i = 0; i < layout.strides.length && i < strides.length; i++) {
    const stride = layout.strides[i]!;
    if (stride !== DYNAMIC && stride !== strides[i]) {
      op.emitError(`expected result type with stride = ${staticText(strides[i]!)} instead of ${stride} in dim = ${i}`);
      return false;
    }
  }
  return true;
}

/**
 * `%r = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 4], strides: [4, 1] : memref<*xf32> to
 * memref<?x4xf32, strided<[4, 1]>>`: a memref on the same buffer with a new offset, sizes and strides.
 */
export const ReinterpretCastOp = defineOp('memref.reinterpret_cast', {
  summary: 'memref reinterpret cast operation',
  description: `
Modify offset, sizes and strides of an unranked/ranked memref. The result is a memref on the base buffer of the
source whose offset, sizes and strides are the ones given (each static or dynamic), relative to that buffer,
unlike \`subview\`, whose are relative to the source memref.

Example:

\`\`\`mlir
memref.reinterpret_cast %ranked to offset: [0], sizes: [%size0, 10], strides: [1, %stride1] : memref<?x?xf32> to memref<?x10xf32, strided<[1, ?]>>
memref.reinterpret_cast %unranked to offset: [%offset], sizes: [%size0, %size1], strides: [%stride0, %stride1] : memref<*xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
\`\`\`
`,
  operands: { source: AnyRankedOrUnrankedMemRef, offsets: Variadic(Index), sizes: Variadic(Index), strides: Variadic(Index) },
  properties: { static_offsets: DenseI64ArrayAttr, static_sizes: DenseI64ArrayAttr, static_strides: DenseI64ArrayAttr },
  results: { result: AnyStridedMemRef },
  traits: [OffsetSizeAndStrideTrait('memref.reinterpret_cast', () => 1, resultRank), Pure],
  interfaces: [ViewLikeOpInterface.implement({ getViewSource: (op) => op.getOperand(0) })],
  customDirectives: { DynamicIndexList },
  assemblyFormat:
    '$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) `` `,` `sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) `` `,` `strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)',
  getAsmResultNames: (r, setName) => setName(r.result, 'reinterpret_cast'),
  verify: (r) => verifyReinterpretCast(r.op, r),
  // MLIR's ReinterpretCastOp::fold: the offsets, sizes and strides are relative to the base buffer, so a source made
  // by another reinterpret_cast, by a memref.cast, or by a subview at offset zero can be replaced by that op's
  // source; a cast to the source's own static type at offset 0 is the source.
  fold({ op }): OpFoldResult | undefined {
    const src = op.source;
    const prev = previousSource(src);
    if (prev) {
      op.op.setOperand(0, prev);
      return op.result;
    }
    const type = op.result.type as MemRefType;
    if (type.shape.every((d) => d >= 0) && src.type === type && staticIndices(op.static_offsets)[0] === 0) return src;
    return undefined;
  },
});

function previousSource(src: Value): Value | undefined {
  const def = src.definingOp;
  if (!def) return undefined;
  if (ReinterpretCastOp.is(def) || CastOp.is(def)) return def.getOperand(0);
  if (SubViewOp.is(def)) {
    const subview = SubViewOp.wrap(def);
    if (subview.offsets.length === 0 && staticIndices(subview.static_offsets).every((o) => o === 0)) return def.getOperand(0);
  }
  return undefined;
}

function resultRank(op: Operation): number {
  return (op.getResultType(0) as MemRefType).shape.length;
}
