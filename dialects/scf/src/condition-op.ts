import { AnyType, HasParent, I1, Pure, RegionBranchTerminatorOpInterface, Terminator, Variadic, defineOp } from '@tlir/ir';

/** `scf.condition(%c) %a, %b : i32, f32`: ends the "before" region of scf.while. */
export const ConditionOp = defineOp('scf.condition', {
  summary: 'loop continuation condition',
  description: `
This operation accepts the continuation (i.e., inverse of exit) condition of the \`scf.while\` construct. If its
first argument is true, the "after" region of \`scf.while\` is executed, with the remaining arguments forwarded to
the entry block of the region. Otherwise, the loop terminates and they become the results of the \`scf.while\`.
`,
  operands: { condition: I1, args: Variadic(AnyType) },
  traits: [HasParent('scf.while'), Pure, Terminator],
  interfaces: [RegionBranchTerminatorOpInterface.implement({ getSuccessorOperands: (op) => op.operands.slice(1) })],
  assemblyFormat: '`(` $condition `)` attr-dict ($args^ `:` type($args))?',
});
