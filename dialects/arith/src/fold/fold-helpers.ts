// What the arith folders share: looking at the ops that define operands, and the constant behind a value.
import { getConstantValue } from '@tlir/rewrite';
import type { Attribute, Operation, Value } from '@tlir/ir';

/** The op defining `value` if it is an op of `def` (MLIR's `value.getDefiningOp<OpTy>()`). */
export function definedBy<D extends { is(op: Operation): boolean; wrap(op: Operation): unknown }>(value: Value, def: D): ReturnType<D['wrap']> | undefined {
  const op: Operation | null = value.definingOp;
  return op !== null && def.is(op) ? (def.wrap(op) as ReturnType<D['wrap']>) : undefined;
}

/** The constant `value` holds when a ConstantLike op defines it. */
export function constantOf(value: Value): Attribute | undefined {
  return getConstantValue(value);
}
