// memref.subview, reinterpret_cast, expand_shape, collapse_shape, cast, dim, rank, extract_strided_metadata and
// assume_alignment: views of the same memory (nothing is copied). What MLIR leaves undefined when run-time values
// disagree with the op (a subview reaching outside its source, a group whose sizes do not multiply to the
// dimension it expands, a non-contiguous group to collapse, a cast to a layout the view does not have) is a
// runtime error.
import { DYNAMIC, staticIndices, type Attribute, type MemRefType, type ViewOf } from '@tlir/ir';
import { MemrefView, fault, type InterpreterRegistry, type RuntimeValue } from '@tlir/interpreter';
import { AssumeAlignmentOp } from '../assume-alignment-op.js';
import { CastOp } from '../cast-op.js';
import { DimOp } from '../dim-op.js';
import { ExtractStridedMetadataOp } from '../extract-strided-metadata-op.js';
import { RankOp } from '../rank-op.js';
import { ReinterpretCastOp } from '../reinterpret-cast-op.js';
import { CollapseShapeOp, ExpandShapeOp } from '../reshape-ops.js';
import { SubViewOp } from '../subview-op.js';
import { reassociationIndices } from '../memref-constraints.js';
import { memrefValueProblem } from './memref-values.js';
import { subviewDroppedDims } from './subview-rank-reduction.js';

/** A static index list with its DYNAMIC entries replaced by run-time values, taken in order from `dynamic`. */
function mixed(list: Attribute | undefined, dynamic: readonly RuntimeValue[]): number[] {
  let next = 0;
  return staticIndices(list).map((v) => (v === DYNAMIC ? (dynamic[next++] as number) : v));
}

/** The runtime values of the operand groups [source, offsets, sizes, strides] of a subview or reinterpret_cast. */
function operandGroups(op: ViewOf<typeof SubViewOp | typeof ReinterpretCastOp>, operands: readonly RuntimeValue[]): [[MemrefView], RuntimeValue[], RuntimeValue[], RuntimeValue[]] {
  const groups: RuntimeValue[][] = [];
  let start = 0;
  for (const n of [1, op.offsets.length, op.sizes.length, op.strides.length]) {
    groups.push(operands.slice(start, start + n));
    start += n;
  }
  return groups as [[MemrefView], RuntimeValue[], RuntimeValue[], RuntimeValue[]];
}

function subview(op: ViewOf<typeof SubViewOp>, operands: readonly RuntimeValue[]): MemrefView {
  const [[s], offsetValues, sizeValues, strideValues] = operandGroups(op, operands);
  const source = s;
  const offsets = mixed(op.static_offsets, offsetValues);
  const sizes = mixed(op.static_sizes, sizeValues);
  const steps = mixed(op.static_strides, strideValues);
  let offset = source.offset;
  for (let k = 0; k < source.rank; k++) {
    const [o, n, step, dim] = [offsets[k]!, sizes[k]!, steps[k]!, source.sizes[k]!];
    if (n < 0) fault(`the subview has the negative size ${n} in dimension ${k}`);
    const last = o + (n - 1) * step;
    if (o < 0 || (n > 0 ? o >= dim || last < 0 || last >= dim : o > dim)) {
      fault(`the subview reaches ${n > 0 && o >= 0 && o < dim ? `index ${last}` : `offset ${o}`} of dimension ${k}, whose size is ${dim} (${source.describe()})`);
    }
    offset += o * source.strides[k]!;
  }
  const dropped = subviewDroppedDims(op.op);
  const keptSizes: number[] = [];
  const keptStrides: number[] = [];
  for (let k = 0; k < source.rank; k++) {
    if (dropped[k]) continue;
    keptSizes.push(sizes[k]!);
    keptStrides.push(steps[k]! * source.strides[k]!);
  }
  return new MemrefView(source.memory, offset, keptSizes, keptStrides);
}

function reinterpretCast(op: ViewOf<typeof ReinterpretCastOp>, operands: readonly RuntimeValue[]): MemrefView {
  const [[source], offsetValues, sizeValues, strideValues] = operandGroups(op, operands);
  const [offset] = mixed(op.static_offsets, offsetValues);
  const sizes = mixed(op.static_sizes, sizeValues);
  const strides = mixed(op.static_strides, strideValues);
  sizes.forEach((n, k) => n < 0 && fault(`the reinterpret_cast has the negative size ${n} in dimension ${k}`));
  if (offset! < 0) fault(`the reinterpret_cast has the negative offset ${offset}`);
  // Accesses through the view are checked against the memory; the cast itself is not (as in MLIR).
  return new MemrefView(source.memory, offset!, sizes, strides);
}

const groupsOf = (op: ViewOf<typeof ExpandShapeOp | typeof CollapseShapeOp>): readonly (readonly number[])[] => reassociationIndices(op.reassociation);

/** Each source dimension split into its group of result dimensions: the innermost keeps the source stride. */
function expandShape(op: ViewOf<typeof ExpandShapeOp>, [s, ...shapeValues]: readonly RuntimeValue[]): MemrefView {
  const source = s as MemrefView;
  const sizes = mixed(op.static_output_shape, shapeValues);
  const strides = sizes.map(() => 1);
  groupsOf(op).forEach((group, g) => {
    let product = 1;
    let stride = source.strides[g]!;
    for (let i = group.length - 1; i >= 0; i--) {
      const d = group[i]!;
      if (sizes[d]! < 0) fault(`output_shape has the negative size ${sizes[d]} in dimension ${d}`);
      strides[d] = stride;
      stride *= sizes[d]!;
      product *= sizes[d]!;
    }
    if (product !== source.sizes[g]) fault(`the sizes [${group.map((d) => sizes[d]).join(', ')}] of group ${g} multiply to ${product}, not to the size ${source.sizes[g]} of dimension ${g} they expand`);
  });
  return new MemrefView(source.memory, source.offset, sizes, strides);
}

/**
 * Each group of source dimensions merged into one. The group must be contiguous (each dimension's stride is the
 * next one's times its size; dimensions of size 1 do not count); its stride is that of its innermost dimension
 * whose static size is not 1, as MLIR's computeCollapsedLayoutMap chooses it.
 */
function collapseShape(op: ViewOf<typeof CollapseShapeOp>, [s]: readonly RuntimeValue[]): MemrefView {
  const source = s as MemrefView;
  const staticShape = (op.src.type as MemRefType).shape;
  const sizes: number[] = [];
  const strides: number[] = [];
  groupsOf(op).forEach((group, g) => {
    let end = group.length;
    while (end > 1 && staticShape[group[end - 1]!] === 1) end--;
    const size = group.reduce((n, d) => n * source.sizes[d]!, 1);
    if (size > 0) {
      let expected: number | undefined;
      for (let i = group.length - 1; i >= 0; i--) {
        const d = group[i]!;
        if (source.sizes[d] === 1) continue;
        if (expected !== undefined && source.strides[d] !== expected) {
          fault(`group ${g} [${group.join(', ')}] is not contiguous: dimension ${d} has stride ${source.strides[d]}, ${expected} would collapse (${source.describe()})`);
        }
        expected = source.strides[d]! * source.sizes[d]!;
      }
    }
    sizes.push(size);
    strides.push(source.strides[group[end - 1]!] ?? 1);
  });
  return new MemrefView(source.memory, source.offset, sizes, strides);
}

export function registerViewOps(registry: InterpreterRegistry): void {
  registry.registerImpl(SubViewOp, (op, operands) => [subview(op, operands)]);
  registry.registerImpl(ReinterpretCastOp, (op, operands) => [reinterpretCast(op, operands)]);
  registry.registerImpl(ExpandShapeOp, (op, operands) => [expandShape(op, operands)]);
  registry.registerImpl(CollapseShapeOp, (op, operands) => [collapseShape(op, operands)]);
  // MLIR leaves a cast undefined when the run-time sizes or layout are not the target type's.
  registry.registerImpl(CastOp, (op, [m]) => {
    const type = op.dest.type;
    const problem = memrefValueProblem(type, m!);
    if (problem) fault(`the memref does not have the type it is cast to (${type}): ${problem}`);
    return [m!];
  });
  registry.registerImpl(DimOp, (_op, [m, index]) => {
    const view = m as MemrefView;
    const k = index as number;
    if (!(k >= 0 && k < view.rank)) fault(`dimension ${k} of a memref of rank ${view.rank}`);
    return [view.sizes[k]!];
  });
  registry.registerImpl(RankOp, (_op, [m]) => [(m as MemrefView).rank]);
  registry.registerImpl(ExtractStridedMetadataOp, (_op, [m]) => {
    const view = m as MemrefView;
    return [new MemrefView(view.memory, 0, [], []), view.offset, ...view.sizes, ...view.strides];
  });
  // The alignment is a promise about addresses, which the interpreter's memories do not have.
  registry.registerImpl(AssumeAlignmentOp, (_op, [m]) => [m!]);
}
