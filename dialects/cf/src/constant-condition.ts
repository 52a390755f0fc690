import { IntegerAttr, type Attribute } from '@tlir/ir';

/** The value of an integer constant (MLIR's m_ConstantInt), undefined for anything else. */
export function constantIntValue(attr: Attribute | undefined): bigint | undefined {
  return attr instanceof IntegerAttr ? attr.value : undefined;
}

/** Whether `attr` is the i1 constant `value` (MLIR's m_One / m_NonZero for true, m_Zero for false). */
export function isConstantBool(attr: Attribute | undefined, value: boolean): boolean {
  const v = constantIntValue(attr);
  return v !== undefined && (v !== 0n) === value;
}
