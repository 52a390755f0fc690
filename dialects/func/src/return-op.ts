import { AnyType, HasParent, Pure, ReturnLike, Terminator, Variadic, defineOp, getFunctionType, getSymbolName } from '@tlir/ir';

/** `func.return %a, %b : i32, f32`: returns from the enclosing func.func. */
export const ReturnOp = defineOp('func.return', {
  summary: 'Function return operation',
  description: `
The \`func.return\` operation represents a return operation within a function. The operation takes a variable
number of operands and produces no results. The operand number and types must match the signature of the
function that contains the operation.

Example:

\`\`\`mlir
func.func @foo() -> (i32, f8E4M3FN) {
  ...
  return %0, %1 : i32, f8E4M3FN
}
\`\`\`
`,
  operands: { operands: Variadic(AnyType) },
  traits: [Pure, HasParent('func.func'), ReturnLike, Terminator],
  assemblyFormat: 'attr-dict ($operands^ `:` type($operands))?',
  verify(ret) {
    const fn = ret.op.parentOp!;
    const results = getFunctionType(fn)?.results ?? [];
    const operands = ret.operands;
    const name = getSymbolName(fn) ?? '';
    if (operands.length !== results.length) {
      ret.op.emitOpError(`has ${operands.length} operands, but enclosing function (@${name}) returns ${results.length}`);
      return false;
    }
    for (let i = 0; i < results.length; i++) {
      if (operands[i]!.type !== results[i]) {
        ret.op.emitError(
          `type of return operand ${i} ('${operands[i]!.type}') doesn't match function result type ('${results[i]}') in function @${name}`,
        );
        return false;
      }
    }
    return true;
  },
});
