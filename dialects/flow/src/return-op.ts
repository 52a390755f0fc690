// `flow.return %a, %b : tensor<4xf32>, index`: the terminator of flow's regions.
import { AnyType, Pure, ReturnLike, Terminator, Variadic, defineOp } from '@tlir/ir';

export const ReturnOp = defineOp('flow.return', {
  summary: 'Return from a flow.dispatch_region',
  description: `
Returns the given values from the region and back to the host code. It ends the body of \`flow.dispatch.region\`
(the region's results), the body of \`flow.dispatch.workgroups\` (no values: results are stored through the
\`!flow.dispatch.tensor\` arguments) and workgroup count regions (the x, y and z counts). The op that owns the region
checks what it returns.

\`\`\`mlir
flow.return %x, %y, %z : index, index, index
\`\`\`
`,
  operands: { operands: Variadic(AnyType) },
  traits: [Pure, ReturnLike, Terminator],
  assemblyFormat: 'attr-dict ($operands^ `:` type($operands))?',
});
