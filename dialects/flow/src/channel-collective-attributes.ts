// The enums of the collective ops (IREE's CollectiveElementType and CollectiveReductionOp): 32-bit integer
// attributes, written as their case names in the ops' custom form (`flow.collective.all_reduce sum, f32, ...`).
import { FloatType, IntEnumAttr, IntegerType, type Type } from '@tlir/ir';

export const CollectiveElementTypeAttr = IntEnumAttr(
  'CollectiveElementType',
  32,
  { si8: 0, ui8: 1, si16: 2, ui16: 3, si32: 4, ui32: 5, si64: 6, ui64: 7, f16: 8, f32: 9, f64: 10, bf16: 11 },
  'valid CollectiveElementType',
);
export type CollectiveElementType = (typeof CollectiveElementTypeAttr.cases)[number]['name'];

export const CollectiveReductionOpAttr = IntEnumAttr(
  'CollectiveReductionOp',
  32,
  { none: 0, sum: 1, product: 2, minimum: 3, maximum: 4, average: 5 },
  'valid CollectiveReductionOp',
);
export type CollectiveReductionOp = (typeof CollectiveReductionOpAttr.cases)[number]['name'];

/**
 * Whether tensors of element type `type` can be exchanged as `element`: an integer of the width (`si8` and `ui8`
 * say how to read an `i8`; signed and unsigned integer types must agree with them), or the same float type.
 */
export function isCollectiveElementTypeOf(element: CollectiveElementType, type: Type): boolean {
  if (element.startsWith('si') || element.startsWith('ui')) {
    if (!(type instanceof IntegerType) || type.width !== Number(element.slice(2))) return false;
    if (type.signedness === 'signed') return element.startsWith('si');
    if (type.signedness === 'unsigned') return element.startsWith('ui');
    return true;
  }
  return type instanceof FloatType && type.kind === element;
}
