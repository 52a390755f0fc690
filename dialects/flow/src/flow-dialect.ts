import { defineDialect } from '@tlir/ir';
import { DispatchWorkgroupCountOp, DispatchWorkgroupIdOp, DispatchWorkgroupSizeOp } from './dispatch-workgroup-ops.js';
import { GroupLoadOp } from './group-load-op.js';
import { GroupType } from './group-type.js';

/**
 * The flow dialect (after IREE's): so far the queries of a dispatched kernel's place in the dispatch grid and the
 * groups of memrefs a dispatch receives. Dispatch formation and outlining (executables, dispatches) come with the
 * flow issue.
 */
export const FlowDialect = defineDialect({
  name: 'flow',
  summary: 'Dispatches of kernels over a grid of work-groups (after IREE)',
  description: `
The \`flow\` dialect (after IREE's) models kernels dispatched over a 3D grid of work-groups. So far it has the ops a
dispatched kernel uses to ask where it runs (\`flow.dispatch.workgroup.id\`, \`count\` and \`size\`, in IREE's forms),
and, as a tlir extension, the group of memrefs a tensor-language kernel may receive (\`!flow.group\`,
\`flow.group.load\`). Executables, dispatches and their formation come later.

\`\`\`mlir
func.func @k(%g: !flow.group<memref<16xf32, strided<[1], offset: ?>>>) {
  %id = flow.dispatch.workgroup.id[0] : index
  %m = flow.group.load %g[%id] : !flow.group<memref<16xf32, strided<[1], offset: ?>>> -> memref<16xf32, strided<[1], offset: ?>>
  return
}
\`\`\`
`,
  operations: [DispatchWorkgroupIdOp, DispatchWorkgroupCountOp, DispatchWorkgroupSizeOp, GroupLoadOp],
  types: [GroupType],
});
