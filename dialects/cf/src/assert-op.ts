import { I1, StrAttr, defineOp } from '@tlir/ir';
import { MemWrite, definePattern, getConstantValue } from '@tlir/rewrite';
import { isConstantBool } from './constant-condition.js';

/** `cf.assert %cond, "message"`: aborts the program with the message when `%cond` is false. */
export const AssertOp = defineOp('cf.assert', {
  summary: 'Assert operation with message attribute',
  description: `
Assert operation at runtime with single boolean operand and an error message attribute. If the argument is
\`true\` this operation has no effect. Otherwise, the program execution will abort. The provided error message
may be used by a runtime to propagate the error to the user.

Example:

\`\`\`mlir
cf.assert %b, "Expected ... to be true"
\`\`\`
`,
  operands: { arg: I1 },
  properties: { msg: StrAttr },
  traits: [MemWrite],
  assemblyFormat: '$arg `,` $msg attr-dict',
});

/** MLIR's AssertOp::canonicalize: an assertion of a constant true is erased. */
export const EraseAssertOfTrue = definePattern(
  AssertOp,
  (op, rewriter): boolean => {
    if (!isConstantBool(getConstantValue(op.arg), true)) return rewriter.notifyMatchFailure(op.op, 'the condition is not a constant true');
    rewriter.eraseOp(op.op);
    return true;
  },
  { debugName: 'AssertOp::canonicalize' },
);
