import { AnyType, HasParent, Pure, ReturnLike, Terminator, Variadic, defineOp } from '@tlir/ir';
import { NoMemoryEffect } from '@tlir/rewrite';

/**
 * `krnl.terminate`: ends the body of a krnl.iterate without loop-carried values, or of a krnl.movable. The custom
 * forms of both leave it out.
 */
export const TerminateOp = defineOp('krnl.terminate', {
  summary: 'Krnl terminator operation',
  description: `
Krnl terminator is a special terminator operation for blocks inside krnl iterate operations (and krnl.movable). It
unconditionally transmits the control flow to the successor of the operation enclosing the region.

This operation does not have a custom syntax. However, krnl control operations omit the terminator in their custom
syntax for brevity.
`,
  traits: [HasParent('krnl.iterate', 'krnl.movable'), Terminator, ReturnLike, NoMemoryEffect],
});

/**
 * `krnl.yield %a, %b : f32, i32`: ends the body of a krnl.iterate, passing the loop-carried values to the next
 * iteration (or, after the last, to the results).
 */
export const YieldOp = defineOp('krnl.yield', {
  summary: 'Yield values to parent operation',
  description: `
\`krnl.yield\` passes the loop-carried values of a \`krnl.iterate\` to its next iteration, and after the last one to
the results of the \`krnl.iterate\`; its operands match the results of the parent in number and types. A body
without loop-carried values may end with an empty \`krnl.yield\` or with \`krnl.terminate\`.

\`\`\`mlir
%sum = krnl.iterate(%l) with (%l -> %i = 0 to 8) iter_args(%acc = %zero) -> (f32) {
  %v = krnl.load %A[%i] : memref<8xf32>
  %next = arith.addf %acc, %v : f32
  krnl.yield %next : f32
}
\`\`\`
`,
  operands: { values: Variadic(AnyType) },
  traits: [HasParent('krnl.iterate'), Pure, ReturnLike, Terminator],
  assemblyFormat: 'attr-dict ($values^ `:` type($values))?',
  verify(y) {
    const op = y.op;
    const parent = op.parentOp!;
    if (parent.numResults !== op.numOperands) {
      op.emitOpError(`has ${op.numOperands} operands, but the parent 'krnl.iterate' has ${parent.numResults} results`);
      return false;
    }
    for (let i = 0; i < op.numOperands; i++) {
      const t = op.getOperand(i).type;
      const r = parent.getResult(i).type;
      if (t !== r) {
        op.emitOpError(`operand #${i} has type '${t}', but result #${i} of the parent 'krnl.iterate' has type '${r}'`);
        return false;
      }
    }
    return true;
  },
});
