import { Index, defineOp } from '@tlir/ir';
import { NoMemoryEffect } from '@tlir/rewrite';
import { AnyNon0RankedOrUnrankedMemRef } from './memref-constraints.js';

/** `%d = memref.dim %m, %i : memref<4x?xf32>`: the size of one dimension. */
export const DimOp = defineOp('memref.dim', {
  summary: 'dimension index operation',
  description: `
The \`dim\` operation takes a memref and a dimension operand of type \`index\`. It returns the size of the requested
dimension of the given memref. If the dimension index is out of bounds the behavior is undefined.

Example:

\`\`\`mlir
%c1 = arith.constant 1 : index
%y = memref.dim %A, %c1 : memref<4x?xf32>
\`\`\`
`,
  operands: { source: AnyNon0RankedOrUnrankedMemRef, index: Index },
  results: { result: Index },
  traits: [NoMemoryEffect],
  assemblyFormat: 'attr-dict $source `,` $index `:` type($source)',
  getAsmResultNames: (d, setName) => setName(d.result, 'dim'),
});
