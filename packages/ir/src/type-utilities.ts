// Type queries shared by verifiers (MLIR's TypeUtilities): element types and shape compatibility.
import { DYNAMIC, RankedTensorType, ShapedType, UnrankedTensorType, VectorType } from './builtin-types.js';
import type { Operation } from './operation.js';
import type { Type } from './type.js';

/** The element type of a vector, tensor or memref; any other type itself (MLIR's getElementTypeOrSelf). */
export function getElementTypeOrSelf(type: Type): Type {
  return type instanceof ShapedType ? type.elementType : type;
}

/** Whether two dimension lists have the same rank and agree where both sizes are static. */
export function areCompatibleShapes(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y && x !== DYNAMIC && y !== DYNAMIC) return false;
  }
  return true;
}

/**
 * MLIR's verifyCompatibleShape(Type, Type): both types are shaped or neither is; an unranked one is compatible
 * with any shape; ranked ones have the same rank and agree where both dimensions are static.
 */
export function isCompatibleShape(a: Type, b: Type): boolean {
  const sa = a instanceof ShapedType;
  const sb = b instanceof ShapedType;
  if (!sa || !sb) return sa === sb;
  const da = (a as ShapedType).shape;
  const db = (b as ShapedType).shape;
  return da === undefined || db === undefined || areCompatibleShapes(da, db);
}

const isScalableVector = (t: Type): boolean => t instanceof VectorType && t.scalableDims.includes(true);

/** The type of the `i`-th of an op's operands followed by its results. */
function operandOrResultType(op: Operation, i: number, numOperands: number): Type {
  return i < numOperands ? op.operandValues[i]!.type : op.getResult(i - numOperands).type;
}

/**
 * MLIR's verifyCompatibleShapes over the types of an op's operands and results (or, with `mappableOnly`, those of
 * them that are vectors or tensors): none shaped, or all shaped with scalable vectors not mixed with others, the
 * ranked ones of one rank, and in each dimension the static sizes equal. No allocation: verifiers call it for
 * every op.
 */
export function haveCompatibleShapes(op: Operation, mappableOnly = false): boolean {
  const n = op.numOperands;
  const count = n + op.numResults;
  let shaped = 0;
  let considered = 0;
  let scalable = 0;
  let rank = -1;
  for (let i = 0; i < count; i++) {
    const t = operandOrResultType(op, i, n);
    if (mappableOnly && !isMappable(t)) continue;
    considered++;
    if (!(t instanceof ShapedType)) continue;
    shaped++;
    if (isScalableVector(t)) scalable++;
    const s = t.shape;
    if (s === undefined) continue;
    if (rank < 0) rank = s.length;
    else if (s.length !== rank) return false;
  }
  if (shaped === 0) return true;
  if (shaped !== considered) return false;
  if (scalable !== 0 && scalable !== shaped) return false;
  for (let d = 0; d < rank; d++) {
    let size = DYNAMIC;
    for (let i = 0; i < count; i++) {
      const t = operandOrResultType(op, i, n);
      if (!(t instanceof ShapedType) || (mappableOnly && !isMappable(t))) continue;
      const s = t.shape;
      if (s === undefined) continue;
      const x = s[d]!;
      if (x === DYNAMIC) continue;
      if (size === DYNAMIC) size = x;
      else if (x !== size) return false;
    }
  }
  return true;
}

/** A vector or a tensor: what elementwise ops map over (MLIR's ElementwiseMappable). */
export function isMappable(t: Type): boolean {
  return t instanceof VectorType || t instanceof RankedTensorType || t instanceof UnrankedTensorType;
}
