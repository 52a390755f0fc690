import { AnyMemRef, Pure, Variadic, defineOp } from '@tlir/ir';

/**
 * `%a2, %b2 = memref.distinct_objects %a, %b : memref<?xf32>, memref<?xi32>`: the same memrefs, with the promise
 * that they do not alias one another (MLIR 22's `memref.distinct_objects`).
 */
export const DistinctObjectsOp = defineOp('memref.distinct_objects', {
  summary: 'assumption that acesses to specific memrefs will never alias',
  description: `
The \`distinct_objects\` operation takes a list of memrefs and returns the same memrefs, with the additional
assumption that accesses to them will never alias with each other: loads and stores through different results can
be freely reordered.

Example:

\`\`\`mlir
%1, %2 = memref.distinct_objects %a, %b : memref<?xf32>, memref<?xf32>
\`\`\`
`,
  operands: { operands: Variadic(AnyMemRef) },
  results: { results: Variadic(AnyMemRef) },
  traits: [Pure],
  assemblyFormat: '$operands attr-dict `:` type($operands)',
  inferResultTypes: (_ctx, operands) => operands.map((v) => v.type),
  verify(d) {
    const op = d.op;
    if (op.numOperands === 0) {
      op.emitOpError('expected at least one operand');
      return false;
    }
    const same = op.numOperands === op.numResults && op.operandValues.every((v, i) => v.type === op.getResultType(i));
    if (!same) {
      op.emitOpError('operand types and result types must match');
      return false;
    }
    return true;
  },
});
