/**
 * A table from 32-bit integer keys to values (none of them `undefined`): open addressing with linear probing
 * over a typed array of keys and an array of values, doubling when two-thirds full. It is the context's table
 * of types and attributes interned by hash, which a large module fills with tens of thousands of entries: a
 * `Map` stores three words an entry plus its buckets, grows by copying into a table twice the size, and every
 * lookup is a call into the runtime's hashing; here the lookup is inline and the storage a third of that.
 */
export class IntKeyTable<V> {
  private keys = new Int32Array(INITIAL_CAPACITY);
  private values: (V | undefined)[] = new Array<V | undefined>(INITIAL_CAPACITY).fill(undefined);
  private mask = INITIAL_CAPACITY - 1;
  private count = 0;

  /** The number of keys in the table. */
  get size(): number {
    return this.count;
  }

  /** The value of `key` (taken modulo 2^32 as a signed integer), if any. */
  get(key: number): V | undefined {
    const k = key | 0;
    const keys = this.keys;
    const values = this.values;
    const mask = this.mask;
    for (let i = slotOf(k, mask); ; i = (i + 1) & mask) {
      const v = values[i];
      if (v === undefined || keys[i] === k) return v;
    }
  }

  /** Sets the value of `key` (taken modulo 2^32 as a signed integer); `value` must not be undefined. */
  set(key: number, value: V): void {
    const k = key | 0;
    const keys = this.keys;
    const values = this.values;
    const mask = this.mask;
    let i = slotOf(k, mask);
    while (values[i] !== undefined) {
      if (keys[i] === k) {
        values[i] = value;
        return;
      }
      i = (i + 1) & mask;
    }
    keys[i] = k;
    values[i] = value;
    if (++this.count * 3 > (mask + 1) * 2) this.grow();
  }

  private grow(): void {
    const { keys, values } = this;
    const capacity = keys.length * 2;
    this.keys = new Int32Array(capacity);
    this.values = new Array<V | undefined>(capacity).fill(undefined);
    this.mask = capacity - 1;
    for (let i = 0; i < keys.length; i++) {
      const v = values[i];
      if (v === undefined) continue;
      const k = keys[i]!;
      let j = slotOf(k, this.mask);
      while (this.values[j] !== undefined) j = (j + 1) & this.mask;
      this.keys[j] = k;
      this.values[j] = v;
    }
  }
}

const INITIAL_CAPACITY = 1024;

/** The first slot to probe for `k`: its high bits folded in, as keys are often hashes that differ there. */
function slotOf(k: number, mask: number): number {
  return (k ^ (k >>> 16)) & mask;
}
