// What each AtomicRMWKind computes (MLIR's arith::getReductionOp): the arith op that combines the value in memory
// with the operand. memref.atomic_rmw applies it; arith owns it because the kind is arith's enum, as in MLIR.
import type { Type } from '@tlir/ir';
import { fault, floatKind, integerFormat } from '@tlir/interpreter';
import { AddFOp, MaximumFOp, MaxNumFOp, MinimumFOp, MinNumFOp, MulFOp } from '../float-ops.js';
import { AddIOp, AndIOp, MaxSIOp, MaxUIOp, MinSIOp, MinUIOp, MulIOp, OrIOp, XOrIOp } from '../integer-ops.js';
import { FLOAT_BINARY, type FloatBinaryOp } from './float-semantics.js';
import { INTEGER_BINARY, type IntegerBinaryOp } from './integer-semantics.js';
import type { Scalar } from './scalar-types.js';

/** The arith op of each kind (`assign` has none: the operand replaces the value). */
const KIND_OPS: Readonly<Record<string, IntegerBinaryOp | FloatBinaryOp>> = {
  addf: AddFOp,
  addi: AddIOp,
  andi: AndIOp,
  maximumf: MaximumFOp,
  maxnumf: MaxNumFOp,
  maxs: MaxSIOp,
  maxu: MaxUIOp,
  minimumf: MinimumFOp,
  minnumf: MinNumFOp,
  mins: MinSIOp,
  minu: MinUIOp,
  mulf: MulFOp,
  muli: MulIOp,
  ori: OrIOp,
  xori: XOrIOp,
};

/**
 * The value an atomic read-modify-write of `kind` stores: `current kind value` in `type` (the element type), as
 * the arith op of the kind computes it (current on the left).
 */
export function applyAtomicRMWKind(kind: string, type: Type, current: Scalar, value: Scalar): Scalar {
  if (kind === 'assign') return value;
  const op = KIND_OPS[kind] ?? fault(`unknown atomic read-modify-write kind '${kind}'`);
  const format = integerFormat(type);
  const integer = INTEGER_BINARY.get(op as IntegerBinaryOp);
  if (integer) return format ? integer(format, current, value) : fault(`atomic kind '${kind}' on ${type}, which is not an integer type`);
  const fkind = floatKind(type) ?? fault(`atomic kind '${kind}' on ${type}, which is not a float type`);
  return FLOAT_BINARY.get(op as FloatBinaryOp)!(fkind, current as number, value as number);
}
