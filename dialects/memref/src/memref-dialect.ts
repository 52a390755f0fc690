import { defineDialect } from '@tlir/ir';
import { materializeArithConstant } from '@tlir/dialect-arith';
import * as operations from './operations.js';
import { memrefCanonicalizationPatterns } from './canonicalization.js';

/** The memref dialect, as MLIR 22 writes it. */
export const MemRefDialect = defineDialect({
  name: 'memref',
  summary: 'The memref dialect',
  description: `
The \`memref\` dialect is intended to hold core memref creation and manipulation ops, which are not strongly
associated with any particular other dialect or domain abstraction: allocation (\`alloc\`, \`alloca\`, \`dealloc\`,
\`global\`, \`get_global\`), element access (\`load\`, \`store\`, \`atomic_rmw\`, \`copy\`), views on the same memory
(\`subview\`, \`reinterpret_cast\`, \`expand_shape\`, \`collapse_shape\`, \`view\`, \`cast\`), metadata (\`dim\`, \`rank\`,
\`extract_strided_metadata\`, \`assume_alignment\`), atomics (\`atomic_rmw\`, \`generic_atomic_rmw\`) and stack allocation
scopes (\`alloca_scope\`). Layouts are strided (\`strided<[16, 1], offset: ?>\`) or the identity.
`,
  operations: Object.values(operations),
  // Folded sizes (memref.dim of a static dimension) become arith constants, as in MLIR.
  materializeConstant: materializeArithConstant,
  canonicalize: memrefCanonicalizationPatterns,
});
