import { defineDialect } from '@tlir/ir';
import * as operations from './operations.js';

/** The scf (structured control flow) dialect, as MLIR 22 writes it. */
export const ScfDialect = defineDialect({
  name: 'scf',
  summary: 'Structured control flow: loops and conditionals with regions',
  description: `
The \`scf\` (structured control flow) dialect contains operations that represent control flow constructs such as
\`if\` and \`for\`. Being _structured_ means that the control flow has a structure unlike, for example, \`goto\`s or
\`assert\`s. Unstructured control flow operations are located in the \`cf\` (control flow) dialect. Typically, \`scf\`
is lowered to \`cf\` and then lowered to some final target.
`,
  operations: Object.values(operations),
});
