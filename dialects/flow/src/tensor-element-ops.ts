// One element of a tensor: read it (flow.tensor.load) or make a tensor with it replaced (flow.tensor.store).
import { AnyOf, AnyRankedTensor, AnySignlessInteger, AnyVector, ComplexType, FloatType, Index, Pure, SameAs, ShapedType, TypesMatchWith, Variadic, defineOp, type Operation, type Type, type Value } from '@tlir/ir';
import { verifyDynamicDims } from './shaped-dims.js';

const Element = AnyOf([Index, AnySignlessInteger, FloatType, ComplexType, AnyVector], 'index or signless integer or floating-point or complex-type or vector of any type values');
const elementOf = (t: Type): readonly Type[] => (t instanceof ShapedType ? [t.elementType] : []);

/** One index per dimension of the tensor. */
function verifyIndices(op: Operation, tensor: Type, indices: readonly Value[]): boolean {
  const rank = (tensor as ShapedType).rank ?? 0;
  if (indices.length === rank) return true;
  op.emitOpError(`expects ${rank} indices for ${tensor}, got ${indices.length}`);
  return false;
}

export const TensorLoadOp = defineOp('flow.tensor.load', {
  summary: 'Loads a value from a tensor element',
  description: `
Returns the element at the given location from within the tensor (one index per dimension; none for a rank-0
tensor). An index out of bounds is a runtime error in the reference interpreter.

\`\`\`mlir
%v = flow.tensor.load %t[%i, %j] : tensor<?x4xf32>{%n}
\`\`\`
`,
  operands: { source: AnyRankedTensor, source_dims: Variadic(Index), indices: Variadic(Index) },
  results: { result: TypesMatchWith('result type matches element type of source', 'source', elementOf, Element) },
  traits: [Pure],
  assemblyFormat: '$source (`[` $indices^ `]`)? `:` type($source) (`{` $source_dims^ `}`)? attr-dict-with-keyword',
  verify: (l) => verifyDynamicDims(l.op, [l.source.type], l.source_dims) && verifyIndices(l.op, l.source.type, l.indices),
});

export const TensorStoreOp = defineOp('flow.tensor.store', {
  summary: 'Stores a value into a tensor element',
  description: `
Returns a tensor with the element at the given index set to the given value; the operand tensor is unchanged (tensors
are values).

\`\`\`mlir
%t2 = flow.tensor.store %v, %t[%i, %j] : tensor<?x4xf32>{%n}
\`\`\`
`,
  operands: {
    value: TypesMatchWith('value type matches element type of target', 'target', elementOf, Element),
    target: AnyRankedTensor,
    target_dims: Variadic(Index),
    indices: Variadic(Index),
  },
  results: { result: SameAs('target') },
  traits: [Pure],
  assemblyFormat: '$value `,` $target (`[` $indices^ `]`)? `:` type($target) (`{` $target_dims^ `}`)? attr-dict-with-keyword',
  verify: (s) => verifyDynamicDims(s.op, [s.target.type], s.target_dims) && verifyIndices(s.op, s.target.type, s.indices),
});
