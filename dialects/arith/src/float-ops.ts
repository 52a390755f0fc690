// Floating-point arithmetic: `%r = arith.addf %a, %b fastmath<fast> : f32`, elementwise on vectors and tensors.
// Folders compute in the type's precision with IEEE semantics (see fold/apfloat.ts); f80 and f128 values only
// fold where no arithmetic happens in doubles (see foldBinary).
import {
  Commutative,
  DefaultValuedAttr,
  DenseElementsAttr,
  Elementwise,
  FloatAttr,
  FloatLike,
  FloatType,
  InferredSameOperandsAndResultType,
  Pure,
  SameOperandsAndResultType,
  bitsToF64,
  defineOp,
  compareWide,
  f64ToBits,
  isWideFloatKind,
  type Attribute,
  type OpFoldResult,
  type Context,
  type Trait,
  type Value,
} from '@tlir/ir';
import { FastMath, FastMathAttr, hasFastMath } from './arith-attributes.js';
import * as F from './fold/apfloat.js';
import { foldBinary, foldUnary, isAnyZeroFloat, isNaNFloat, isNegInfFloat, isNegZeroFloat, isOneFloat, isPosInfFloat, isPosZeroFloat } from './fold/constant-folding.js';
import { definedBy } from './fold/fold-helpers.js';

const operands = { lhs: FloatLike, rhs: FloatLike } as const;
const results = { result: FloatLike } as const;
const fastmath = DefaultValuedAttr(FastMathAttr, (ctx) => FastMathAttr.get(ctx, { value: FastMath.none }));
const BINARY = '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)';

function elementwise(...own: Trait[]): Trait[] {
  return [...own, SameOperandsAndResultType, Elementwise, InferredSameOperandsAndResultType];
}

/** Folds two float constants with `f` (on the exact double values), NaNs as APFloat propagates them. */
function foldFloats(
  op: { readonly op: { readonly context: Context } },
  lhs: Attribute | undefined,
  rhs: Attribute | undefined,
  f: (a: number, b: number) => number,
): Attribute | undefined {
  return foldBinary(op.op.context, lhs, rhs, 'float', (a: number, b: number) => F.withNaNRules(f(a, b), a, b));
}

export const AddFOp = defineOp('arith.addf', {
  summary: 'floating point addition operation',
  description: `
Adds its operands (IEEE 754, rounding to nearest even).

\`\`\`mlir
%a = arith.addf %b, %c : f64
%f = arith.addf %g, %h fastmath<fast> : vector<4xf32>
\`\`\`
`,
  operands,
  results,
  properties: { fastmath },
  traits: elementwise(Pure, Commutative),
  assemblyFormat: BINARY,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isNegZeroFloat(rhs)) return op.lhs; // x + -0.0 is x, even for x = +0.0
    return foldFloats(op, lhs, rhs, (a, b) => a + b);
  },
});

export const SubFOp = defineOp('arith.subf', {
  summary: 'floating point subtraction operation',
  description: 'Subtracts its operands (IEEE 754).',
  operands,
  results,
  properties: { fastmath },
  traits: elementwise(Pure),
  assemblyFormat: BINARY,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isPosZeroFloat(rhs)) return op.lhs;
    return foldFloats(op, lhs, rhs, (a, b) => a - b);
  },
});

export const MulFOp = defineOp('arith.mulf', {
  summary: 'floating point multiplication operation',
  description: 'Multiplies its operands (IEEE 754).',
  operands,
  results,
  properties: { fastmath },
  traits: elementwise(Pure, Commutative),
  assemblyFormat: BINARY,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isOneFloat(rhs)) return op.lhs;
    // x * 0 is 0 only when NaNs and the sign of zero do not matter.
    if (hasFastMath(op, FastMath.nnan | FastMath.nsz) && isAnyZeroFloat(rhs)) return op.rhs;
    return foldFloats(op, lhs, rhs, (a, b) => a * b);
  },
});

export const DivFOp = defineOp('arith.divf', {
  summary: 'floating point division operation',
  description: 'Divides its operands (IEEE 754: x / 0 is an infinity or NaN).',
  operands,
  results,
  properties: { fastmath },
  traits: elementwise(Pure),
  assemblyFormat: BINARY,
  fold({ op, lhs, rhs }): OpFoldResult | undefined {
    if (isOneFloat(rhs)) return op.lhs;
    return foldFloats(op, lhs, rhs, (a, b) => a / b);
  },
});

export const RemFOp = defineOp('arith.remf', {
  summary: 'floating point division remainder operation',
  description: 'The remainder of the division truncated toward zero (C fmod): it has the sign of the dividend.',
  operands,
  results,
  properties: { fastmath },
  traits: elementwise(Pure),
  assemblyFormat: BINARY,
  fold: ({ op, lhs, rhs }) => foldFloats(op, lhs, rhs, (a, b) => a % b),
});

/** A float min/max: `x op x` is x, `neutral` constants on the right give x, constants fold with `f`. */
function minMaxOp(name: string, summary: string, description: string, neutral: (a: Attribute | undefined) => boolean, f: (a: number, b: number) => number, greater: boolean) {
  return defineOp(name, {
    summary,
    description,
    operands,
    results,
    properties: { fastmath },
    traits: elementwise(Pure, Commutative),
    assemblyFormat: BINARY,
    fold({ op, lhs, rhs }): OpFoldResult | undefined {
      if (op.lhs === op.rhs) return op.rhs;
      if (neutral(rhs)) return op.lhs;
      // f80 / f128 scalars that differ are ordered exactly from their bits (their doubles may be rounded).
      if (lhs instanceof FloatAttr && rhs instanceof FloatAttr && lhs.type === rhs.type && isWideFloatKind(lhs.type.kind)) {
        const order = compareWide(lhs.type.kind, lhs.bits, rhs.bits);
        if (order !== undefined && order !== 0) return (order > 0) === greater ? lhs : rhs;
      }
      // The result is one of the operands: exact in any precision.
      return foldBinary(op.op.context, lhs, rhs, 'float', f, undefined, true);
    },
  });
}

export const MaximumFOp = minMaxOp(
  'arith.maximumf',
  'floating-point maximum operation',
  'The greater operand, -0.0 being less than +0.0; a NaN operand gives NaN.',
  isNegInfFloat,
  F.maximum,
  true,
);
export const MaxNumFOp = minMaxOp(
  'arith.maxnumf',
  'floating-point maximum operation',
  'The greater operand; a NaN operand gives the other operand.',
  isNaNFloat,
  F.maxnum,
  true,
);
export const MinimumFOp = minMaxOp(
  'arith.minimumf',
  'floating-point minimum operation',
  'The lesser operand, -0.0 being less than +0.0; a NaN operand gives NaN.',
  isPosInfFloat,
  F.minimum,
  false,
);
export const MinNumFOp = minMaxOp(
  'arith.minnumf',
  'floating-point minimum operation',
  'The lesser operand; a NaN operand gives the other operand.',
  isNaNFloat,
  F.minnum,
  false,
);

/** `-v` with the sign bit flipped even for NaN (APFloat's changeSign). */
export const negate = (v: number): number => bitsToF64(f64ToBits(v) ^ (1n << 63n));

export const NegFOp = defineOp('arith.negf', {
  summary: 'floating point negation',
  description: 'Flips the sign (of NaNs too).',
  operands: { operand: FloatLike },
  results,
  properties: { fastmath },
  traits: elementwise(Pure),
  assemblyFormat: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  fold({ op, operand }): OpFoldResult | undefined {
    const inner = definedBy(op.operand, NegFOp);
    if (inner) return inner.operand;
    if (operand instanceof FloatAttr && operand.type.kind === 'f8E8M0FNU') return undefined; // no sign bit
    if (operand instanceof FloatAttr) return FloatAttr.getFromBits(op.op.context, operand.type, operand.bits ^ (1n << BigInt(F.floatWidth(operand.type.kind) - 1)));
    // f80 / f128 elements: their sign bits flipped (their doubles may be rounded).
    if (operand instanceof DenseElementsAttr && operand.floatBits && isWideFloatKind((operand.type.elementType as FloatType).kind)) {
      const sign = 1n << BigInt(F.floatWidth((operand.type.elementType as FloatType).kind) - 1);
      return DenseElementsAttr.getFromBits(op.op.context, operand.type, operand.floatBits.map((b) => b ^ sign));
    }
    return foldUnary(op.op.context, operand, 'float', negate, undefined, true);
  },
});
