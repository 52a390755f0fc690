// The math dialect's implementations for the reference interpreter (docs/interpreter.md): every op, on scalars, each
// registered for its op definition.
import type { Operation, Type, Value } from '@tlir/ir';
import { fault, floatKind, integerFormat, roundToKind, signedValue, wrapInteger, type InterpreterRegistry, type IntegerFormat } from '@tlir/interpreter';
import type { FloatKind } from '@tlir/ir';
import { CLASSIFICATIONS, IsFiniteOp, IsInfOp, IsNaNOp, IsNormalOp } from '../classification-ops.js';
import { ClampFOp, FmaOp, FPowIOp, RsqrtOp, SinCosOp } from '../float-ops.js';
import { AbsIOp, CountLeadingZerosOp, CountTrailingZerosOp, CtPopOp, INTEGER_UNARY, IPowIOp, ipowi } from '../integer-ops.js';
import { FLOAT_BINARY, FLOAT_UNARY, clamp, cos, floatPowerInteger, reciprocalSquareRoot, sin } from './float-functions.js';
import { fusedMultiplyAdd } from './fused-multiply-add.js';

type Scalar = number | bigint;

function notScalar(op: Operation, type: Type): never {
  return fault(`'${op.name}' on ${type}: the interpreter runs math on scalars only (no vectors or tensors)`);
}
/** The float kind of `value`, an operand of the op `view` shows. */
const floatOf = (view: { readonly op: Operation }, value: Value): FloatKind => floatKind(value.type) ?? notScalar(view.op, value.type);
const integerOf = (view: { readonly op: Operation }, value: Value): IntegerFormat => integerFormat(value.type) ?? notScalar(view.op, value.type);

/** Registers the implementation of every math op. */
export function registerMathInterpreter(registry: InterpreterRegistry): InterpreterRegistry {
  for (const [def, f] of FLOAT_UNARY) {
    registry.registerImpl(def, (op, [x]) => [roundToKind(floatOf(op, op.operand), f(x as number))]);
  }
  for (const [def, f] of FLOAT_BINARY) {
    registry.registerImpl(def, (op, [a, b]) => [roundToKind(floatOf(op, op.lhs), f(a as number, b as number))]);
  }
  registry.registerImpl(RsqrtOp, (op, [x]) => [reciprocalSquareRoot(floatOf(op, op.operand), x as number)]);
  registry.registerImpl(ClampFOp, (op, [x, min, max]) => [roundToKind(floatOf(op, op.operand), clamp(x as number, min as number, max as number))]);
  registry.registerImpl(FmaOp, (op, [a, b, c]) => [fusedMultiplyAdd(floatOf(op, op.a), a as number, b as number, c as number)]);
  registry.registerImpl(SinCosOp, (op, [x]) => {
    const kind = floatOf(op, op.operand);
    return [roundToKind(kind, sin(x as number)), roundToKind(kind, cos(x as number))];
  });
  registry.registerImpl(FPowIOp, (op, [b, p]) => [floatPowerInteger(floatOf(op, op.lhs), b as number, BigInt(signedValue(integerOf(op, op.rhs), p as Scalar)))]);
  for (const [def, test] of [
    [IsNaNOp, CLASSIFICATIONS.isnan],
    [IsInfOp, CLASSIFICATIONS.isinf],
    [IsFiniteOp, CLASSIFICATIONS.isfinite],
    [IsNormalOp, CLASSIFICATIONS.isnormal],
  ] as const) {
    registry.registerImpl(def, (op, [x]) => [test(x as number, floatOf(op, op.operand)) ? 1 : 0]);
  }
  for (const [def, f] of [
    [AbsIOp, INTEGER_UNARY.absi],
    [CountLeadingZerosOp, INTEGER_UNARY.ctlz],
    [CountTrailingZerosOp, INTEGER_UNARY.cttz],
    [CtPopOp, INTEGER_UNARY.ctpop],
  ] as const) {
    registry.registerImpl(def, (op, [a]) => {
      const format = integerOf(op, op.operand);
      return [wrapInteger(format, f(BigInt(a as Scalar), format.width))];
    });
  }
  registry.registerImpl(IPowIOp, (op, [b, p]) => {
    const format = integerOf(op, op.lhs);
    const r = ipowi(BigInt(b as Scalar), BigInt(p as Scalar), format.width);
    // MLIR's expansion divides 1 by the base for a negative power: by zero here.
    if (r === undefined) fault('0 raised to a negative power (a division by zero)');
    return [wrapInteger(format, r)];
  });
  return registry;
}
