// The math dialect's implementations for the reference interpreter (docs/interpreter.md): every op, on scalars.
import type { Operation, Type } from '@tlir/ir';
import { fault, floatKind, integerFormat, roundToKind, signedValue, wrapInteger, type InterpreterRegistry, type IntegerFormat } from '@tlir/interpreter';
import type { FloatKind } from '@tlir/ir';
import { CLASSIFICATIONS } from '../classification-ops.js';
import { INTEGER_UNARY, ipowi } from '../integer-ops.js';
import { FLOAT_BINARY, FLOAT_UNARY, clamp, floatPowerInteger, reciprocalSquareRoot } from './float-functions.js';
import { fusedMultiplyAdd } from './fused-multiply-add.js';

type Scalar = number | bigint;

function notScalar(op: Operation, type: Type): never {
  return fault(`'${op.name}' on ${type}: the interpreter runs math on scalars only (no vectors or tensors)`);
}
const floatOf = (op: Operation, i = 0): FloatKind => floatKind(op.getOperand(i).type) ?? notScalar(op, op.getOperand(i).type);
const integerOf = (op: Operation, i = 0): IntegerFormat => integerFormat(op.getOperand(i).type) ?? notScalar(op, op.getOperand(i).type);

/** Registers the implementation of every math op. */
export function registerMathInterpreter(registry: InterpreterRegistry): InterpreterRegistry {
  for (const [name, f] of Object.entries(FLOAT_UNARY)) {
    registry.register(name, (op, [x]) => [roundToKind(floatOf(op), f(x as number))]);
  }
  for (const [name, f] of Object.entries(FLOAT_BINARY)) {
    registry.register(name, (op, [a, b]) => [roundToKind(floatOf(op), f(a as number, b as number))]);
  }
  registry.register('math.rsqrt', (op, [x]) => [reciprocalSquareRoot(floatOf(op), x as number)]);
  registry.register('math.clampf', (op, [x, min, max]) => [roundToKind(floatOf(op), clamp(x as number, min as number, max as number))]);
  registry.register('math.fma', (op, [a, b, c]) => [fusedMultiplyAdd(floatOf(op), a as number, b as number, c as number)]);
  registry.register('math.sincos', (op, [x]) => {
    const kind = floatOf(op);
    return [roundToKind(kind, FLOAT_UNARY['math.sin']!(x as number)), roundToKind(kind, FLOAT_UNARY['math.cos']!(x as number))];
  });
  registry.register('math.fpowi', (op, [b, p]) => [floatPowerInteger(floatOf(op), b as number, BigInt(signedValue(integerOf(op, 1), p as Scalar)))]);
  for (const [name, test] of Object.entries(CLASSIFICATIONS)) {
    registry.register(`math.${name}`, (op, [x]) => [test(x as number, floatOf(op)) ? 1 : 0]);
  }
  for (const [name, f] of Object.entries(INTEGER_UNARY)) {
    registry.register(`math.${name}`, (op, [a]) => {
      const format = integerOf(op);
      return [wrapInteger(format, f(BigInt(a as Scalar), format.width))];
    });
  }
  registry.register('math.ipowi', (op, [b, p]) => {
    const format = integerOf(op);
    const r = ipowi(BigInt(b as Scalar), BigInt(p as Scalar), format.width);
    // MLIR's expansion divides 1 by the base for a negative power: by zero here.
    if (r === undefined) fault('0 raised to a negative power (a division by zero)');
    return [wrapInteger(format, r)];
  });
  return registry;
}
