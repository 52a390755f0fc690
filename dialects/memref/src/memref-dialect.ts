import { defineDialect } from '@tlir/ir';
import { AllocOp, AllocaOp } from './alloc-op.js';
import { AllocaScopeOp, AllocaScopeReturnOp } from './alloca-scope-op.js';
import { AssumeAlignmentOp } from './assume-alignment-op.js';
import { AtomicRMWOp } from './atomic-rmw-op.js';
import { CastOp } from './cast-op.js';
import { CopyOp } from './copy-op.js';
import { DeallocOp } from './dealloc-op.js';
import { DimOp } from './dim-op.js';
import { ExtractStridedMetadataOp } from './extract-strided-metadata-op.js';
import { AtomicYieldOp, GenericAtomicRMWOp } from './generic-atomic-rmw-op.js';
import { GetGlobalOp } from './get-global-op.js';
import { GlobalOp } from './global-op.js';
import { LoadOp } from './load-op.js';
import { RankOp } from './rank-op.js';
import { ReinterpretCastOp } from './reinterpret-cast-op.js';
import { CollapseShapeOp, ExpandShapeOp } from './reshape-ops.js';
import { StoreOp } from './store-op.js';
import { SubViewOp } from './subview-op.js';
import { ViewOp } from './view-op.js';

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
  operations: [
    AllocOp,
    AllocaOp,
    AllocaScopeOp,
    AllocaScopeReturnOp,
    AssumeAlignmentOp,
    AtomicRMWOp,
    AtomicYieldOp,
    CastOp,
    CollapseShapeOp,
    CopyOp,
    DeallocOp,
    DimOp,
    ExpandShapeOp,
    ExtractStridedMetadataOp,
    GenericAtomicRMWOp,
    GetGlobalOp,
    GlobalOp,
    LoadOp,
    RankOp,
    ReinterpretCastOp,
    StoreOp,
    SubViewOp,
    ViewOp,
  ],
});
