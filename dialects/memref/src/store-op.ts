import { MemoryAccessOpInterface, memoryAccess } from '@tlir/ir';
import { AnyMemRef, AnyType, BoolAttr, DefaultValuedOptionalAttr, Index, IntegerAttr, OptionalAttr, TypesMatchWith, Variadic, defineOp, type MemRefType } from '@tlir/ir';
import { MemWrite } from '@tlir/rewrite';
import { elementTypeOf } from './element-type.js';
import { foldMemRefCast } from './cast-op.js';
import { AlignmentAttr } from './memref-constraints.js';

/** `memref.store %v, %m[%i, %j] : memref<?x4xf32>`: writes one element. */
export const StoreOp = defineOp('memref.store', {
  summary: 'store operation',
  description: `
The \`store\` op stores an element into a memref at the specified indices. The number of indices must match the
rank of the memref; the indices must be in bounds. \`nontemporal\` and \`alignment\` are those of \`memref.load\`.

Example:

\`\`\`mlir
memref.store %val, %A[%a, %b] : memref<8x?xi32>
\`\`\`
`,
  operands: {
    value: TypesMatchWith("type of 'value' matches element type of 'memref'", 'memref', elementTypeOf, AnyType),
    memref: AnyMemRef,
    indices: Variadic(Index),
  },
  properties: {
    nontemporal: DefaultValuedOptionalAttr(BoolAttr, (ctx) => IntegerAttr.getBool(ctx, false)),
    alignment: OptionalAttr(AlignmentAttr),
  },
  traits: [MemWrite],
  interfaces: [MemoryAccessOpInterface.implement({ getMemoryAccesses: (op) => [memoryAccess(op, 1, 2, { write: true })] })],
  assemblyFormat: '$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)',
  // MLIR's StoreOp::fold: a memref.cast of a ranked memref folds into the store (in place; the stored value is
  // left as it is).
  fold: ({ op }) => (foldMemRefCast(op.op, op.value) ? op.op.results : undefined),
  verify(s) {
    const op = s.op;
    const rank = (op.operandValues[1]!.type as MemRefType).shape.length;
    if (op.numOperands !== 2 + rank) {
      op.emitOpError('store index operand count not equal to memref rank');
      return false;
    }
    return true;
  },
});
