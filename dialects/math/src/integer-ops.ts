// The integer functions of the math dialect: `%n = math.ctlz %x : i32`, `%p = math.ipowi %b, %e : i32`.
import {
  Elementwise,
  InferredSameOperandsAndResultType,
  Pure,
  SameOperandsAndResultType,
  SignlessIntegerLike,
  defineOp,
  type OpFoldResult,
} from '@tlir/ir';
import { countLeadingZeros, countTrailingZeros, foldBinary, foldUnary, intWidthOf, popCount } from '@tlir/dialect-arith';

const TRAITS = [Pure, SameOperandsAndResultType, Elementwise, InferredSameOperandsAndResultType];
const signed = (v: bigint, w: number): bigint => BigInt.asIntN(w, v);

/** A unary integer op folded by `f` at the operand's width. */
function unaryOp(name: string, summary: string, description: string, f: (a: bigint, w: number) => bigint) {
  return defineOp(`math.${name}`, {
    summary,
    description,
    operands: { operand: SignlessIntegerLike },
    results: { result: SignlessIntegerLike },
    traits: TRAITS,
    assemblyFormat: '$operand attr-dict `:` type($result)',
    fold({ op, operand }): OpFoldResult | undefined {
      const w = intWidthOf(op.result.type);
      return foldUnary(op.op.context, operand, 'int', (a: bigint) => signed(f(a, w), w));
    },
  });
}

/** What the unary integer ops compute, at width `w` (the result is wrapped to the width by the caller). */
export const INTEGER_UNARY: Readonly<Record<'absi' | 'ctlz' | 'cttz' | 'ctpop', (a: bigint, w: number) => bigint>> = {
  absi: (a, w) => {
    const s = signed(a, w);
    return s < 0n ? -s : s;
  },
  ctlz: (a, w) => BigInt(countLeadingZeros(a, w)),
  cttz: (a, w) => BigInt(countTrailingZeros(a, w)),
  ctpop: (a, w) => BigInt(popCount(a, w)),
};

export const AbsIOp = unaryOp('absi', 'integer absolute-value operation', 'The absolute value of a signed integer (the minimum value stays itself).', INTEGER_UNARY.absi);
export const CountLeadingZerosOp = unaryOp('ctlz', 'counts the leading zeros an integer value', 'The number of leading zero bits.', INTEGER_UNARY.ctlz);
export const CountTrailingZerosOp = unaryOp('cttz', 'counts the trailing zeros an integer value', 'The number of trailing zero bits.', INTEGER_UNARY.cttz);
export const CtPopOp = unaryOp('ctpop', 'counts the number of set bits of an integer value', 'The number of set bits.', INTEGER_UNARY.ctpop);

/** `base ** power` at width `w` (MLIR's IPowIOp folder); undefined for 0 raised to a negative power. */
export function ipowi(base: bigint, power: bigint, w: number): bigint | undefined {
  const b = signed(base, w);
  const p = signed(power, w);
  if (p === 0n) return signed(1n, w);
  if (p < 0n) {
    if (b === 0n) return undefined;
    if (b === 1n) return 1n;
    if (b !== -1n) return 0n;
    return (p & 1n) === 1n ? -1n : signed(1n, w);
  }
  let result = 1n;
  let cur = b;
  let e = p;
  for (;;) {
    if (e & 1n) result = signed(result * cur, w);
    e >>= 1n;
    if (e === 0n) return result;
    cur = signed(cur * cur, w);
  }
}

export const IPowIOp = defineOp('math.ipowi', {
  summary: 'signed integer raised to the power of operation',
  description: 'lhs raised to the power rhs, both signed integers (0 to a negative power is not folded).\n\n```mlir\n%a = math.ipowi %b, %c : i32\n```\n',
  operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
  results: { result: SignlessIntegerLike },
  traits: TRAITS,
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    const w = intWidthOf(op.result.type);
    return foldBinary(op.op.context, lhs, rhs, 'int', (a: bigint, b: bigint) => ipowi(a, b, w));
  },
});
