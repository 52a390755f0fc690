import { MemoryAccessOpInterface, memoryAccess } from '@tlir/ir';
import { AnyRankedOrUnrankedMemRef, defineOp } from '@tlir/ir';
import { MemFree } from '@tlir/rewrite';
import { foldMemRefCast } from './cast-op.js';

/** `memref.dealloc %m : memref<8x64xf32>`: frees memory from `memref.alloc`. */
export const DeallocOp = defineOp('memref.dealloc', {
  summary: 'memory deallocation operation',
  description: `
The \`dealloc\` operation frees the region of memory referenced by a memref which was originally created by the
\`alloc\` operation. It should not be called on memrefs which alias an alloc'd memref (e.g. views).

Example:

\`\`\`mlir
%0 = memref.alloc() : memref<8x64xf32, 1>
memref.dealloc %0 : memref<8x64xf32, 1>
\`\`\`
`,
  operands: { memref: AnyRankedOrUnrankedMemRef },
  traits: [MemFree],
  interfaces: [MemoryAccessOpInterface.implement({ getMemoryAccesses: (op) => [memoryAccess(op, 0, undefined, { free: true })] })],
  assemblyFormat: '$memref attr-dict `:` type($memref)',
  // MLIR's DeallocOp::fold: dealloc(memref.cast(%m)) frees %m.
  fold: ({ op }) => (foldMemRefCast(op.op) ? op.op.results : undefined),
});
