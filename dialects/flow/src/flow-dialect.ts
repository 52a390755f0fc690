import { defineDialect } from '@tlir/ir';
import { materializeArithConstant } from '@tlir/dialect-arith';
import { flowTensorCanonicalizationPatterns } from './tensor-folding.js';
import * as operations from './operations.js';
import { ChannelType } from './channel-type.js';
import { DispatchTensorType } from './dispatch-tensor-type.js';
import { FlowGroupType } from './group-type.js';
import { NamedParameterAttr } from './parameter-attr.js';

/**
 * The flow dialect (after IREE's): executables and their exports, dispatches (of an export, or with the body in
 * place), the queries of a dispatched kernel's place in the dispatch grid, value-semantic tensor ops, channels and
 * collectives; and the groups of memrefs a tensor-language dispatch receives (a tlir extension).
 */
export const FlowDialect = defineDialect({
  name: 'flow',
  summary: 'Dispatches of kernels over a grid of work-groups (after IREE)',
  description: `
The \`flow\` dialect (after IREE's) models kernels dispatched over a 3D grid of work-groups, and the data flow between
them on value-semantic tensors, in IREE's textual forms:

- executables (\`flow.executable\`) exporting functions (\`flow.executable.export\`, with a region computing the
  workgroup count from the workload), dispatched by \`flow.dispatch\`;
- dispatches written in place: \`flow.dispatch.workgroups\` (isolated, its body loads and stores tiles of
  \`!flow.dispatch.tensor\` bindings) and \`flow.dispatch.region\` (a fusion group);
- the ops a dispatched kernel uses to ask where it runs (\`flow.dispatch.workgroup.id\`, \`count\` and \`size\`);
- tensor ops (\`flow.tensor.*\`: creation, element and slice access, reshapes, copies, tracing);
- channels and collectives (\`flow.channel.*\`, \`flow.collective.*\`);
- as a tlir extension, the group of memrefs a tensor-language kernel may receive (\`!flow.group\`,
  \`flow.group.load\`).

The reference interpreter runs all of it on one device (docs/interpreter.md); \`--view-dispatch-graph\` prints which
dispatches of a host function read and write which tensors and how they depend on each other.

\`\`\`mlir
flow.executable private @ex {
  flow.executable.export public @scale workgroups(%n: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %n, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @scale(%io: !flow.dispatch.tensor<readwrite:tensor<?xf32>>, %n: index) { ... }
  }
}
func.func @host(%t: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %r = flow.dispatch @ex::@scale[%n](%t, %n) : (tensor<?xf32>{%n}, index) -> %t{%n}
  return %r : tensor<?xf32>
}
\`\`\`

A tensor-language kernel lowered by tl-to-krnl uses the work-group queries and may receive groups of memrefs:

\`\`\`mlir
func.func @k(%g: !flow.group<memref<16xf32, strided<[1], offset: ?>>>) {
  %id = flow.dispatch.workgroup.id[0] : index
  %m = flow.group.load %g[%id] : !flow.group<memref<16xf32, strided<[1], offset: ?>>> -> memref<16xf32, strided<[1], offset: ?>>
  return
}
\`\`\`
`,
  operations: Object.values(operations),
  types: [ChannelType, DispatchTensorType, FlowGroupType],
  attributes: [NamedParameterAttr],
  // IREE materializes folded flow values as arith constants.
  materializeConstant: materializeArithConstant,
  canonicalize: flowTensorCanonicalizationPatterns,
});
