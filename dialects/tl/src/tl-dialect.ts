import { defineDialect } from '@tlir/ir';
import { TL_OPERATIONS } from './ops.js';
import { TlGroupType, TlMemrefType, VoidType } from './types.js';

/** The tensor language's dialect: one op per instruction, memref/group/void types (scalars are builtin types). */
export const TlDialect = defineDialect({
  name: 'tl',
  summary: 'The tensor language',
  description: `
The ops and types of the tensor language (spec/tensor-language.txt). Kernels are read from \`.tl\` text by the
front end (\`parseTensorLanguage\`), which resolves the preprocessor's compile-time variables and checks the
language's rules, and printed back as tensor-language text by \`printTensorLanguage\`. The ops' verifiers check
the same rules (with the same rule functions) on ops written in MLIR syntax or made by passes: result types of
the views, shapes and element types of the collectives, collectives outside spmd regions, if/yield types, loop
types, work-group sizes. See docs/tensor-language.md.
`,
  operations: [...TL_OPERATIONS],
  types: [TlMemrefType, TlGroupType, VoidType],
});
