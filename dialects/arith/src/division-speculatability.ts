// When an integer division may run where it would not have (MLIR's getSpeculatability of arith.divui, divsi,
// ceildivui and ceildivsi): only with a constant divisor none of whose elements makes it trap. Division by zero is
// undefined behaviour, and so is a signed division of the smallest value by -1. LICM hoists such divisions out of
// loops; with any other divisor they stay where they are.
import { DenseElementsAttr, FloatType, IntegerAttr, integerWidth, type Attribute, type Operation } from '@tlir/ir';
import type { Speculatability } from '@tlir/rewrite';
import { isAllOnes, unsigned } from './fold/apint.js';
import { constantOf } from './fold/fold-helpers.js';

/** The values of an integer constant (a scalar, or dense elements splat or not) and their width; else undefined. */
function constantIntegers(attr: Attribute | undefined): { values: readonly bigint[]; width: number } | undefined {
  if (attr instanceof IntegerAttr) return { values: [attr.value], width: integerWidth(attr.type) };
  if (attr instanceof DenseElementsAttr) {
    const et = attr.type.elementType;
    if (et instanceof FloatType || !attr.values.every((v) => typeof v === 'bigint')) return undefined;
    return { values: attr.values as readonly bigint[], width: integerWidth(et) };
  }
  return undefined;
}

/** An unsigned division: speculatable when its divisor is a constant with no zero. */
export function unsignedDivisionSpeculatability(op: Operation): Speculatability {
  const c = constantIntegers(constantOf(op.getOperand(1)));
  return c !== undefined && c.values.every((v) => unsigned(v, c.width) !== 0n) ? 'speculatable' : 'not-speculatable';
}

/** A signed division: speculatable when its divisor is a constant with no zero and no -1. */
export function signedDivisionSpeculatability(op: Operation): Speculatability {
  const c = constantIntegers(constantOf(op.getOperand(1)));
  const safe = c !== undefined && c.values.every((v) => unsigned(v, c.width) !== 0n && !isAllOnes(v, c.width));
  return safe ? 'speculatable' : 'not-speculatable';
}
