import { AnyType, HasParent, Pure, SizedRegion, Terminator, Variadic, VariadicRegion, defineOp } from '@tlir/ir';
import { RecursiveMemoryEffects } from '@tlir/rewrite';

/** `scf.reduce(%v : f32) { ^bb0(%a: f32, %b: f32): ... scf.reduce.return %r : f32 }`: ends an scf.parallel body. */
export const ReduceOp = defineOp('scf.reduce', {
  summary: 'reduce operation for scf.parallel',
  description: `
The \`scf.reduce\` operation is the terminator for \`scf.parallel\` operations. It can model an arbitrary number of
reductions. It has one region per reduction. Each region has one block with two arguments which have the same type
as the corresponding operand of \`scf.reduce\`. The operands of the op are the values that should be reduced; one
value per reduction. The i-th reduction corresponds to the i-th initial value and the i-th result of the
enclosing \`scf.parallel\`; as the reduction order is unspecified, reductions should be associative and commutative.

Example:

\`\`\`mlir
scf.reduce(%operand : f32) {
^bb0(%lhs : f32, %rhs: f32):
  %res = arith.addf %lhs, %rhs : f32
  scf.reduce.return %res : f32
}
\`\`\`
`,
  operands: { operands: Variadic(AnyType) },
  regions: { reductions: VariadicRegion(SizedRegion(1)) },
  traits: [HasParent('scf.parallel'), Terminator, RecursiveMemoryEffects],
  assemblyFormat: '(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict',
  verifyRegions(r) {
    const op = r.op;
    const fail = (message: string): false => {
      op.emitOpError(message);
      return false;
    };
    if (op.numRegions !== op.numOperands) {
      return fail(`expects number of reduction regions: ${op.numRegions} to be the same as number of reduction operands: ${op.numOperands}`);
    }
    for (let i = 0; i < op.numRegions; i++) {
      const type = op.getOperand(i).type;
      const block = op.regions[i]!.firstBlock!;
      if (block.empty) return fail(`${i}-th reduction has an empty body`);
      if (block.numArguments !== 2 || block.args.some((a) => a.type !== type)) {
        return fail(`expected two block arguments with type '${type}' in the ${i}-th reduction region`);
      }
      if (!ReduceReturnOp.is(block.lastOp!)) return fail("reduction bodies must be terminated with an 'scf.reduce.return' op");
    }
    return true;
  },
});

/** `scf.reduce.return %r : f32`: ends a reduction region of scf.reduce with the combined value. */
export const ReduceReturnOp = defineOp('scf.reduce.return', {
  summary: 'terminator for reduce operation',
  description: `
The \`scf.reduce.return\` operation is a special terminator operation for the block inside \`scf.reduce\` regions. It
terminates the region. It should have the same operand type as the corresponding operand of the enclosing
\`scf.reduce\` op.

Example:

\`\`\`mlir
scf.reduce.return %res : f32
\`\`\`
`,
  operands: { result: AnyType },
  traits: [HasParent('scf.reduce'), Pure, Terminator],
  assemblyFormat: '$result attr-dict `:` type($result)',
  verify(r) {
    const expected = r.op.parentBlock!.args[0]?.type;
    if (expected !== r.result.type) {
      r.op.emitOpError(`must have type '${expected}' (the type of the reduction inputs)`);
      return false;
    }
    return true;
  },
});
