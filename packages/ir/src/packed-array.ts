/**
 * `values.map(f)`, always as a packed array. V8 makes the result of `Array.prototype.map` packed while the caller
 * runs unoptimized and holey once the caller is optimized (its inlined `map` allocates the whole length first),
 * and a packed array and a holey one have different shapes: code that reads arrays kept in the IR (successors,
 * attribute values) and was optimized having seen one shape is thrown away when the other appears, mid-run.
 * Arrays the IR keeps are made here, by `push` or as array literals, so that they all have one shape.
 */
export function mapPacked<T, U>(values: readonly T[], f: (value: T, index: number) => U): U[] {
  const out = emptyPacked<U>();
  for (let i = 0; i < values.length; i++) out.push(f(values[i]!, i));
  return out;
}

/**
 * A new empty array with the shape of a packed array of objects, the shape the IR's non-empty arrays have. (A
 * literal `[]` has the shape of an array of small integers until an object is pushed, and then V8 makes the
 * later arrays of that literal with the other shape from the start: code that pushed onto the first ones meets
 * a shape it has not seen. A frozen array has a shape of its own.)
 */
export function emptyPacked<T>(): T[] {
  const a: (T | null)[] = [null];
  a.pop();
  return a as T[];
}
