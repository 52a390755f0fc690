import { AnyRankedOrUnrankedMemRef, Index, Pure, defineOp } from '@tlir/ir';

/** `%r = memref.rank %m : memref<*xf32>`: the rank of a memref. */
export const RankOp = defineOp('memref.rank', {
  summary: 'rank operation',
  description: `
The \`memref.rank\` operation takes a memref operand and returns its rank.

Example:

\`\`\`mlir
%0 = memref.rank %arg0 : memref<*xf32>
%1 = memref.rank %arg1 : memref<?x?xf32>
\`\`\`
`,
  operands: { memref: AnyRankedOrUnrankedMemRef },
  results: { result: Index },
  traits: [Pure],
  assemblyFormat: '$memref attr-dict `:` type($memref)',
});
