import { AnyType, HasParent, Pure, ReturnLike, Terminator, Variadic, defineOp } from '@tlir/ir';

/** `scf.yield %a, %b : i32, f32`: ends a region of scf.for, scf.if, scf.while, scf.index_switch, scf.execute_region. */
export const YieldOp = defineOp('scf.yield', {
  summary: 'loop yield and termination operation',
  description: `
The \`scf.yield\` operation yields an SSA value from the SCF dialect op region and terminates the regions. The
semantics of how the values are yielded is defined by the parent operation. If \`scf.yield\` has any operands, the
operands must match the parent operation's results. If the parent operation defines no values, then the
\`scf.yield\` may be left out in the custom syntax and the parser will insert one implicitly.
`,
  operands: { results: Variadic(AnyType) },
  // MLIR checks the parent before the place in the block.
  traits: [HasParent('scf.execute_region', 'scf.for', 'scf.if', 'scf.index_switch', 'scf.while'), Pure, ReturnLike, Terminator],
  assemblyFormat: 'attr-dict ($results^ `:` type($results))?',
});
