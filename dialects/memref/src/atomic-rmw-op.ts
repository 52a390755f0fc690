import { MemoryAccessOpInterface, memoryAccess } from '@tlir/ir';
import { AtomicRMWKindAttr } from '@tlir/dialect-arith';
import { FloatType, Index, IntegerType, Variadic, defineOp, defineTrait, type MemRefType, type OpFoldResult } from '@tlir/ir';
import { foldMemRefCast } from './cast-op.js';
import { MemRead, MemWrite } from '@tlir/rewrite';
import { elementTypeOf } from './element-type.js';
import { MemRefOfSignlessIntegerOrFloat, SignlessIntegerOrFloat } from './memref-constraints.js';

/** arith's AtomicRMWKind: the modification memref.atomic_rmw performs (declared by arith, as in MLIR). */
export const AtomicRMWKind = AtomicRMWKindAttr;

// The kinds MLIR checks the value type of (maxnumf and minnumf are not).
const FLOAT_KINDS = new Set(['addf', 'maximumf', 'minimumf', 'mulf']);
const INTEGER_KINDS = new Set(['addi', 'maxs', 'maxu', 'mins', 'minu', 'muli', 'ori', 'andi', 'xori']);

// ODS's AllTypesMatch<["value", "result"]> then TypesMatchWith (value, memref), in that order.
const ValueAndResultTypesMatch = defineTrait('AllTypesMatch<value, result>', {
  verify(op) {
    if (op.operandValues[0]!.type === op.getResultType(0)) return true;
    op.emitOpError('failed to verify that all of {value, result} have same type');
    return false;
  },
});
const ValueMatchesElementType = defineTrait('TypesMatchWith<memref, value>', {
  verify(op) {
    if (elementTypeOf(op.operandValues[1]!.type)[0] === op.operandValues[0]!.type) return true;
    op.emitOpError('failed to verify that value type matches element type of memref');
    return false;
  },
});

/** `%x = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<10xf32>) -> f32`: an atomic read-modify-write. */
export const AtomicRMWOp = defineOp('memref.atomic_rmw', {
  summary: 'atomic read-modify-write operation',
  description: `
The \`memref.atomic_rmw\` operation provides a way to perform a read-modify-write sequence that is free from data
races. The kind enumeration specifies the modification to perform. The value operand represents the new value to
be applied during the modification. The memref operand represents the buffer that the read and write will be
performed against, as accessed by the specified indices. The arity of the indices is the rank of the memref. The
result represents the latest value that was stored.

Example:

\`\`\`mlir
%x = memref.atomic_rmw addf %value, %I[%i] : (f32, memref<10xf32>) -> f32
\`\`\`
`,
  operands: { value: SignlessIntegerOrFloat, memref: MemRefOfSignlessIntegerOrFloat, indices: Variadic(Index) },
  properties: { kind: AtomicRMWKind },
  results: { result: SignlessIntegerOrFloat },
  traits: [ValueAndResultTypesMatch, ValueMatchesElementType, MemRead, MemWrite],
  interfaces: [MemoryAccessOpInterface.implement({ getMemoryAccesses: (op) => [memoryAccess(op, 1, 2, { read: true, write: true, atomic: true })] })],
  assemblyFormat: '$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` type($result)',
  // MLIR's AtomicRMWOp::fold: a memref.cast of the memref folds into it (the value operand is left alone).
  fold: ({ op }): OpFoldResult | undefined => (foldMemRefCast(op.op, op.value) ? op.result : undefined),
  verify(a) {
    const op = a.op;
    const rank = (op.operandValues[1]!.type as MemRefType).shape.length;
    if (rank !== op.numOperands - 2) {
      op.emitOpError('expects the number of subscripts to be equal to memref rank');
      return false;
    }
    const kind = AtomicRMWKind.symbolize(a.kind);
    const type = op.operandValues[0]!.type;
    if (kind !== undefined && FLOAT_KINDS.has(kind) && !(type instanceof FloatType)) {
      op.emitOpError(`with kind '${kind}' expects a floating-point type`);
      return false;
    }
    if (kind !== undefined && INTEGER_KINDS.has(kind) && !(type instanceof IntegerType)) {
      op.emitOpError(`with kind '${kind}' expects an integer type`);
      return false;
    }
    return true;
  },
});
