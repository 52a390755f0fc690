// The arith dialect's implementations for the reference interpreter (docs/interpreter.md): every op, on scalar
// integers, index and floats. Each is registered for its op definition and reads the op through its typed view.
import { FLOAT_WIDTH, type Operation, type Type } from '@tlir/ir';
import { fault, integerFormat, roundToKind, scalarFromAttribute, type InterpreterRegistry } from '@tlir/interpreter';
import { CmpFPredicateAttr, CmpIPredicateAttr, RoundingModeAttr } from '../arith-attributes.js';
import {
  BitcastOp,
  ExtFOp,
  ExtSIOp,
  ExtUIOp,
  FPToSIOp,
  FPToUIOp,
  IndexCastOp,
  IndexCastUIOp,
  ScalingExtFOp,
  ScalingTruncFOp,
  SIToFPOp,
  TruncFOp,
  TruncIOp,
  UIToFPOp,
} from '../cast-ops.js';
import { CmpFOp, CmpIOp, applyCmpFPredicate } from '../compare-ops.js';
import { ConstantOp } from '../constant-op.js';
import { AddUIExtendedOp, MulSIExtendedOp, MulUIExtendedOp } from '../extended-ops.js';
import { NegFOp, negate } from '../float-ops.js';
import { AddIOp, MulIOp } from '../integer-ops.js';
import { SelectOp } from '../select-op.js';
import { bitcastValue, convertInteger, floatToIntegerValue, integerToFloatValue } from './cast-semantics.js';
import { FLOAT_BINARY, divf, mulf } from './float-semantics.js';
import { roundWithMode, type RoundingMode } from './float-rounding.js';
import { INTEGER_BINARY, multiplyHigh, unsignedAddOverflows } from './integer-semantics.js';
import { floatKindOf, integerFormatOf, type Scalar } from './scalar-types.js';
import { compareIntegers } from './integer-comparison.js';

/** The case of a verified op's enum property. */
function enumCase<N extends string>(e: { symbolize(a: never): N | undefined }, op: Operation, attr: unknown, property: string): N {
  return (attr ? e.symbolize(attr as never) : undefined) ?? fault(`internal: '${op.name}' has no valid '${property}'`);
}

function registerConstant(registry: InterpreterRegistry): void {
  registry.registerImpl(ConstantOp, (op) => {
    const value = op.value;
    const v = value && scalarFromAttribute(value);
    if (v === undefined) fault(`'arith.constant' of ${value}: the interpreter runs arith on scalars only (no vectors or tensors)`);
    return [v];
  });
}

function registerIntegerOps(registry: InterpreterRegistry): void {
  for (const [def, f] of INTEGER_BINARY) {
    registry.registerImpl(def, (op, [a, b]) => [f(integerFormatOf(op.op, op.result.type), a as Scalar, b as Scalar)]);
  }
  const add = INTEGER_BINARY.get(AddIOp)!;
  const mul = INTEGER_BINARY.get(MulIOp)!;
  registry.registerImpl(AddUIExtendedOp, (op, [a, b]) => {
    const format = integerFormatOf(op.op, op.sum.type);
    const sum = add(format, a as Scalar, b as Scalar);
    return [sum, unsignedAddOverflows(format, a as Scalar, sum) ? 1 : 0];
  });
  for (const [def, signed] of [
    [MulSIExtendedOp, true],
    [MulUIExtendedOp, false],
  ] as const) {
    registry.registerImpl(def, (op, [a, b]) => {
      const format = integerFormatOf(op.op, op.low.type);
      return [mul(format, a as Scalar, b as Scalar), multiplyHigh(format, a as Scalar, b as Scalar, signed)];
    });
  }
}

function registerFloatOps(registry: InterpreterRegistry): void {
  for (const [def, f] of FLOAT_BINARY) {
    registry.registerImpl(def, (op, [a, b]) => [f(floatKindOf(op.op, op.result.type), a as number, b as number)]);
  }
  registry.registerImpl(NegFOp, (op, [a]) => {
    floatKindOf(op.op, op.result.type);
    return [negate(a as number)];
  });
}

function registerComparisons(registry: InterpreterRegistry): void {
  registry.registerImpl(CmpIOp, (op, [a, b]) => {
    const format = integerFormatOf(op.op, op.lhs.type);
    return [compareIntegers(enumCase(CmpIPredicateAttr, op.op, op.predicate, 'predicate'), format, a as Scalar, b as Scalar) ? 1 : 0];
  });
  registry.registerImpl(CmpFOp, (op, [a, b]) => {
    floatKindOf(op.op, op.lhs.type);
    return [applyCmpFPredicate(enumCase(CmpFPredicateAttr, op.op, op.predicate, 'predicate'), a as number, b as number) ? 1 : 0];
  });
  registry.registerImpl(SelectOp, (op, [condition, t, f]) => {
    if (typeof condition !== 'number') fault(`'arith.select' with a condition of ${op.condition.type}: the interpreter runs arith on scalars only (no vectors or tensors)`);
    return [condition ? t! : f!];
  });
}

/** The cast ops: one operand `in`, one result `out`. */
type CastView = { readonly op: Operation; readonly in: { readonly type: Type }; readonly out: { readonly type: Type } };

function registerCasts(registry: InterpreterRegistry): void {
  const integerCast = (signed: boolean) => (op: CastView, [v]: readonly unknown[]) => [
    convertInteger(integerFormatOf(op.op, op.in.type), integerFormatOf(op.op, op.out.type), v as Scalar, signed),
  ];
  registry.registerImpl(ExtSIOp, integerCast(true));
  registry.registerImpl(ExtUIOp, integerCast(false));
  registry.registerImpl(TruncIOp, integerCast(true));
  registry.registerImpl(IndexCastOp, integerCast(true));
  registry.registerImpl(IndexCastUIOp, integerCast(false));
  registry.registerImpl(SIToFPOp, (op, [v]) => [integerToFloatValue(integerFormatOf(op.op, op.in.type), floatKindOf(op.op, op.out.type), v as Scalar, true)]);
  registry.registerImpl(UIToFPOp, (op, [v]) => [integerToFloatValue(integerFormatOf(op.op, op.in.type), floatKindOf(op.op, op.out.type), v as Scalar, false)]);
  registry.registerImpl(FPToSIOp, (op, [v]) => [floatToIntegerValue(v as number, integerFormatOf(op.op, op.out.type), op.out.type, true)]);
  registry.registerImpl(FPToUIOp, (op, [v]) => [floatToIntegerValue(v as number, integerFormatOf(op.op, op.out.type), op.out.type, false)]);
  // Every value of the narrower kind is one of the wider kind.
  registry.registerImpl(ExtFOp, (op, [v]) => [roundToKind(floatKindOf(op.op, op.out.type), v as number)]);
  registry.registerImpl(TruncFOp, (op, [v]) => [roundWithMode(floatKindOf(op.op, op.out.type), v as number, roundingMode(op))]);
  registry.registerImpl(BitcastOp, (op, [v]) => [bitcastValue(scalarType(op.op, op.in.type), scalarType(op.op, op.out.type), v as Scalar)]);
  registerScalingCasts(registry);
}

/** The rounding mode of truncf and scaling_truncf (to nearest, ties to even, when the op gives none). */
function roundingMode(op: { readonly op: Operation; readonly roundingmode: unknown }): RoundingMode {
  return op.roundingmode === undefined ? 'to_nearest_even' : enumCase(RoundingModeAttr, op.op, op.roundingmode, 'roundingmode');
}

/** bitcast's operand and result types, which must be scalars (not memrefs, vectors or tensors) here. */
function scalarType(op: Operation, type: Type): Type {
  if (integerFormat(type) === undefined) floatKindOf(op, type);
  return type;
}

/**
 * scaling_extf and scaling_truncf as MLIR's arith-expand lowers them: a scale of 16 bits or more is first
 * truncated to f8E8M0FNU (a power of two); then `extf(in) * extf(scale)` in the result type, or
 * `truncf(in / extf(scale))` in the operand's type with the op's rounding mode.
 */
function registerScalingCasts(registry: InterpreterRegistry): void {
  const scaleValue = (op: { readonly op: Operation; readonly scale: { readonly type: Type } }, scale: number): number => {
    const kind = floatKindOf(op.op, op.scale.type);
    if (kind === 'f8E8M0FNU') return scale;
    if (FLOAT_WIDTH[kind] >= 16) return roundToKind('f8E8M0FNU', scale);
    return fault(`a scale of ${op.scale.type}: '${op.op.name}' takes scales of f8E8M0FNU or of a float type of 16 bits or more`);
  };
  registry.registerImpl(ScalingExtFOp, (op, [input, scale]) => {
    const kind = floatKindOf(op.op, op.out.type);
    return [mulf(kind, input as number, roundToKind(kind, scaleValue(op, scale as number)))];
  });
  registry.registerImpl(ScalingTruncFOp, (op, [input, scale]) => {
    const inKind = floatKindOf(op.op, op.in.type);
    const quotient = divf(inKind, input as number, roundToKind(inKind, scaleValue(op, scale as number)));
    return [roundWithMode(floatKindOf(op.op, op.out.type), quotient, roundingMode(op))];
  });
}

/** Registers the implementation of every arith op. */
export function registerArithInterpreter(registry: InterpreterRegistry): InterpreterRegistry {
  registerConstant(registry);
  registerIntegerOps(registry);
  registerFloatOps(registry);
  registerComparisons(registry);
  registerCasts(registry);
  return registry;
}
