// The floating-point functions of the math dialect: `%y = math.exp %x fastmath<fast> : f32`, elementwise on vectors
// and tensors, the result of the operand type. Folded as MLIR folds them: with the C library for f32 and f64 (see
// libm.ts), exactly (APFloat) for rounding, absolute value and sign copying of any float type.
import {
  DefaultValuedAttr,
  Elementwise,
  FloatAttr,
  FloatLike,
  InferredSameOperandsAndResultType,
  Pure,
  SameAs,
  SameOperandsAndResultShape,
  SameOperandsAndResultType,
  SignlessIntegerLike,
  defineOp,
  type Attribute,
  type Context,
  type FloatType,
  type OpFoldResult,
} from '@tlir/ir';
import { FastMath, FastMathAttr, foldBinary, foldUnary, withNaNRules } from '@tlir/dialect-arith';
import { LIBM, applyUnary, cAtan2, cPow, roundHalfEven } from './libm.js';

const fastmath = DefaultValuedAttr(FastMathAttr, (ctx) => FastMathAttr.get(ctx, { value: FastMath.none }));
const TRAITS = [Pure, SameOperandsAndResultType, Elementwise, InferredSameOperandsAndResultType];
const UNARY = '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)';
const BINARY = '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)';

/** The float kind of a constant's (element) type. */
const kindOf = (a: Attribute): FloatType['kind'] | undefined => {
  const t = a.type as { elementType?: { kind?: string }; kind?: string } | undefined;
  return (t?.elementType?.kind ?? t?.kind) as FloatType['kind'] | undefined;
};

/** A unary op folded by `f` on the double value (undefined: not folded). */
function unaryOp(name: string, summary: string, description: string, fold?: (kind: FloatType['kind'], x: number) => number | undefined) {
  return defineOp(`math.${name}`, {
    summary,
    description,
    operands: { operand: FloatLike },
    results: { result: FloatLike },
    properties: { fastmath },
    traits: TRAITS,
    assemblyFormat: UNARY,
    fold: fold
      ? ({ op, operand }): OpFoldResult | undefined => {
          if (operand === undefined) return undefined;
          const kind = kindOf(operand);
          if (kind === undefined) return undefined;
          return foldUnary(op.op.context, operand, 'float', (x: number) => fold(kind, x));
        }
      : undefined,
  });
}

/** A C library function of one argument (f32 and f64 only). */
const libm = (fn: string) => (kind: FloatType['kind'], x: number) => applyUnary(kind, LIBM[fn]!, x);
/** An exact rounding of any float type. */
const exact = (f: (x: number) => number) => (_kind: FloatType['kind'], x: number) => withNaNRules(f(x), x);

export const AbsFOp = defineOp('math.absf', {
  summary: 'floating point absolute-value operation',
  description: 'The absolute value: the operand with its sign bit cleared.\n\n```mlir\n%a = math.absf %b : f64\n```\n',
  operands: { operand: FloatLike },
  results: { result: FloatLike },
  properties: { fastmath },
  traits: TRAITS,
  assemblyFormat: UNARY,
  fold({ op, operand }): OpFoldResult | undefined {
    if (operand instanceof FloatAttr) {
      const width = operand.type.width;
      if (operand.type.kind === 'f8E8M0FNU') return operand; // no sign bit
      return FloatAttr.getFromBits(op.op.context, operand.type, operand.bits & ~(1n << BigInt(width - 1)));
    }
    return foldUnary(op.op.context, operand, 'float', (x: number) => (Number.isNaN(x) ? x : Math.abs(x)));
  },
});

export const AcosOp = unaryOp('acos', 'arcus cosine of the specified value', 'The arcus cosine, in radians.', libm('acos'));
export const AcoshOp = unaryOp('acosh', 'Hyperbolic arcus cosine of the given value', 'The inverse hyperbolic cosine.', libm('acosh'));
export const AsinOp = unaryOp('asin', 'arcus sine of the given value', 'The arcus sine, in radians.', libm('asin'));
export const AsinhOp = unaryOp('asinh', 'hyperbolic arcus sine of the given value', 'The inverse hyperbolic sine.', libm('asinh'));
export const AtanOp = unaryOp('atan', 'arcus tangent of the given value', 'The arcus tangent, in radians.', libm('atan'));
export const AtanhOp = unaryOp('atanh', 'hyperbolic arcus tangent of the given value', 'The inverse hyperbolic tangent.', libm('atanh'));
export const CbrtOp = unaryOp('cbrt', 'cube root of the specified value', 'The cube root (not folded, as in MLIR).');
export const CeilOp = unaryOp('ceil', 'ceiling of the specified value', 'The smallest integral value not less than the operand.', exact(Math.ceil));
export const CosOp = unaryOp('cos', 'cosine of the specified value', 'The cosine of an angle in radians.', libm('cos'));
export const CoshOp = unaryOp('cosh', 'hyperbolic cosine of the specified value', 'The hyperbolic cosine.', libm('cosh'));
export const ErfOp = unaryOp('erf', 'error function of the specified value', 'The error function (not folded by tlir yet).');
export const ErfcOp = unaryOp('erfc', 'complementary error function of the specified value', 'The complementary error function, 1 - erf(x) (not folded by tlir yet).');
export const ExpOp = unaryOp('exp', 'base-e exponential of the specified value', 'e raised to the operand.\n\n```mlir\n%a = math.exp %b : f64\n```\n', libm('exp'));
export const Exp2Op = unaryOp('exp2', 'base-2 exponential of the specified value', '2 raised to the operand.', libm('exp2'));
export const ExpM1Op = unaryOp('expm1', 'base-e exponential of the specified value minus 1', 'exp(x) - 1, accurate near zero.', libm('expm1'));
export const FloorOp = unaryOp('floor', 'floor of the specified value', 'The largest integral value not greater than the operand.', exact(Math.floor));
export const LogOp = unaryOp('log', 'base-e logarithm of the specified value', 'The natural logarithm (negative operands are not folded).', libm('log'));
export const Log10Op = unaryOp('log10', 'base-10 logarithm of the specified value', 'The base-10 logarithm.', libm('log10'));
export const Log1pOp = unaryOp('log1p', 'Computes the natural logarithm of one plus the given value', 'log(1 + x), accurate near zero.', libm('log1p'));
export const Log2Op = unaryOp('log2', 'base-2 logarithm of the specified value', 'The base-2 logarithm.', libm('log2'));
export const RoundOp = unaryOp('round', 'round of the specified value', 'Rounds to the nearest integral value, halfway cases away from zero.', libm('round'));
export const RoundEvenOp = unaryOp('roundeven', 'round of the specified value with halfway cases to even', 'Rounds to the nearest integral value, halfway cases to even.', exact(roundHalfEven));
export const RsqrtOp = unaryOp('rsqrt', 'reciprocal of sqrt (1 / sqrt of the specified value)', 'The reciprocal of the square root (not folded, as in MLIR).');
export const SinOp = unaryOp('sin', 'sine of the specified value', 'The sine of an angle in radians.', libm('sin'));
export const SinhOp = unaryOp('sinh', 'hyperbolic sine of the specified value', 'The hyperbolic sine.', libm('sinh'));
export const SqrtOp = unaryOp('sqrt', 'sqrt of the specified value', 'The square root (negative operands are not folded).', libm('sqrt'));
export const TanOp = unaryOp('tan', 'tangent of the specified value', 'The tangent of an angle in radians.', libm('tan'));
export const TanhOp = unaryOp('tanh', 'hyperbolic tangent of the specified value', 'The hyperbolic tangent.', libm('tanh'));
export const TruncOp = unaryOp('trunc', 'trunc of the specified value', 'Rounds toward zero to an integral value.', libm('trunc'));

/** A binary op folded with `f` on two f32 or two f64 constants. */
function binaryOp(name: string, summary: string, description: string, fold: ((ctx: Context, l: Attribute | undefined, r: Attribute | undefined) => Attribute | undefined) | undefined) {
  return defineOp(`math.${name}`, {
    summary,
    description,
    operands: { lhs: FloatLike, rhs: FloatLike },
    results: { result: FloatLike },
    properties: { fastmath },
    traits: TRAITS,
    assemblyFormat: BINARY,
    fold: fold ? ({ op, lhs, rhs }): OpFoldResult | undefined => fold(op.op.context, lhs, rhs) : undefined,
  });
}

const libm2 = (f: (a: number, b: number) => number) => (ctx: Context, l: Attribute | undefined, r: Attribute | undefined) => {
  if (l === undefined || r === undefined) return undefined;
  const kind = kindOf(l);
  if (kind !== 'f32' && kind !== 'f64') return undefined;
  return foldBinary(ctx, l, r, 'float', f);
};

export const Atan2Op = binaryOp('atan2', '2-argument arcus tangent of the given values', 'The angle of the point (rhs, lhs): atan2(y, x) with y = lhs.', libm2(cAtan2));
export const PowFOp = binaryOp('powf', 'floating point raised to the power of operation', 'lhs raised to the power rhs (C pow).', libm2(cPow));
export const CopySignOp = binaryOp('copysign', 'A copysign operation', 'The magnitude of lhs with the sign of rhs.', (ctx, l, r) => {
  if (l instanceof FloatAttr && r instanceof FloatAttr) {
    if (l.type !== r.type) return undefined;
    const sign = 1n << BigInt(l.type.width - 1);
    return FloatAttr.getFromBits(ctx, l.type, (l.bits & ~sign) | (r.bits & sign));
  }
  return foldBinary(ctx, l, r, 'float', (a: number, b: number) => {
    const m = Number.isNaN(a) ? a : Math.abs(a);
    return (b < 0 || Object.is(b, -0)) !== (m < 0) ? -m : m;
  });
});

export const FmaOp = defineOp('math.fma', {
  summary: 'floating point fused multipy-add operation',
  description: '`a * b + c` rounded once, as the LLVM fma intrinsic.\n\n```mlir\n%d = math.fma %a, %b, %c : f64\n```\n',
  operands: { a: FloatLike, b: FloatLike, c: FloatLike },
  results: { result: FloatLike },
  properties: { fastmath },
  traits: TRAITS,
  assemblyFormat: '$a `,` $b `,` $c (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
});

export const FPowIOp = defineOp('math.fpowi', {
  summary: 'floating point raised to the signed integer power',
  description: 'lhs (a float) raised to rhs (a signed integer), elementwise.\n\n```mlir\n%a = math.fpowi %b, %c : f64, i32\n```\n',
  operands: { lhs: FloatLike, rhs: SignlessIntegerLike },
  results: { result: SameAs('lhs', FloatLike) },
  properties: { fastmath },
  traits: [Pure, SameOperandsAndResultShape, Elementwise],
  assemblyFormat: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs) `,` type($rhs)',
});

export const SinCosOp = defineOp('math.sincos', {
  summary: 'sine and cosine of the specified value',
  description: 'The sine and the cosine of an angle in radians, in one op.\n\n```mlir\n%sin, %cos = math.sincos %x : f32\n```\n',
  operands: { operand: FloatLike },
  results: { sin: SameAs('operand', FloatLike), cos: SameAs('operand', FloatLike) },
  properties: { fastmath },
  traits: [Pure, Elementwise],
  assemblyFormat: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)',
});

export const ClampFOp = defineOp('math.clampf', {
  summary: 'floating point clamping operation',
  description: 'The operand clamped to [min, max].\n\n```mlir\n%r = math.clampf %x to [%lo, %hi] : f32\n```\n',
  operands: { operand: FloatLike, min: FloatLike, max: FloatLike },
  results: { result: FloatLike },
  properties: { fastmath },
  traits: TRAITS,
  assemblyFormat: '$operand `to` ` ` `[` $min `,` $max `]` (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
});
