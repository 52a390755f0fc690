// `%m = flow.group.load %g[%i] : !flow.group<...> -> memref<...>`: one memref of a group.
import { AnyMemRef, Index, ViewLikeOpInterface, defineOp } from '@tlir/ir';
import { NoMemoryEffect } from '@tlir/rewrite';
import { FlowGroupType } from './group-type.js';

/**
 * A tlir extension: the memref at index `i` of a group, moved by the group's offset. It reads the group's table
 * (which memref starts where), not the memrefs' elements, so it has no memory effect.
 */
export const GroupLoadOp = defineOp('flow.group.load', {
  summary: 'One memref of a group',
  description: `
\`%m = flow.group.load %g[%i] : !flow.group<memref<...>, offset: k> -> memref<...>\` gives the memref at index \`%i\` of
the group, moved by the group's offset \`k\` elements (spec: tensor language, Load from a group: \`group[i] + offset\`).
The result type is the group's memref type. An index outside the group is undefined behaviour (a runtime error in
the reference interpreter). A tlir extension: tl-to-krnl lowers the tensor language's \`load\` from a group to it.

\`\`\`mlir
%m = flow.group.load %g[%i] : !flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>> -> memref<16x8xf32, strided<[1, 16], offset: ?>>
\`\`\`
`,
  operands: { group: FlowGroupType, index: Index },
  results: { result: AnyMemRef },
  traits: [NoMemoryEffect],
  // The member views (part of) the memory of the group it is loaded from.
  interfaces: [ViewLikeOpInterface.implement({ getViewSource: (op) => op.getOperand(0) })],
  assemblyFormat: '$group `[` $index `]` attr-dict `:` qualified(type($group)) `->` type($result)',
  getAsmResultNames: (g, setName) => setName(g.result, 'member'),
  verify(g) {
    const group = g.group.type as FlowGroupType;
    if (g.result.type === group.memrefType) return true;
    g.op.emitOpError(`result type '${g.result.type}' is not the group's memref type '${group.memrefType}'`);
    return false;
  },
});
