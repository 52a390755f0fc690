// The value types of the gpu dialect's collective ops and which reductions apply to them (MLIR's
// AnyIntegerOrFloat, AnyIntegerOrFloatOr1DVector and verifyReduceOpAndType).
import { AnyFloat, AnySignlessInteger, AnyOf, FloatType, IntegerType, VectorType, typeConstraint, type Type } from '@tlir/ir';
import type { AllReduceOperation } from './gpu-attributes.js';

/** A signless integer or a float. */
export const AnyIntegerOrFloat = AnyOf([AnySignlessInteger, AnyFloat], 'Integer or Float');

const isScalar = (t: Type): boolean => AnyIntegerOrFloat.check(t);

/** A signless integer, a float, or a fixed-length 1-D vector of them. */
export const AnyIntegerOrFloatOr1DVector = typeConstraint(
  'Integer or Float or fixed-length vector of Integer or Float values of ranks 1',
  (t: Type) => isScalar(t) || (t instanceof VectorType && t.shape.length === 1 && !t.scalableDims.some((s) => s) && isScalar(t.elementType)),
);

const FLOAT_ONLY: readonly AllReduceOperation[] = ['minnumf', 'maxnumf', 'minimumf', 'maximumf'];
const INTEGER_ONLY: readonly AllReduceOperation[] = ['minsi', 'minui', 'maxsi', 'maxui', 'and', 'or', 'xor'];

/** Whether the reduction `op` applies to values of (element) type `t`: float reductions to floats, bitwise and min/max to integers. */
export function isReductionCompatible(op: AllReduceOperation, t: Type): boolean {
  if (FLOAT_ONLY.includes(op)) return t instanceof FloatType;
  if (INTEGER_ONLY.includes(op)) return t instanceof IntegerType;
  return true;
}
