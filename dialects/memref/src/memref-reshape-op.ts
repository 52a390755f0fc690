import { AnyRankedOrUnrankedMemRef, AnySignlessInteger, Index, MemRefRankOf, MemRefType, Pure, ViewLikeOpInterface, defineOp, getElementTypeOrSelf } from '@tlir/ir';
import { DYNAMIC } from '@tlir/ir';
import { hasIdentityLayout } from './identity-layout.js';

/**
 * `%r = memref.reshape %m(%shape) : (memref<*xf32>, memref<2xi32>) -> memref<?x?xf32>`: the same memory seen with
 * the shape a 1-D memref of sizes gives (MLIR 22's `memref.reshape`).
 */
export const ReshapeOp = defineOp('memref.reshape', {
  summary: 'memref reshape operation',
  description: `
The \`reshape\` operation converts a memref from one type to an equivalent type with a provided shape. The data is
never copied or modified. The source and destination types are compatible if both have the same element type,
same number of elements, address space and identity layout map. The shape operand, a 1-D memref of integers or
indices, gives the sizes of the result: its length is the rank of a ranked result, and a shape of dynamic length
gives an unranked result.

Example:

\`\`\`mlir
%dst = memref.reshape %src(%shape) : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>
%dst0 = memref.reshape %src(%shape0) : (memref<4x1xf32>, memref<2xi32>) -> memref<2x2xf32>
%dst_unranked = memref.reshape %src(%shape) : (memref<?xf32>, memref<?xi32>) -> memref<*xf32>
\`\`\`
`,
  operands: { source: AnyRankedOrUnrankedMemRef, shape: MemRefRankOf([AnySignlessInteger, Index], [1]) },
  results: { result: AnyRankedOrUnrankedMemRef },
  traits: [Pure],
  interfaces: [ViewLikeOpInterface.implement({ getViewSource: (op) => op.getOperand(0) })],
  assemblyFormat: '$source `(` $shape `)` attr-dict `:` functional-type(operands, results)',
  getAsmResultNames: (r, setName) => setName(r.result, 'reshape'),
  verify(r) {
    const op = r.op;
    const from = r.source.type;
    const to = r.result.type;
    if (getElementTypeOrSelf(from) !== getElementTypeOrSelf(to)) {
      op.emitOpError('element types of source and destination memref types should be the same');
      return false;
    }
    if (!hasIdentityLayout(from)) {
      op.emitOpError('source memref type should have identity affine map');
      return false;
    }
    const shapeSize = (r.shape.type as MemRefType).shape[0]!;
    if (to instanceof MemRefType) {
      if (!hasIdentityLayout(to)) {
        op.emitOpError('result memref type should have identity affine map');
        return false;
      }
      if (shapeSize === DYNAMIC) {
        op.emitOpError('cannot use shape operand with dynamic length to reshape to statically-ranked memref type');
        return false;
      }
      if (shapeSize !== to.shape.length) {
        op.emitOpError("length of shape operand differs from the result's memref rank");
        return false;
      }
    }
    return true;
  },
});
