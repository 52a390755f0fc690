import { defineDialect } from '@tlir/ir';
import * as operations from './operations.js';
import { cfCanonicalizationPatterns } from './canonicalization.js';

/** The cf (control flow) dialect, as MLIR 22 writes it. */
export const CfDialect = defineDialect({
  name: 'cf',
  summary: 'Unstructured control flow: branches between blocks, switches and assertions',
  description: `
This dialect contains low-level, i.e. non-region based, control flow constructs. These constructs generally
represent control flow directly on SSA blocks of a control flow graph: \`cf.br\`, \`cf.cond_br\` and \`cf.switch\` end a
block and pass values to the arguments of the block they branch to; \`cf.assert\` aborts the program when its
condition is false.
`,
  operations: Object.values(operations),
  canonicalize: cfCanonicalizationPatterns,
});
