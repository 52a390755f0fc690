// What each AtomicRMWKind computes (MLIR's arith::getReductionOp): the arith op that combines the value in memory
// with the operand. memref.atomic_rmw applies it; arith owns it because the kind is arith's enum, as in MLIR.
import type { Type } from '@tlir/ir';
import { fault, floatKind, integerFormat } from '@tlir/interpreter';
import { FLOAT_BINARY } from './float-semantics.js';
import { INTEGER_BINARY } from './integer-semantics.js';
import type { Scalar } from './scalar-types.js';

/** The arith op of each kind (`assign` has none: the operand replaces the value). */
const KIND_OPS: Readonly<Record<string, string>> = {
  addf: 'arith.addf',
  addi: 'arith.addi',
  andi: 'arith.andi',
  maximumf: 'arith.maximumf',
  maxnumf: 'arith.maxnumf',
  maxs: 'arith.maxsi',
  maxu: 'arith.maxui',
  minimumf: 'arith.minimumf',
  minnumf: 'arith.minnumf',
  mins: 'arith.minsi',
  minu: 'arith.minui',
  mulf: 'arith.mulf',
  muli: 'arith.muli',
  ori: 'arith.ori',
  xori: 'arith.xori',
};

/**
 * The value an atomic read-modify-write of `kind` stores: `current kind value` in `type` (the element type), as
 * the arith op of the kind computes it (current on the left).
 */
export function applyAtomicRMWKind(kind: string, type: Type, current: Scalar, value: Scalar): Scalar {
  if (kind === 'assign') return value;
  const opName = KIND_OPS[kind] ?? fault(`unknown atomic read-modify-write kind '${kind}'`);
  const format = integerFormat(type);
  const integer = INTEGER_BINARY[opName];
  if (integer) return format ? integer(format, current, value) : fault(`atomic kind '${kind}' on ${type}, which is not an integer type`);
  const fkind = floatKind(type) ?? fault(`atomic kind '${kind}' on ${type}, which is not a float type`);
  return FLOAT_BINARY[opName]!(fkind, current as number, value as number);
}
