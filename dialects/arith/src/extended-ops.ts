// Integer ops with a second result: `%sum, %carry = arith.addui_extended %a, %b : i32, i1` and the double-width
// products `%low, %high = arith.mulsi_extended %a, %b : i32`.
import { BoolLike, Commutative, Elementwise, Pure, SameAs, defineOp, type Attribute, type Value } from '@tlir/ir';
import { SignlessIntegerOrIndexLike, getI1SameShape } from './arith-types.js';
import * as I from './fold/apint.js';
import { foldBinary, intWidthOf, isOne, isZero, zeroOf } from './fold/constant-folding.js';

const C = SignlessIntegerOrIndexLike;

export const AddUIExtendedOp = defineOp('arith.addui_extended', {
  summary: 'extended unsigned integer addition operation returning sum and overflow bit',
  description: `
Adds the zero-extended operands: the sum modulo 2^n and an overflow bit (1 when the unsigned addition wrapped).

\`\`\`mlir
%sum, %overflow = arith.addui_extended %b, %c : i64, i1
%d:2 = arith.addui_extended %e, %f : vector<4xi32>, vector<4xi1>
\`\`\`
`,
  operands: { lhs: C, rhs: SameAs('lhs', C) },
  results: { sum: SameAs('lhs', C), overflow: BoolLike },
  traits: [Pure, Commutative, Elementwise],
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)',
  fold({ op, lhs, rhs }): (Attribute | Value)[] | undefined {
    const ctx = op.op.context;
    if (isZero(rhs)) {
      const no = zeroOf(ctx, op.overflow.type);
      return no ? [op.lhs, no] : undefined;
    }
    if (lhs === undefined || rhs === undefined) return undefined;
    const w = intWidthOf(op.sum.type);
    const sum = foldBinary(ctx, lhs, rhs, 'int', (a: bigint, b: bigint) => I.add(a, b, w));
    if (!sum) return undefined;
    // The addition wrapped when the sum is below an operand.
    const overflow = foldBinary(ctx, sum, lhs, 'int', (s: bigint, a: bigint) => (I.unsigned(s, w) < I.unsigned(a, w) ? 1n : 0n), getI1SameShape(ctx, sum.type!));
    return overflow ? [sum, overflow] : undefined;
  },
});

/** mulsi_extended / mului_extended: low and high halves of the signed or unsigned 2n-bit product. */
function mulExtendedOp(name: 'arith.mulsi_extended' | 'arith.mului_extended', isSigned: boolean) {
  const which = isSigned ? 'signed' : 'unsigned';
  return defineOp(name, {
    summary: `extended ${which} integer multiplication operation`,
    description: `
Multiplies the ${isSigned ? 'sign' : 'zero'}-extended operands and returns the low and the high n bits of the 2n-bit
product (the low half is what \`arith.muli\` gives).

\`\`\`mlir
%low, %high = ${name} %a, %b : i32
\`\`\`
`,
    operands: { lhs: C, rhs: SameAs('lhs', C) },
    results: { low: SameAs('lhs', C), high: SameAs('lhs', C) },
    traits: [Pure, Commutative, Elementwise],
    assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($lhs)',
    fold({ op, lhs, rhs }): (Attribute | Value)[] | undefined {
      const ctx = op.op.context;
      if (isZero(rhs)) return [rhs!, rhs!];
      if (!isSigned && isOne(rhs)) {
        const zero = zeroOf(ctx, op.lhs.type);
        if (zero) return [op.lhs, zero];
      }
      if (lhs === undefined || rhs === undefined) return undefined;
      const w = intWidthOf(op.low.type);
      const low = foldBinary(ctx, lhs, rhs, 'int', (a: bigint, b: bigint) => I.mul(a, b, w));
      const high = foldBinary(ctx, lhs, rhs, 'int', (a: bigint, b: bigint) => (isSigned ? I.mulhs(a, b, w) : I.mulhu(a, b, w)));
      return low && high ? [low, high] : undefined;
    },
  });
}
export const MulSIExtendedOp = mulExtendedOp('arith.mulsi_extended', true);
export const MulUIExtendedOp = mulExtendedOp('arith.mului_extended', false);
