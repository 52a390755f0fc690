import { AnyRankedOrUnrankedMemRef, Index, IndexType, IntegerAttr, MemRefType, Pure, defineOp, type OpFoldResult } from '@tlir/ir';

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
  // MLIR's RankOp::fold: the rank of a ranked memref is a constant.
  fold({ op }): OpFoldResult | undefined {
    const type = op.memref.type;
    if (!(type instanceof MemRefType)) return undefined;
    const ctx = op.op.context;
    return IntegerAttr.get(ctx, IndexType.get(ctx), type.shape.length);
  },
});
