// Integer arithmetic, bitwise, shift and min/max ops: `%r = arith.addi %a, %b overflow<nsw> : i32`. Elementwise on
// vectors and tensors; the result has the operands' type. Folders follow MLIR's (ArithOps.cpp): identities, then
// constants computed at the bit width (wrapping), never a division by zero or a signed overflow.
import {
  Commutative,
  DefaultValuedAttr,
  Elementwise,
  InferredSameOperandsAndResultType,
  Pure,
  SameOperandsAndResultType,
  UnitAttr,
  defineOp,
  type Attribute,
  type OpFoldResult,
  type Trait,
  type Value,
} from '@tlir/ir';
import { ConditionallySpeculatable, NoMemoryEffect } from '@tlir/rewrite';
import { IntegerOverflow, IntegerOverflowAttr, flagsOf } from './arith-attributes.js';
import { SignlessIntegerOrIndexLike } from './arith-types.js';
import * as I from './fold/apint.js';
import { constantInt, foldBinary, intWidthOf, isAllOnesInt, isOne, isZero, zeroOf } from './fold/constant-folding.js';
import { constantOf, definedBy } from './fold/fold-helpers.js';
import { signedDivisionSpeculatability, unsignedDivisionSpeculatability } from './division-speculatability.js';

const operands = { lhs: SignlessIntegerOrIndexLike, rhs: SignlessIntegerOrIndexLike } as const;
const results = { result: SignlessIntegerOrIndexLike } as const;
const overflowFlags = DefaultValuedAttr(IntegerOverflowAttr, (ctx) => IntegerOverflowAttr.get(ctx, { value: IntegerOverflow.none }));

/** The verifying traits of arith's elementwise ops, in MLIR's order, after the op's own. */
function elementwise(...own: Trait[]): Trait[] {
  return [...own, SameOperandsAndResultType, Elementwise, InferredSameOperandsAndResultType];
}

const WITH_OVERFLOW = '$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)';
const WITH_EXACT = '$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)';
const PLAIN = '$lhs `,` $rhs attr-dict `:` type($result)';

/** Folds two integer constants with `f` at the result's bit width. */
function foldInts(
  op: { readonly op: { readonly context: import('@tlir/ir').Context }; readonly result: Value },
  lhs: Attribute | undefined,
  rhs: Attribute | undefined,
  f: (a: bigint, b: bigint, w: number) => bigint | undefined,
): Attribute | undefined {
  if (lhs === undefined || rhs === undefined) return undefined;
  const w = intWidthOf(op.result.type);
  return foldBinary(op.op.context, lhs, rhs, 'int', (a: bigint, b: bigint) => f(a, b, w));
}

export const AddIOp = defineOp('arith.addi', {
  summary: 'integer addition operation',
  description: `
Adds its operands modulo 2^n, n being the bit width: the bits mean the same whether the integers are read as
signed or unsigned. With \`overflow<nsw>\` (\`nuw\`) a signed (unsigned) wrap makes the result poison.

\`\`\`mlir
%a = arith.addi %b, %c : i64
%d = arith.addi %e, %f overflow<nsw, nuw> : vector<4xi32>
\`\`\`
`,
  operands,
  results,
  properties: { overflowFlags },
  traits: elementwise(Commutative, Pure),
  assemblyFormat: WITH_OVERFLOW,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isZero(rhs)) return op.lhs;
    const sub = definedBy(op.lhs, SubIOp);
    if (sub && sub.rhs === op.rhs) return sub.lhs; // (a - b) + b
    const sub2 = definedBy(op.rhs, SubIOp);
    if (sub2 && sub2.rhs === op.lhs) return sub2.lhs; // b + (a - b)
    return foldInts(op, lhs, rhs, I.add);
  },
});

export const SubIOp = defineOp('arith.subi', {
  summary: 'integer subtraction operation',
  description: `
Subtracts its operands modulo 2^n, with the same overflow flags as \`arith.addi\`.

\`\`\`mlir
%a = arith.subi %b, %c overflow<nsw> : i64
\`\`\`
`,
  operands,
  results,
  properties: { overflowFlags },
  traits: elementwise(Pure),
  assemblyFormat: WITH_OVERFLOW,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (op.lhs === op.rhs) {
      const z = zeroOf(op.op.context, op.result.type);
      if (z) return z;
    }
    if (isZero(rhs)) return op.lhs;
    const add = definedBy(op.lhs, AddIOp);
    if (add) {
      if (op.rhs === add.rhs) return add.lhs; // (a + b) - b
      if (op.rhs === add.lhs) return add.rhs; // (a + b) - a
    }
    return foldInts(op, lhs, rhs, I.sub);
  },
});

export const MulIOp = defineOp('arith.muli', {
  summary: 'integer multiplication operation',
  description: `
Multiplies its operands modulo 2^n, with the same overflow flags as \`arith.addi\`.

\`\`\`mlir
%a = arith.muli %b, %c : i64
\`\`\`
`,
  operands,
  results,
  properties: { overflowFlags },
  traits: elementwise(Commutative, Pure),
  assemblyFormat: WITH_OVERFLOW,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isZero(rhs)) return op.rhs;
    if (isOne(rhs)) return op.lhs;
    return foldInts(op, lhs, rhs, I.mul);
  },
});

/** `(a * b) / b` is `a` when the multiplication has the overflow flag the division needs. */
function foldDivMul(lhs: Value, rhs: Value, flag: number): Value | undefined {
  const mul = definedBy(lhs, MulIOp);
  if (!mul || (flagsOf(mul.overflowFlags) & flag) !== flag) return undefined;
  if (mul.lhs === rhs) return mul.rhs;
  if (mul.rhs === rhs) return mul.lhs;
  return undefined;
}

const isExact = UnitAttr;

export const DivUIOp = defineOp('arith.divui', {
  summary: 'unsigned integer division operation',
  description: `
Unsigned division rounding toward zero. Division by zero is undefined behavior (the folder leaves it alone).
With \`exact\`, the result is poison unless the division has no remainder.

\`\`\`mlir
%a = arith.divui %b, %c : i64
%d = arith.divui %b, %c exact : i64
\`\`\`
`,
  operands,
  results,
  properties: { isExact },
  traits: elementwise(NoMemoryEffect),
  interfaces: [ConditionallySpeculatable.implement({ getSpeculatability: unsignedDivisionSpeculatability })],
  assemblyFormat: WITH_EXACT,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isOne(rhs)) return op.lhs;
    const v = foldDivMul(op.lhs, op.rhs, IntegerOverflow.nuw);
    if (v) return v;
    return foldInts(op, lhs, rhs, I.udiv);
  },
});

export const DivSIOp = defineOp('arith.divsi', {
  summary: 'signed integer division operation',
  description: `
Signed division rounding toward zero. Division by zero and the overflow of the minimum value divided by -1 are
undefined behavior (not folded). \`exact\` as for \`arith.divui\`.

\`\`\`mlir
%a = arith.divsi %b, %c : i64
\`\`\`
`,
  operands,
  results,
  properties: { isExact },
  traits: elementwise(NoMemoryEffect),
  interfaces: [ConditionallySpeculatable.implement({ getSpeculatability: signedDivisionSpeculatability })],
  assemblyFormat: WITH_EXACT,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isOne(rhs)) return op.lhs;
    const v = foldDivMul(op.lhs, op.rhs, IntegerOverflow.nsw);
    if (v) return v;
    return foldInts(op, lhs, rhs, I.sdiv);
  },
});

export const CeilDivUIOp = defineOp('arith.ceildivui', {
  summary: 'unsigned ceil integer division operation',
  description: 'Unsigned division rounding toward positive infinity; division by zero is undefined behavior.',
  operands,
  results,
  traits: elementwise(NoMemoryEffect),
  interfaces: [ConditionallySpeculatable.implement({ getSpeculatability: unsignedDivisionSpeculatability })],
  assemblyFormat: PLAIN,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isOne(rhs)) return op.lhs;
    return foldInts(op, lhs, rhs, I.ceilDivU);
  },
});

export const CeilDivSIOp = defineOp('arith.ceildivsi', {
  summary: 'signed ceil integer division operation',
  description: 'Signed division rounding toward positive infinity (`7 / -2 = -3`); division by zero and overflow are undefined behavior.',
  operands,
  results,
  traits: elementwise(NoMemoryEffect),
  interfaces: [ConditionallySpeculatable.implement({ getSpeculatability: signedDivisionSpeculatability })],
  assemblyFormat: PLAIN,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isOne(rhs)) return op.lhs;
    return foldInts(op, lhs, rhs, I.ceilDivS);
  },
});

export const FloorDivSIOp = defineOp('arith.floordivsi', {
  summary: 'signed floor integer division operation',
  description: 'Signed division rounding toward negative infinity (`5 / -2 = -3`); division by zero and overflow are undefined behavior.',
  operands,
  results,
  traits: elementwise(Pure),
  assemblyFormat: PLAIN,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isOne(rhs)) return op.lhs;
    return foldInts(op, lhs, rhs, I.floorDivS);
  },
});

export const RemUIOp = defineOp('arith.remui', {
  summary: 'unsigned integer division remainder operation',
  description: 'The remainder of the unsigned division; by zero it is undefined behavior.',
  operands,
  results,
  traits: elementwise(Pure),
  assemblyFormat: PLAIN,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isOne(rhs)) return zeroOf(op.op.context, op.result.type);
    return foldInts(op, lhs, rhs, I.urem);
  },
});

export const RemSIOp = defineOp('arith.remsi', {
  summary: 'signed integer division remainder operation',
  description: 'The remainder of the signed division, with the sign of the dividend (`-7 % 2 = -1`); by zero it is undefined behavior.',
  operands,
  results,
  traits: elementwise(Pure),
  assemblyFormat: PLAIN,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isOne(rhs)) return zeroOf(op.op.context, op.result.type);
    return foldInts(op, lhs, rhs, I.srem);
  },
});

/** Whether `v` is `xori(x, -1)`, i.e. not(x). */
function isNotOf(v: Value, x: Value): boolean {
  const xor = definedBy(v, XOrIOp);
  return xor !== undefined && xor.lhs === x && isAllOnesInt(constantOf(xor.rhs));
}

export const AndIOp = defineOp('arith.andi', {
  summary: 'integer binary and',
  description: 'Bitwise and.',
  operands,
  results,
  traits: elementwise(Commutative, Pure),
  assemblyFormat: PLAIN,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isZero(rhs)) return op.rhs;
    if (isAllOnesInt(rhs)) return op.lhs;
    if (isNotOf(op.rhs, op.lhs) || isNotOf(op.lhs, op.rhs)) return zeroOf(op.op.context, op.result.type);
    // and(a, and(a, b)) -> and(a, b)
    for (const [prevValue, other] of [
      [op.lhs, op.rhs],
      [op.rhs, op.lhs],
    ] as const) {
      const prev = definedBy(prevValue, AndIOp);
      if (prev && (other === prev.lhs || other === prev.rhs)) return prev.result;
    }
    return foldInts(op, lhs, rhs, I.and) ?? idempotent(op);
  },
});

export const OrIOp = defineOp('arith.ori', {
  summary: 'integer binary or',
  description: 'Bitwise or.',
  operands,
  results,
  traits: elementwise(Commutative, Pure),
  assemblyFormat: PLAIN,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    const c = constantInt(rhs);
    if (c) {
      if (c.value === 0n) return op.lhs;
      if (I.isAllOnes(c.value, c.width)) return rhs;
    }
    if (isNotOf(op.rhs, op.lhs)) return definedBy(op.rhs, XOrIOp)!.rhs;
    if (isNotOf(op.lhs, op.rhs)) return definedBy(op.lhs, XOrIOp)!.rhs;
    return foldInts(op, lhs, rhs, I.or) ?? idempotent(op);
  },
});

export const XOrIOp = defineOp('arith.xori', {
  summary: 'integer binary xor',
  description: 'Bitwise exclusive or.',
  operands,
  results,
  traits: elementwise(Commutative, Pure),
  assemblyFormat: PLAIN,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isZero(rhs)) return op.lhs;
    if (op.lhs === op.rhs) {
      const z = zeroOf(op.op.context, op.result.type);
      if (z) return z;
    }
    const prevL = definedBy(op.lhs, XOrIOp);
    if (prevL) {
      if (prevL.rhs === op.rhs) return prevL.lhs; // xor(xor(x, a), a)
      if (prevL.lhs === op.rhs) return prevL.rhs; // xor(xor(a, x), a)
    }
    const prevR = definedBy(op.rhs, XOrIOp);
    if (prevR) {
      if (prevR.rhs === op.lhs) return prevR.lhs; // xor(a, xor(x, a))
      if (prevR.lhs === op.lhs) return prevR.rhs; // xor(a, xor(a, x))
    }
    return foldInts(op, lhs, rhs, I.xor);
  },
});

/**
 * Folds a shift: like MLIR's, it gives up unless the shift amount of the last element computed is below the bit
 * width (shifting by the width or more is poison).
 */
function foldShift(
  op: { readonly op: { readonly context: import('@tlir/ir').Context }; readonly lhs: Value; readonly result: Value },
  lhs: Attribute | undefined,
  rhs: Attribute | undefined,
  f: (a: bigint, b: bigint, w: number) => bigint,
): Attribute | Value | undefined {
  if (isZero(rhs)) return op.lhs;
  let bounded = false;
  const r = foldInts(op, lhs, rhs, (a, b, w) => {
    bounded = I.unsigned(b, w) < BigInt(w);
    return f(a, b, w);
  });
  return bounded ? r : undefined;
}

export const ShLIOp = defineOp('arith.shli', {
  summary: 'integer left-shift',
  description: `
Shifts the first operand left by the second, read as unsigned, filling with zeros; shifting by the bit width or
more gives poison. Overflow flags as for \`arith.addi\`.
`,
  operands,
  results,
  properties: { overflowFlags },
  traits: elementwise(Pure),
  assemblyFormat: WITH_OVERFLOW,
  fold: ({ op, lhs, rhs }) => foldShift(op, lhs, rhs, I.shl),
});

export const ShRUIOp = defineOp('arith.shrui', {
  summary: 'unsigned integer right-shift',
  description: 'Shifts right filling with zeros; with `exact`, the result is poison if a set bit is shifted out.',
  operands,
  results,
  properties: { isExact },
  traits: elementwise(Pure),
  assemblyFormat: WITH_EXACT,
  fold: ({ op, lhs, rhs }) => foldShift(op, lhs, rhs, I.lshr),
});

export const ShRSIOp = defineOp('arith.shrsi', {
  summary: 'signed integer right-shift',
  description: 'Shifts right filling with copies of the sign bit; `exact` as for `arith.shrui`.',
  operands,
  results,
  properties: { isExact },
  traits: elementwise(Pure),
  assemblyFormat: WITH_EXACT,
  fold: ({ op, lhs, rhs }) => foldShift(op, lhs, rhs, I.ashr),
});

/**
 * A min/max op: `x op x` is x; with a constant right operand, `absorbing(c)` (the extreme the result is) gives
 * that constant and `neutral(c)` gives the other operand.
 */
function minMaxOp(
  name: string,
  summary: string,
  absorbing: (v: bigint, w: number) => boolean,
  neutral: (v: bigint, w: number) => boolean,
  f: (a: bigint, b: bigint, w: number) => bigint,
) {
  return defineOp(name, {
    summary,
    operands,
    results,
    traits: elementwise(Commutative, Pure),
    assemblyFormat: PLAIN,
    fold({ op, lhs, rhs }): OpFoldResult | undefined {
      if (op.lhs === op.rhs) return op.rhs;
      const c = constantInt(rhs);
      if (c) {
        if (absorbing(c.value, c.width)) return op.rhs;
        if (neutral(c.value, c.width)) return op.lhs;
      }
      return foldInts(op, lhs, rhs, f);
    },
  });
}

const isUnsignedMin = (v: bigint): boolean => v === 0n;
export const MaxSIOp = minMaxOp('arith.maxsi', 'signed integer maximum operation', I.isMaxSigned, I.isMinSigned, I.smax);
export const MaxUIOp = minMaxOp('arith.maxui', 'unsigned integer maximum operation', I.isAllOnes, isUnsignedMin, I.umax);
export const MinSIOp = minMaxOp('arith.minsi', 'signed integer minimum operation', I.isMinSigned, I.isMaxSigned, I.smin);
export const MinUIOp = minMaxOp('arith.minui', 'unsigned integer minimum operation', isUnsignedMin, I.isAllOnes, I.umin);

/**
 * `x op x` is `x` (MLIR's Idempotent trait). As in MLIR, a trait's fold comes after the op's own, so two equal
 * constants fold to a new constant rather than to the first operand.
 */
function idempotent(op: { readonly lhs: Value; readonly rhs: Value }): Value | undefined {
  return op.lhs === op.rhs ? op.lhs : undefined;
}
