import { DYNAMIC, DenseI64ArrayAttr, DynamicIndexList, Index, MemRefType, Pure, StridedLayoutAttr, Variadic, ViewLikeOpInterface, defineOp, staticIndices, type ArrayAttr, type Context, type OpFoldResult, type Operation, type Value } from '@tlir/ir';
import { AnyStridedMemRef, IndexListArrayAttr, reassociationIndices } from './memref-constraints.js';
import { countDynamic, isIdentityLayout, satMul, stridesAndOffset } from './static-indices.js';

type Groups = readonly (readonly number[])[];

/**
 * MLIR's verifyCollapsedShape (for both ops, multiple dynamic dimensions per group allowed): one group per collapsed
 * dimension, groups of consecutive expanded dimensions covering them all, a collapsed dimension dynamic exactly when
 * its group has a dynamic dimension, and otherwise the product of the group.
 */
function verifyCollapsedShape(op: Operation, collapsed: readonly number[], expanded: readonly number[], groups: Groups): boolean {
  const fail = (message: string): false => {
    op.emitOpError(message);
    return false;
  };
  if (collapsed.length !== groups.length) return fail(`invalid number of reassociation groups: found ${groups.length}, expected ${collapsed.length}`);
  let next = 0;
  for (let g = 0; g < groups.length; g++) {
    let foundDynamic = false;
    for (const d of groups[g]!) {
      if (d !== next++) return fail('reassociation indices must be contiguous');
      if (d >= expanded.length) return fail(`reassociation index ${d} is out of bounds`);
      if (expanded[d] === DYNAMIC) foundDynamic = true;
    }
    if ((collapsed[g] === DYNAMIC) !== foundDynamic) return fail(`collapsed dim (${g}) must be dynamic if and only if reassociation group is dynamic`);
    if (!foundDynamic) {
      let size = 1;
      for (const d of groups[g]!) size *= expanded[d]!;
      if (size !== collapsed[g]) return fail(`collapsed dim size (${collapsed[g]}) must equal reassociation group size (${size})`);
    }
  }
  if (collapsed.length === 0) {
    for (const d of expanded) if (d !== 1) return fail('rank 0 memrefs can only be extended/collapsed with/from ones');
  } else if (next !== expanded.length) {
    return fail(`expanded rank (${expanded.length}) inconsistent with number of reassociation indices (${next})`);
  }
  return true;
}

/** MLIR's computeExpandedLayoutMap: each source stride expands over its group, innermost dimension first. */
function expandedLayout(ctx: Context, src: MemRefType, resultShape: readonly number[], groups: Groups): StridedLayoutAttr {
  const { strides, offset } = stridesAndOffset(src);
  const reversed: number[] = [];
  let shapeIndex = resultShape.length - 1;
  for (let g = groups.length - 1; g >= 0; g--) {
    let stride = strides[g]!;
    for (let i = 0; i < groups[g]!.length; i++) {
      reversed.push(stride);
      stride = satMul(stride, resultShape[shapeIndex--]!);
    }
  }
  const result = reversed.reverse();
  while (result.length < resultShape.length) result.push(1);
  result.length = resultShape.length;
  return StridedLayoutAttr.get(ctx, result, offset);
}

/**
 * MLIR's computeCollapsedLayoutMap (not strict): a group's stride is that of its innermost non-unit dimension
 * (dynamic when that size is dynamic); undefined when a group is statically not contiguous.
 */
function collapsedLayout(ctx: Context, src: MemRefType, groups: Groups): StridedLayoutAttr | undefined {
  const { strides, offset } = stridesAndOffset(src);
  const shape = src.shape;
  const resultStrides: number[] = [];
  for (const group of groups) {
    if (group.length === 0) return undefined;
    let end = group.length;
    while (shape[group[end - 1]!] === 1 && end > 1) end--;
    const last = group[end - 1]!;
    resultStrides.push(shape[last] !== DYNAMIC || end === 1 ? strides[last]! : DYNAMIC);
  }
  let r = resultStrides.length - 1;
  for (let g = groups.length - 1; g >= 0; g--) {
    const group = groups[g]!;
    let stride = resultStrides[r--]!;
    for (let k = group.length - 1; k >= 1; k--) {
      const idx = group[k]!;
      stride = satMul(stride, shape[idx]!);
      if (shape[idx - 1] === 1) continue;
      const srcStride = strides[idx - 1]!;
      if (stride !== DYNAMIC && srcStride !== DYNAMIC && stride !== srcStride) return undefined;
    }
  }
  return StridedLayoutAttr.get(ctx, resultStrides, offset);
}

/** The memref type `shape` of `src`'s element type and memory space, with `layout`. */
function withShape(ctx: Context, src: MemRefType, shape: readonly number[], layout: StridedLayoutAttr | undefined): MemRefType {
  return MemRefType.get(ctx, shape, src.elementType, layout, src.memorySpace);
}

/**
 * `%e = memref.expand_shape %m [[0, 1], [2]] output_shape [%n, 4, 16] : memref<?x16xf32> into memref<?x4x16xf32>`:
 * a view with each source dimension split into a group of dimensions.
 */
export const ExpandShapeOp = defineOp('memref.expand_shape', {
  summary: 'operation to produce a memref with a higher rank.',
  description: `
The \`memref.expand_shape\` op produces a new view with a higher rank whose sizes are a reassociation of the
original \`view\`: each source dimension expands into a group of contiguous result dimensions (\`[[0, 1], [2]]\`).
\`output_shape\` gives the result sizes (static or dynamic). An expansion that is statically invalid (\`memref<10xf32>\`
into \`memref<2x6xf32>\`) is rejected; the result layout is the one computed from the source's.

Example:

\`\`\`mlir
%r = memref.expand_shape %0 [[0, 1], [2]] output_shape [%sz0, %sz1, 32] : memref<?x32xf32> into memref<?x?x32xf32>
\`\`\`
`,
  operands: { src: AnyStridedMemRef, output_shape: Variadic(Index) },
  properties: { reassociation: IndexListArrayAttr, static_output_shape: DenseI64ArrayAttr },
  results: { result: AnyStridedMemRef },
  traits: [Pure],
  interfaces: [ViewLikeOpInterface.implement({ getViewSource: (op) => op.getOperand(0) })],
  customDirectives: { DynamicIndexList },
  assemblyFormat:
    '$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` type($src) `into` type($result)',
  getAsmResultNames: (e, setName) => setName(e.result, 'expand_shape'),
  fold: ({ op }): OpFoldResult | undefined => foldReshape(op.src, op.result, (o: Operation): boolean => CollapseShapeOp.is(o)),
  verify(e) {
    const op = e.op;
    const src = e.src.type as MemRefType;
    const result = e.result.type as MemRefType;
    if (src.shape.length > result.shape.length) {
      const [r0, r1] = [src.shape.length, result.shape.length];
      op.emitOpError(`has source rank ${r0} and result rank ${r1}. This is not an expansion (${r0} > ${r1}).`);
      return false;
    }
    const groups = reassociationIndices(e.reassociation as ArrayAttr);
    if (!verifyCollapsedShape(op, src.shape, result.shape, groups)) return false;
    const expected = withShape(op.context, src, result.shape, isIdentityLayout(src) ? undefined : expandedLayout(op.context, src, result.shape, groups));
    if (expected !== result) {
      op.emitOpError(`expected expanded type to be '${expected}' but found '${result}'`);
      return false;
    }
    const staticShape = staticIndices(e.static_output_shape);
    if (staticShape.length !== result.shape.length) {
      op.emitOpError(`expected number of static shape bounds to be equal to the output rank (${result.shape.length}) but found ${staticShape.length} inputs instead`);
      return false;
    }
    const dynamic = countDynamic(staticShape);
    const given = op.numOperands - 1;
    if (given !== dynamic) {
      op.emitOpError(`mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has ${dynamic} dynamic dims while output_shape has ${given} values`);
      return false;
    }
    for (let i = 0; i < result.shape.length; i++) {
      const d = result.shape[i]!;
      if (d !== DYNAMIC && d !== staticShape[i]) {
        op.emitOpError(`invalid output shape provided at pos ${i}`);
        return false;
      }
    }
    return true;
  },
});

/**
 * `%c = memref.collapse_shape %m [[0, 1], [2]] : memref<4x8x16xf32> into memref<32x16xf32>`: a view with each group
 * of contiguous source dimensions merged into one.
 */
export const CollapseShapeOp = defineOp('memref.collapse_shape', {
  summary: 'operation to produce a memref with a smaller rank.',
  description: `
The \`memref.collapse_shape\` op produces a new view with a smaller rank whose sizes are a reassociation of the
original \`view\`: each group of contiguous source dimensions collapses into one result dimension. Collapsing
dimensions that are statically not contiguous is rejected; the result layout is the one computed from the source's.

Example:

\`\`\`mlir
%1 = memref.collapse_shape %0 [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
\`\`\`
`,
  operands: { src: AnyStridedMemRef },
  properties: { reassociation: IndexListArrayAttr },
  results: { result: AnyStridedMemRef },
  traits: [Pure],
  interfaces: [ViewLikeOpInterface.implement({ getViewSource: (op) => op.getOperand(0) })],
  assemblyFormat: '$src $reassociation attr-dict `:` type($src) `into` type($result)',
  getAsmResultNames: (c, setName) => setName(c.result, 'collapse_shape'),
  fold: ({ op }): OpFoldResult | undefined => foldReshape(op.src, op.result, (o: Operation): boolean => ExpandShapeOp.is(o)),
  verify(c) {
    const op = c.op;
    const src = c.src.type as MemRefType;
    const result = c.result.type as MemRefType;
    if (src.shape.length < result.shape.length) {
      const [r0, r1] = [src.shape.length, result.shape.length];
      op.emitOpError(`has source rank ${r0} and result rank ${r1}. This is not a collapse (${r0} < ${r1}).`);
      return false;
    }
    const groups = reassociationIndices(c.reassociation as ArrayAttr);
    if (!verifyCollapsedShape(op, result.shape, src.shape, groups)) return false;
    let layout: StridedLayoutAttr | undefined;
    if (!isIdentityLayout(src)) {
      layout = collapsedLayout(op.context, src, groups);
      if (!layout) {
        op.emitOpError('invalid source layout map or collapsing non-contiguous dims');
        return false;
      }
    }
    const expected = withShape(op.context, src, result.shape, layout);
    if (expected !== result) {
      op.emitOpError(`expected collapsed type to be '${expected}' but found '${result}'`);
      return false;
    }
    return true;
  },
});

/**
 * MLIR's foldReshapeOp for memref.expand_shape and memref.collapse_shape: a reshape to its source's own type is
 * the source, and a reshape undoing the inverse reshape that made its source (back to that one's source type) is
 * that source.
 */
function foldReshape(src: Value, result: Value, isInverse: (op: Operation) => boolean): OpFoldResult | undefined {
  if (src.type === result.type) return src;
  const def = src.definingOp;
  if (def && isInverse(def) && def.getOperand(0).type === result.type) return def.getOperand(0);
  return undefined;
}

/**
 * MLIR's CollapseShapeOp::computeCollapsedType: the memref `src` collapses to with `groups` (each size the product
 * of its group's, dynamic if one is; the identity layout stays, a strided one is collapsed); undefined when the
 * grouped dimensions of a strided layout are not contiguous.
 */
export function collapsedType(ctx: Context, src: MemRefType, groups: Groups): MemRefType | undefined {
  const shape = groups.map((g) => (g.some((i) => src.shape[i]! < 0) ? DYNAMIC : g.reduce((n, i) => n * src.shape[i]!, 1)));
  if (isIdentityLayout(src)) return withShape(ctx, src, shape, undefined);
  const layout = collapsedLayout(ctx, src, groups);
  return layout ? withShape(ctx, src, shape, layout) : undefined;
}
