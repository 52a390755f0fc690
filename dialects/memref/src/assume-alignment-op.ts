import { ViewLikeOpInterface } from '@tlir/ir';
import {
  AnyMemRef,
  I32Attr,
  InferredSameOperandsAndResultType,
  IntegerAttr,
  IntegerType,
  Pure,
  SameOperandsAndResultType,
  attrConstraint,
  defineOp,
} from '@tlir/ir';

/** `ConfinedAttr<I32Attr, [IntPositive]>`. */
const PositiveI32Attr = attrConstraint<IntegerAttr>(
  '32-bit signless integer attribute whose value is positive',
  (a) => I32Attr.check(a) && a.value > 0n,
  { storage: (a) => a instanceof IntegerAttr, valueType: (ctx) => IntegerType.get(ctx, 32) },
);

/** `%m2 = memref.assume_alignment %m, 16 : memref<4xf32>`: the same memref, assumed aligned to 16 bytes. */
export const AssumeAlignmentOp = defineOp('memref.assume_alignment', {
  summary: 'assumption that gives alignment information to the input memref',
  description: `
The \`assume_alignment\` operation takes a memref and an integer alignment value. It returns a new SSA value of the
same memref type, but associated with the assumption that the underlying buffer is aligned to the given
alignment. If the buffer isn't aligned to the given alignment, its result is poison.

Example:

\`\`\`mlir
%1 = memref.assume_alignment %0, 16 : memref<4x4xf16>
\`\`\`
`,
  operands: { memref: AnyMemRef },
  properties: { alignment: PositiveI32Attr },
  results: { result: AnyMemRef },
  traits: [Pure, SameOperandsAndResultType, InferredSameOperandsAndResultType],
  interfaces: [ViewLikeOpInterface.implement({ getViewSource: (op) => op.getOperand(0) })],
  assemblyFormat: '$memref `,` $alignment attr-dict `:` type($memref)',
  getAsmResultNames: (a, setName) => setName(a.result, 'assume_align'),
  verify(a) {
    const v = a.alignment.value;
    if ((v & (v - 1n)) !== 0n) {
      a.op.emitOpError('alignment must be power of 2');
      return false;
    }
    return true;
  },
});
