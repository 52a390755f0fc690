import { AnySuccessor, AnyType, BranchOpInterface, Pure, Terminator, Variadic, defineOp } from '@tlir/ir';

/** `cf.br ^bb1(%a : i32)`: an unconditional branch to a block, passing it values for its arguments. */
export const BranchOp = defineOp('cf.br', {
  summary: 'Branch operation',
  description: `
The \`cf.br\` operation represents a direct branch operation to a given block. The operands of this operation are
forwarded to the successor block, and the number and type of the operands must match the arguments of the target
block.

Example:

\`\`\`mlir
^bb2:
  %2 = call @someFn()
  cf.br ^bb3(%2 : tensor<*xf32>)
^bb3(%3: tensor<*xf32>):
\`\`\`
`,
  operands: { destOperands: Variadic(AnyType) },
  successors: { dest: AnySuccessor },
  traits: [Pure, Terminator],
  interfaces: [
    BranchOpInterface.implement({
      getSuccessorOperandRange: (op) => [0, op.numOperands],
      eraseSuccessorOperand: (op, _index, i) => op.eraseOperand(i),
      appendSuccessorOperands: (op, _index, values) => op.insertOperands(op.numOperands, values),
    }),
  ],
  assemblyFormat: '$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict',
});
