// The arrays the IR keeps (an op's operands, results, regions, successors and operand slots, a block's arguments,
// a dictionary's entries, a dense array's values) all have one shape: a packed array of objects. V8 gives a
// packed array, a holey one, an array of small integers and a frozen one different hidden classes, and code it
// optimized having seen one of them at a read is thrown away when another arrives, mid-run. `new Array(n)` is
// holey; `Array.prototype.map` is holey once its caller is optimized (its inlined form allocates the whole
// length first); a literal `[]` holds small integers until an object is pushed, after which V8 makes that
// literal's later arrays in the other shape from the start. So these arrays are made here.

/** Packed nulls, sliced to make arrays of that shape with exactly the room they need. */
const NULLS: null[] = [null];
while (NULLS.length < 64) NULLS.push(null);

/** A new array of `n` nulls (to be filled) with the shape of a packed array of objects and room for `n`. */
export function packedOfLength<T>(n: number): T[] {
  if (n <= NULLS.length) return NULLS.slice(0, n) as unknown as T[];
  const a = NULLS.slice(0, 0) as unknown as (T | null)[];
  for (let i = 0; i < n; i++) a.push(null);
  return a as T[];
}

/** A new empty array with the shape of a packed array of objects (a literal `[]` does not have it). */
export function emptyPacked<T>(): T[] {
  return NULLS.slice(0, 0) as unknown as T[];
}

/** `values.map(f)`, as a packed array of objects whatever `f` gives, with room for the values only. */
export function mapPacked<T, U>(values: readonly T[], f: (value: T, index: number) => U): U[] {
  const out = packedOfLength<U>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = f(values[i]!, i);
  return out;
}
