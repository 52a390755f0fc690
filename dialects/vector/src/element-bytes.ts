// The bytes of a memref element, as an `alignment` (bytes) counts them: an alignment of n bytes on a load of elements
// of b bytes says the first element's index in its buffer is a multiple of n / b.
import { FloatType, IndexType, IntegerType, type Type } from '@tlir/ir';

export function elementBytes(type: Type): number {
  if (type instanceof IntegerType || type instanceof FloatType) return Math.max(1, Math.ceil(type.width / 8));
  if (type instanceof IndexType) return 8;
  return 1;
}

/** The element-index multiple an alignment of `alignment` bytes promises for elements of `type` (1: none). */
export const alignedElements = (alignment: number, type: Type): number => Math.max(1, Math.floor(alignment / elementBytes(type)));
