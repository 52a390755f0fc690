// Copies of a whole tensor: flow.tensor.clone, and flow.tensor.transfer to another device or context.
import { AnyAttr, AnyRankedTensor, Index, Pure, SameAs, Variadic, defineOp } from '@tlir/ir';
import { verifyDynamicDims } from './shaped-dims.js';

export const TensorCloneOp = defineOp('flow.tensor.clone', {
  summary: 'Performs a full tensor clone operation',
  description: `
Clones the input tensor into an identical output tensor.

\`\`\`mlir
%c = flow.tensor.clone %t : tensor<?x4xf32>{%n}
\`\`\`
`,
  operands: { operand: AnyRankedTensor, argument_dims: Variadic(Index) },
  results: { result: SameAs('operand') },
  traits: [Pure],
  assemblyFormat: '$operand `:` type($result) (`{` $argument_dims^ `}`)? attr-dict-with-keyword',
  verify: (c) => verifyDynamicDims(c.op, [c.operand.type], c.argument_dims),
});

export const TensorTransferOp = defineOp('flow.tensor.transfer', {
  summary: 'Transfers a tensor to a target by copying if needed',
  description: `
Transfers the tensor from whichever context it may be in to the specified target context (any attribute naming it).
If the contexts are compatible and can access each others memory the operation may be elided and otherwise will
become one or more copies to transfer the tensor in cases where staging through an intermediate context is required.
The reference interpreter has one device: the result is the tensor.

\`\`\`mlir
%t2 = flow.tensor.transfer %t : tensor<4x4xf32> to "device_b"
\`\`\`
`,
  operands: { operand: AnyRankedTensor, argument_dims: Variadic(Index) },
  results: { result: SameAs('operand') },
  properties: { target: AnyAttr },
  traits: [Pure],
  assemblyFormat: '$operand `:` type($result) (`{` $argument_dims^ `}`)? `to` $target attr-dict-with-keyword',
  verify: (t) => verifyDynamicDims(t.op, [t.operand.type], t.argument_dims),
});
