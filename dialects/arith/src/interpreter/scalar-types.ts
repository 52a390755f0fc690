// What the arith implementations take and give: scalars only. The interpreter's value model (see
// @tlir/interpreter's runtime-value.ts) has no vectors or tensors, so an arith op on one is a runtime error
// that says so, rather than a wrong value.
import type { FloatKind, Operation, Type } from '@tlir/ir';
import { fault, floatKind, integerFormat, type IntegerFormat } from '@tlir/interpreter';

/** The runtime value of an integer, index or float. */
export type Scalar = number | bigint;

function notScalar(op: Operation, type: Type, what: string): never {
  return fault(`'${op.name}' on ${type}: the interpreter runs arith on scalar ${what} only (no vectors or tensors)`);
}

/** The integer format of `type`, an operand or result type of `op`; a runtime error for a non-scalar. */
export function integerFormatOf(op: Operation, type: Type): IntegerFormat {
  return integerFormat(type) ?? notScalar(op, type, 'integers and index');
}

/** The float kind of `type`, an operand or result type of `op`; a runtime error for a non-scalar. */
export function floatKindOf(op: Operation, type: Type): FloatKind {
  return floatKind(type) ?? notScalar(op, type, 'floats');
}
