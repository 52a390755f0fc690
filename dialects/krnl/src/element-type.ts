import { MemRefType, type Type } from '@tlir/ir';

// The element type of a memref as the one-type list TypesMatchWith compares with (krnl.load's result, krnl.store's
// value, the pad value of krnl.copy_to_tile_buffer), kept per interned memref type so that verifying allocates
// nothing.
const cache = new WeakMap<MemRefType, readonly Type[]>();
const NONE: readonly Type[] = Object.freeze([]);

export function elementTypeOf(t: Type): readonly Type[] {
  if (!(t instanceof MemRefType)) return NONE;
  let e = cache.get(t);
  if (e === undefined) {
    e = Object.freeze([t.elementType]);
    cache.set(t, e);
  }
  return e;
}
