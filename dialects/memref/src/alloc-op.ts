import { AnyMemRef, AutomaticAllocationScope, Index, OptionalAttr, Variadic, defineOp, type MemRefType, type Operation, staticIndices} from '@tlir/ir';
import { MemAlloc } from '@tlir/rewrite';
import { AlignmentAttr } from './memref-constraints.js';
import { countDynamic, layoutSymbolCount } from './static-indices.js';

/**
 * MLIR's verifyAllocLikeOp: a size operand per dynamic dimension, a symbol operand per symbol of the layout. The
 * group sizes are read from the segment sizes (no arrays built: allocations are common ops).
 */
function verifyAllocLike(op: Operation): boolean {
  const type = op.getResultType(0) as MemRefType;
  const seg = staticIndices(op.getProperty('operandSegmentSizes'));
  const numSizes = seg[0] ?? 0;
  const numSymbols = seg[1] ?? 0;
  const dynamic = countDynamic(type.shape);
  if (numSizes !== dynamic) {
    op.emitOpError(`incorrect number of dynamic sizes, has ${numSizes}, expected ${dynamic}`);
    return false;
  }
  const symbols = layoutSymbolCount(type);
  if (numSymbols !== symbols) {
    op.emitOpError(`symbol operand count does not equal memref symbol count: expected ${symbols}, got ${numSymbols}`);
    return false;
  }
  return true;
}

const ALLOC_FORMAT = '`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)';

/** `%m = memref.alloc(%n)[%s] {alignment = 64} : memref<?x4xf32>`: a heap allocation. */
export const AllocOp = defineOp('memref.alloc', {
  summary: 'memory allocation operation',
  description: `
The \`alloc\` operation allocates a region of memory, as specified by its memref type. The optional list of
dimension operands is bound to the dynamic dimensions of the type, the optional list of symbol operands (in
square brackets) to the symbols of its layout (a dynamic offset or stride of a strided layout). The optional
\`alignment\` (a power of two) asks for the memory to be aligned to that many bytes.

Example:

\`\`\`mlir
%0 = memref.alloc() : memref<8x64xf32, 1>
%1 = memref.alloc(%d) : memref<8x?xf32, 1>
%2 = memref.alloc()[%s] {alignment = 8} : memref<8x64xf32, strided<[64, 1], offset: ?>>
\`\`\`
`,
  operands: { dynamicSizes: Variadic(Index), symbolOperands: Variadic(Index) },
  properties: { alignment: OptionalAttr(AlignmentAttr) },
  results: { memref: AnyMemRef },
  traits: [MemAlloc],
  assemblyFormat: ALLOC_FORMAT,
  getAsmResultNames: (a, setName) => setName(a.memref, 'alloc'),
  verify: (a) => verifyAllocLike(a.op),
});

/**
 * `%m = memref.alloca(%n) : memref<?xf32>`: a stack allocation, freed when control leaves the closest enclosing op
 * with the AutomaticAllocationScope trait (func.func, scf.for, ...).
 */
export const AllocaOp = defineOp('memref.alloca', {
  summary: 'stack memory allocation operation',
  description: `
The \`alloca\` operation allocates memory on the stack, to be automatically released when control transfers back
from the region of its closest surrounding operation with an \`AutomaticAllocationScope\` trait. Its operands and
\`alignment\` are those of \`memref.alloc\`.

Example:

\`\`\`mlir
%0 = memref.alloca() : memref<8x64xf32>
%1 = memref.alloca(%d) : memref<8x?xf32>
\`\`\`
`,
  operands: { dynamicSizes: Variadic(Index), symbolOperands: Variadic(Index) },
  properties: { alignment: OptionalAttr(AlignmentAttr) },
  results: { memref: AnyMemRef },
  traits: [MemAlloc],
  assemblyFormat: ALLOC_FORMAT,
  getAsmResultNames: (a, setName) => setName(a.memref, 'alloca'),
  verify(a) {
    let scope = a.op.parentOp;
    while (scope && !scope.hasTrait(AutomaticAllocationScope)) scope = scope.parentOp;
    if (!scope) {
      a.op.emitOpError('requires an ancestor op with AutomaticAllocationScope trait');
      return false;
    }
    return verifyAllocLike(a.op);
  },
});
