// The arith dialect's implementations for the reference interpreter (docs/interpreter.md): every op, on scalar
// integers, index and floats.
import { FLOAT_WIDTH, type Operation, type Type } from '@tlir/ir';
import { fault, integerFormat, roundToKind, scalarFromAttribute, type InterpreterRegistry, type OpImplementation } from '@tlir/interpreter';
import { CmpFPredicateAttr, CmpIPredicateAttr, RoundingModeAttr } from '../arith-attributes.js';
import { negate } from '../float-ops.js';
import { applyCmpFPredicate } from '../compare-ops.js';
import { bitcastValue, convertInteger, floatToIntegerValue, integerToFloatValue } from './cast-semantics.js';
import { FLOAT_BINARY } from './float-semantics.js';
import { roundWithMode, type RoundingMode } from './float-rounding.js';
import { INTEGER_BINARY, multiplyHigh, unsignedAddOverflows } from './integer-semantics.js';
import { floatKindOf, integerFormatOf, type Scalar } from './scalar-types.js';
import { compareIntegers } from './integer-comparison.js';

const resultType = (op: Operation) => op.results[0]!.type;
const operandType = (op: Operation, i = 0) => op.getOperand(i).type;

/** The case of a verified op's enum property. */
function enumCase<N extends string>(e: { symbolize(a: never): N | undefined }, op: Operation, property: string): N {
  const attr = op.getProperty(property);
  return (attr && e.symbolize(attr as never)) ?? fault(`internal: '${op.name}' has no valid '${property}'`);
}

function registerConstant(registry: InterpreterRegistry): void {
  registry.register('arith.constant', (op) => {
    const value = op.getProperty('value');
    const v = value && scalarFromAttribute(value);
    if (v === undefined) fault(`'arith.constant' of ${value}: the interpreter runs arith on scalars only (no vectors or tensors)`);
    return [v];
  });
}

function registerIntegerOps(registry: InterpreterRegistry): void {
  for (const [name, f] of Object.entries(INTEGER_BINARY)) {
    registry.register(name, (op, [a, b]) => [f(integerFormatOf(op, resultType(op)), a as Scalar, b as Scalar)]);
  }
  const add = INTEGER_BINARY['arith.addi']!;
  const mul = INTEGER_BINARY['arith.muli']!;
  registry.register('arith.addui_extended', (op, [a, b]) => {
    const format = integerFormatOf(op, resultType(op));
    const sum = add(format, a as Scalar, b as Scalar);
    return [sum, unsignedAddOverflows(format, a as Scalar, sum) ? 1 : 0];
  });
  for (const [name, signed] of [
    ['arith.mulsi_extended', true],
    ['arith.mului_extended', false],
  ] as const) {
    registry.register(name, (op, [a, b]) => {
      const format = integerFormatOf(op, resultType(op));
      return [mul(format, a as Scalar, b as Scalar), multiplyHigh(format, a as Scalar, b as Scalar, signed)];
    });
  }
}

function registerFloatOps(registry: InterpreterRegistry): void {
  for (const [name, f] of Object.entries(FLOAT_BINARY)) {
    registry.register(name, (op, [a, b]) => [f(floatKindOf(op, resultType(op)), a as number, b as number)]);
  }
  registry.register('arith.negf', (op, [a]) => {
    floatKindOf(op, resultType(op));
    return [negate(a as number)];
  });
}

function registerComparisons(registry: InterpreterRegistry): void {
  registry.register('arith.cmpi', (op, [a, b]) => {
    const format = integerFormatOf(op, operandType(op));
    return [compareIntegers(enumCase(CmpIPredicateAttr, op, 'predicate'), format, a as Scalar, b as Scalar) ? 1 : 0];
  });
  registry.register('arith.cmpf', (op, [a, b]) => {
    floatKindOf(op, operandType(op));
    return [applyCmpFPredicate(enumCase(CmpFPredicateAttr, op, 'predicate'), a as number, b as number) ? 1 : 0];
  });
  registry.register('arith.select', (op, [condition, t, f]) => {
    if (typeof condition !== 'number') fault(`'arith.select' with a condition of ${operandType(op)}: the interpreter runs arith on scalars only (no vectors or tensors)`);
    return [condition ? t! : f!];
  });
}

/** A cast from the operand's type to the result's, both scalars. */
function cast(f: (op: Operation, v: Scalar) => Scalar): OpImplementation {
  return (op, [v]) => [f(op, v as Scalar)];
}

function registerCasts(registry: InterpreterRegistry): void {
  const integerCast = (signed: boolean) =>
    cast((op, v) => convertInteger(integerFormatOf(op, operandType(op)), integerFormatOf(op, resultType(op)), v, signed));
  registry.register('arith.extsi', integerCast(true));
  registry.register('arith.extui', integerCast(false));
  registry.register('arith.trunci', integerCast(true));
  registry.register('arith.index_cast', integerCast(true));
  registry.register('arith.index_castui', integerCast(false));
  registry.register('arith.sitofp', cast((op, v) => integerToFloatValue(integerFormatOf(op, operandType(op)), floatKindOf(op, resultType(op)), v, true)));
  registry.register('arith.uitofp', cast((op, v) => integerToFloatValue(integerFormatOf(op, operandType(op)), floatKindOf(op, resultType(op)), v, false)));
  registry.register('arith.fptosi', cast((op, v) => floatToIntegerValue(v as number, integerFormatOf(op, resultType(op)), resultType(op), true)));
  registry.register('arith.fptoui', cast((op, v) => floatToIntegerValue(v as number, integerFormatOf(op, resultType(op)), resultType(op), false)));
  // Every value of the narrower kind is one of the wider kind.
  registry.register('arith.extf', cast((op, v) => roundToKind(floatKindOf(op, resultType(op)), v as number)));
  registry.register('arith.truncf', cast((op, v) => roundWithMode(floatKindOf(op, resultType(op)), v as number, roundingMode(op))));
  registry.register('arith.bitcast', cast((op, v) => bitcastValue(scalarType(op, operandType(op)), scalarType(op, resultType(op)), v)));
  registerScalingCasts(registry);
}

function roundingMode(op: Operation): RoundingMode {
  return op.getProperty('roundingmode') === undefined ? 'to_nearest_even' : enumCase(RoundingModeAttr, op, 'roundingmode');
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
  const scaleValue = (op: Operation, scale: number): number => {
    const kind = floatKindOf(op, operandType(op, 1));
    if (kind === 'f8E8M0FNU') return scale;
    if (FLOAT_WIDTH[kind] >= 16) return roundToKind('f8E8M0FNU', scale);
    return fault(`a scale of ${operandType(op, 1)}: '${op.name}' takes scales of f8E8M0FNU or of a float type of 16 bits or more`);
  };
  registry.register('arith.scaling_extf', (op, [input, scale]) => {
    const kind = floatKindOf(op, resultType(op));
    return [FLOAT_BINARY['arith.mulf']!(kind, input as number, roundToKind(kind, scaleValue(op, scale as number)))];
  });
  registry.register('arith.scaling_truncf', (op, [input, scale]) => {
    const inKind = floatKindOf(op, operandType(op));
    const quotient = FLOAT_BINARY['arith.divf']!(inKind, input as number, roundToKind(inKind, scaleValue(op, scale as number)));
    return [roundWithMode(floatKindOf(op, resultType(op)), quotient, roundingMode(op))];
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
