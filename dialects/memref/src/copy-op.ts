import { MemoryAccessOpInterface, memoryAccess } from '@tlir/ir';
import { AnyRankedOrUnrankedMemRef, defineOp, defineTrait, getElementTypeOrSelf, isCompatibleShape } from '@tlir/ir';
import { MemRead, MemWrite } from '@tlir/rewrite';
import { canFoldCastIntoConsumer } from './cast-op.js';

// MLIR's SameOperandsElementType and SameOperandsShape, for copy's two operands.
const SameOperandsElementType = defineTrait('SameOperandsElementType', {
  verify(op) {
    const e = getElementTypeOrSelf(op.operandValues[0]!.type);
    for (let i = 1; i < op.operandValues.length; i++) {
      if (getElementTypeOrSelf(op.operandValues[i]!.type) !== e) {
        op.emitOpError('requires the same element type for all operands');
        return false;
      }
    }
    return true;
  },
});
const SameOperandsShape = defineTrait('SameOperandsShape', {
  verify(op) {
    const t = op.operandValues[0]!.type;
    for (let i = 1; i < op.operandValues.length; i++) {
      if (!isCompatibleShape(op.operandValues[i]!.type, t)) {
        op.emitOpError('requires the same shape for all operands');
        return false;
      }
    }
    return true;
  },
});

/** `memref.copy %a, %b : memref<4xf32> to memref<4xf32, strided<[2]>>`: copies every element. */
export const CopyOp = defineOp('memref.copy', {
  summary: 'copies the data from the source to the destination memref',
  description: `
Copies the data from the source to the destination memref. Source and destination are expected to have the same
element type and shape; they may have different layouts.

Example:

\`\`\`mlir
memref.copy %arg0, %arg1 : memref<?xf32> to memref<?xf32>
\`\`\`
`,
  operands: { source: AnyRankedOrUnrankedMemRef, target: AnyRankedOrUnrankedMemRef },
  traits: [SameOperandsElementType, SameOperandsShape, MemRead, MemWrite],
  interfaces: [
    MemoryAccessOpInterface.implement({
      getMemoryAccesses: (op) => [memoryAccess(op, 0, undefined, { read: true }), memoryAccess(op, 1, undefined, { write: true })],
    }),
  ],
  assemblyFormat: '$source `,` $target attr-dict `:` type($source) `to` type($target)',
  // MLIR's CopyOp::fold: a memref.cast that only forgets static information folds into the copy.
  fold({ op }) {
    let folded = false;
    for (let i = 0; i < 2; i++) {
      const def = op.op.getOperand(i).definingOp;
      if (def && canFoldCastIntoConsumer(def)) {
        op.op.setOperand(i, def.getOperand(0));
        folded = true;
      }
    }
    return folded ? op.op.results : undefined;
  },
});
