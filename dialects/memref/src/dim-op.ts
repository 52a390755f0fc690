import { Index, IndexType, IntegerAttr, MemRefType, defineOp, type OpFoldResult } from '@tlir/ir';
import { NoMemoryEffect } from '@tlir/rewrite';
import { AllocaOp, AllocOp } from './alloc-op.js';
import { CastOp, foldMemRefCast } from './cast-op.js';
import { AnyNon0RankedOrUnrankedMemRef } from './memref-constraints.js';
import { ViewOp } from './view-op.js';

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
  // MLIR's DimOp::fold: at a constant index, a static size is a constant and a dynamic one the size operand of the
  // alloc, alloca or view that made the memref; a memref.cast of a ranked memref folds into the dim. (Sizes of
  // subviews are not folded here.)
  fold({ op, index }): OpFoldResult | undefined {
    if (!(index instanceof IntegerAttr)) return undefined;
    const type = op.source.type;
    if (!(type instanceof MemRefType)) return undefined;
    const i = Number(index.value);
    if (i < 0 || i >= type.shape.length) return undefined;
    const size = type.shape[i]!;
    const ctx = op.op.context;
    if (size >= 0) return IntegerAttr.get(ctx, IndexType.get(ctx), size);
    let dynamicIndex = 0;
    for (let k = 0; k < i; k++) if (type.shape[k]! < 0) dynamicIndex++;
    const def = op.source.definingOp;
    if (def && (AllocOp.is(def) || AllocaOp.is(def))) return def.getOperand(dynamicIndex);
    if (def && ViewOp.is(def)) return def.getOperand(2 + dynamicIndex);
    if (def && CastOp.is(def) && foldMemRefCast(op.op)) return op.result;
    return undefined;
  },
});
