// `%t2 = flow.tensor.tie_shape %t : tensor<?x4xf32>{%n}`: the runtime sizes of a tensor made explicit.
import { AnyRankedTensor, Index, Pure, SameAs, Variadic, defineOp } from '@tlir/ir';
import { verifyDynamicDims } from './shaped-dims.js';

export const TensorTieShapeOp = defineOp('flow.tensor.tie_shape', {
  summary: 'Ties a runtime shape to a tensor value',
  description: `
Metadata op used to tie tensors with their runtime-computed dynamic dimensions. This only exists transiently in the IR
as a witness to shape calculations and is removed during lowering. Its result is its operand; the reference
interpreter checks that the tensor has these sizes.

\`\`\`mlir
%t2 = flow.tensor.tie_shape %t : tensor<?x4xf32>{%n}
\`\`\`
`,
  operands: { operand: AnyRankedTensor, dynamic_dims: Variadic(Index) },
  results: { result: SameAs('operand') },
  traits: [Pure],
  assemblyFormat: '$operand attr-dict `:` type($result) (`{` $dynamic_dims^ `}`)?',
  verify: (t) => verifyDynamicDims(t.op, [t.operand.type], t.dynamic_dims),
});
