import { MemoryAccessOpInterface, memoryAccess } from '@tlir/ir';
import { AnyMemRef, AnyType, BoolAttr, DefaultValuedOptionalAttr, Index, IntegerAttr, OptionalAttr, TypesMatchWith, Variadic, defineOp, type MemRefType } from '@tlir/ir';
import { MemRead } from '@tlir/rewrite';
import { elementTypeOf } from './element-type.js';
import { foldMemRefCast } from './cast-op.js';
import { AlignmentAttr } from './memref-constraints.js';

/** `%v = memref.load %m[%i, %j] : memref<?x4xf32>`: reads one element. */
export const LoadOp = defineOp('memref.load', {
  summary: 'load operation',
  description: `
The \`load\` op reads an element from a memref at the specified indices. The number of indices must match the rank
of the memref; the indices must be in bounds. The result has the element type of the memref. A set
\`nontemporal\` attribute indicates that the value is not expected to be reused in the cache; an \`alignment\` (a
power of two) is the byte alignment the access may assume.

Example:

\`\`\`mlir
%0 = memref.load %A[%a, %b] : memref<8x?xi32>
%1 = memref.load %A[%a, %b] {nontemporal = true} : memref<8x?xi32>
\`\`\`
`,
  operands: { memref: AnyMemRef, indices: Variadic(Index) },
  properties: {
    nontemporal: DefaultValuedOptionalAttr(BoolAttr, (ctx) => IntegerAttr.getBool(ctx, false)),
    alignment: OptionalAttr(AlignmentAttr),
  },
  results: { result: TypesMatchWith("result type matches element type of 'memref'", 'memref', elementTypeOf, AnyType) },
  traits: [MemRead],
  interfaces: [MemoryAccessOpInterface.implement({ getMemoryAccesses: (op) => [memoryAccess(op, 0, 1, { read: true })] })],
  assemblyFormat: '$memref `[` $indices `]` attr-dict `:` type($memref)',
  // MLIR's LoadOp::fold: a memref.cast of a ranked memref folds into the load (in place).
  fold: ({ op }) => (foldMemRefCast(op.op) ? op.result : undefined),
  verify(l) {
    const op = l.op;
    const rank = (op.operandValues[0]!.type as MemRefType).shape.length;
    const indices = op.numOperands - 1;
    if (indices !== rank) {
      op.emitOpError(`incorrect number of indices for load, expected ${rank} but got ${indices}`);
      return false;
    }
    return true;
  },
});
