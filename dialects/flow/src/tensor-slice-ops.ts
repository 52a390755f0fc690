// A box of a tensor: copied out (flow.tensor.slice) or written over (flow.tensor.update).
import { AnyRankedTensor, DenseArrayAttr, Index, IntegerType, Pure, RankedTensorType, Variadic, defineOp, type Operation, type Value } from '@tlir/ir';
import { parseDynamicDims, printDynamicDims, verifyDynamicDims } from './shaped-dims.js';
import { parseShapedTiedResult, printShapedTiedResult } from './shaped-tied-result.js';

/** The tensors have one start index (and length) per dimension and the same element type. */
function verifyBox(op: Operation, source: Value, other: Value, starts: readonly Value[], lengths?: readonly Value[]): boolean {
  const s = source.type as RankedTensorType;
  const o = other.type as RankedTensorType;
  const rank = s.shape.length;
  const fail = (message: string): false => {
    op.emitOpError(message);
    return false;
  };
  if (starts.length !== rank) return fail(`expects ${rank} start indices for ${s}, got ${starts.length}`);
  if (lengths && lengths.length !== rank) return fail(`expects ${rank} lengths for ${s}, got ${lengths.length}`);
  if (o.shape.length !== rank) return fail(`expects ${o} to have the rank of ${s}`);
  if (o.elementType !== s.elementType) return fail(`expects ${o} to have the element type of ${s}`);
  return true;
}

export const TensorSliceOp = defineOp('flow.tensor.slice', {
  summary: 'Slices out a subregion of a tensor',
  description: `
Clones a subregion of a tensor: \`[starts for lengths]\`, one start index and one length per dimension. The result
has the source's rank and element type; its sizes are the lengths (checked at run time where the type has static
sizes). A box outside the source is a runtime error in the reference interpreter.

\`\`\`mlir
%s = flow.tensor.slice %t[%i, %j for %m, %n] : tensor<?x4xf32>{%d} -> tensor<?x?xf32>{%m, %n}
\`\`\`
`,
  operands: {
    source: AnyRankedTensor,
    source_dims: Variadic(Index),
    start_indices: Variadic(Index),
    lengths: Variadic(Index),
    result_dims: Variadic(Index),
  },
  results: { result: AnyRankedTensor },
  traits: [Pure],
  assemblyFormat:
    '$source `[` $start_indices `for` $lengths `]` `:` type($source) (`{` $source_dims^ `}`)? `->` type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword',
  verify: (s) =>
    verifyDynamicDims(s.op, [s.source.type], s.source_dims) &&
    verifyDynamicDims(s.op, [s.result.type], s.result_dims) &&
    verifyBox(s.op, s.source, s.result, s.start_indices, s.lengths),
});

export const TensorUpdateOp = defineOp('flow.tensor.update', {
  summary: 'Updates a tensor with the contents of another tensor',
  description: `
Updates the target tensor with the contents of the update tensor at the given offset indices (one per dimension):
the result is the target with that box replaced, and has its type (printed \`%target as type\`, the result being
the target updated in place). An update that does not fit in the target is a runtime error in the reference
interpreter.

\`\`\`mlir
%r = flow.tensor.update %u, %t[%i, %j] : tensor<2x2xf32> -> %t as tensor<4x4xf32>
\`\`\`
`,
  operands: {
    target: AnyRankedTensor,
    target_dims: Variadic(Index),
    start_indices: Variadic(Index),
    update: AnyRankedTensor,
    update_dims: Variadic(Index),
  },
  results: { result: AnyRankedTensor },
  traits: [Pure],
  parse(p, state) {
    const ctx = p.context;
    const update = p.parseOperand();
    p.parseComma();
    const target = p.parseOperand();
    const starts = p.parseOperandList('square');
    p.parseColon();
    const updateType = p.parseType();
    const updateDims: import('@tlir/ir').UnresolvedOperand[] = [];
    parseDynamicDims(p, updateType, updateDims);
    p.parseArrow();
    const result = parseShapedTiedResult(p, target);
    p.parseOptionalAttrDictWithKeyword(state.attributes);
    const index = Index.build!(ctx);
    state.addOperands(
      p.resolveOperand(target, result.type),
      ...p.resolveOperands(result.dims, result.dims.map(() => index)),
      ...p.resolveOperands(starts, starts.map(() => index)),
      p.resolveOperand(update, updateType),
      ...p.resolveOperands(updateDims, updateDims.map(() => index)),
    );
    state.addTypes(result.type);
    state.addAttribute('operandSegmentSizes', DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), [1, result.dims.length, starts.length, 1, updateDims.length]));
    return true;
  },
  print(u, p) {
    p.write(' ');
    p.printOperand(u.update);
    p.write(', ');
    p.printOperand(u.target);
    p.write('[');
    p.printOperands(u.start_indices);
    p.write('] : ');
    p.printType(u.update.type);
    printDynamicDims(p, u.update.type, u.update_dims, { index: 0 });
    p.write(' -> ');
    printShapedTiedResult(p, u.target, u.result.type, u.target_dims);
    p.printOptionalAttrDictWithKeyword(u.op.attributes);
  },
  verify(u) {
    const op = u.op;
    if (u.result.type !== u.target.type) {
      op.emitOpError(`result type ${u.result.type} must be the target's type ${u.target.type}`);
      return false;
    }
    return (
      verifyDynamicDims(op, [u.update.type], u.update_dims) &&
      verifyDynamicDims(op, [u.target.type], u.target_dims) &&
      verifyBox(op, u.target, u.update, u.start_indices)
    );
  },
});
