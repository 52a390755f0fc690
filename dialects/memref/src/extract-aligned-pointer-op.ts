import { AnyRankedOrUnrankedMemRef, Index, Pure, defineOp } from '@tlir/ir';

/**
 * `%p = memref.extract_aligned_pointer_as_index %m : memref<4x4xf32> -> index`: the aligned pointer of a memref as
 * an index, to hand to code outside MLIR (MLIR 22's `memref.extract_aligned_pointer_as_index`).
 */
export const ExtractAlignedPointerAsIndexOp = defineOp('memref.extract_aligned_pointer_as_index', {
  summary: 'extracts a memref\'s underlying aligned pointer as an index',
  description: `
Extracts the underlying aligned pointer as an index. This operation is useful for lowering to lower-level dialects
while still avoiding the need to define a pointer type in higher-level dialects such as the memref dialect. It does
not take the memref's offset into account.

Example:

\`\`\`mlir
%0 = memref.extract_aligned_pointer_as_index %arg : memref<4x4xf32> -> index
\`\`\`
`,
  operands: { source: AnyRankedOrUnrankedMemRef },
  results: { aligned_pointer: Index },
  traits: [Pure],
  assemblyFormat: '$source `:` type($source) `->` type(results) attr-dict',
  getAsmResultNames: (e, setName) => setName(e.aligned_pointer, 'intptr'),
});
