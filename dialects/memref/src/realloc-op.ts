import { Index, MemRefRankOf, AnyType, MemRefType, Optional, OptionalAttr, defineOp } from '@tlir/ir';
import { MemAlloc, MemFree } from '@tlir/rewrite';
import { countDynamic } from './static-indices.js';
import { AlignmentAttr } from './memref-constraints.js';
import { hasIdentityLayout } from './identity-layout.js';

/**
 * `%n = memref.realloc %m(%size) : memref<?xf32> to memref<?xf32>`: a 1-D buffer grown or shrunk, its contents kept
 * up to the smaller size; the source may not be used afterwards (MLIR 22's `memref.realloc`).
 */
export const ReallocOp = defineOp('memref.realloc', {
  summary: 'memory reallocation operation',
  description: `
The \`realloc\` operation changes the size of a memory region: it allocates a new region of the result type's size,
copies the contents of the source up to the smaller of the two sizes, and frees the source (which may not be used
afterwards). Source and result are 1-D memrefs with the identity layout, the same element type and the same memory
space. A dynamic result size is given as an operand.

Example:

\`\`\`mlir
%new = memref.realloc %old : memref<64xf32> to memref<124xf32>
%new = memref.realloc %old(%d) : memref<64xf32> to memref<?xf32>
%new = memref.realloc %old(%d) {alignment = 8} : memref<?xf32> to memref<?xf32>
\`\`\`
`,
  operands: { source: MemRefRankOf([AnyType], [1]), dynamicResultSize: Optional(Index) },
  properties: { alignment: OptionalAttr(AlignmentAttr) },
  results: { result: MemRefRankOf([AnyType], [1]) },
  traits: [MemAlloc, MemFree],
  assemblyFormat: '$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)',
  verify(r) {
    const op = r.op;
    const from = r.source.type as MemRefType;
    const to = r.result.type as MemRefType;
    if (!hasIdentityLayout(from)) {
      op.emitError(`unsupported layout for source memref type '${from}'`);
      return false;
    }
    if (!hasIdentityLayout(to)) {
      op.emitError(`unsupported layout for result memref type '${to}'`);
      return false;
    }
    if (from.memorySpace !== to.memorySpace) {
      op.emitError(`different memory spaces specified for source memref type '${from}' and result memref type '${to}'`);
      return false;
    }
    if (from.elementType !== to.elementType) {
      op.emitError(`different element types specified for source memref type '${from}' and result memref type '${to}'`);
      return false;
    }
    const dynamic = countDynamic(to.shape) !== 0;
    if (dynamic && r.dynamicResultSize === undefined) {
      op.emitError(`missing dimension operand for result type '${to}'`);
      return false;
    }
    if (!dynamic && r.dynamicResultSize !== undefined) {
      op.emitError(`unnecessary dimension operand for result type '${to}'`);
      return false;
    }
    return true;
  },
});
