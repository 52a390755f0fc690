// gpu.return and gpu.terminator: the terminators of gpu.func bodies and gpu.launch bodies.
import { AnyType, HasParent, Pure, ReturnLike, Terminator, Variadic, defineOp, getFunctionType } from '@tlir/ir';

/** `gpu.return %a : f32`: returns from the enclosing gpu.func. */
export const ReturnOp = defineOp('gpu.return', {
  summary: 'Terminator for GPU functions.',
  description: `
A terminator operation for regions that appear in the body of \`gpu.func\` functions. The operands to the
\`gpu.return\` are the result values returned by an invocation of the \`gpu.func\`.
`,
  operands: { operands: Variadic(AnyType) },
  traits: [HasParent('gpu.func'), Pure, ReturnLike, Terminator],
  assemblyFormat: 'attr-dict ($operands^ `:` type($operands))?',
  verify(ret) {
    const fn = ret.op.parentOp!;
    const results = getFunctionType(fn)?.results ?? [];
    const operands = ret.operands;
    if (operands.length !== results.length) {
      ret.op.emitOpError(`expected ${results.length} result operands`).attachNote(fn.loc, 'return type declared here');
      return false;
    }
    for (let i = 0; i < results.length; i++) {
      if (operands[i]!.type !== results[i]) {
        ret.op.emitOpError(`unexpected type \`'${operands[i]!.type}'' for operand #${i}`);
        return false;
      }
    }
    return true;
  },
});

/** `gpu.terminator`: ends the body of a gpu.launch. */
export const TerminatorOp = defineOp('gpu.terminator', {
  summary: 'Terminator for GPU launch regions.',
  description: `
A terminator operation for regions that appear in the body of \`gpu.launch\` operation. These regions are not
expected to return any value so the terminator takes no operands.
`,
  traits: [HasParent('gpu.launch'), Pure, Terminator],
  assemblyFormat: 'attr-dict',
});
