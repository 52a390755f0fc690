import { FNV_OFFSET, FNV_PRIME } from './lexer.js';
import { byteString, bytesMatch } from './source-bytes.js';

/**
 * A bounded cache from spans of one source's bytes to values, looked up by offsets without making a substring.
 * The parser keeps its caches of type texts, attribute-dictionary texts and op names in these: machine-written
 * IR repeats `(i32, i32) -> i32` or `"arith.addi"` for nearly every op, and slicing and hashing a new string
 * for each lookup cost more than the lookup itself.
 *
 * Open addressing over a power-of-two table that starts small (most inputs are small) and doubles when half
 * full, up to its maximum size; full at that size, it is emptied, so texts that never repeat (the values of
 * constants) cannot make it grow further, and those that do repeat come back right after.
 */
export class SpanCache<T> {
  private hashes: Int32Array;
  private keys: (string | undefined)[];
  private values: (T | undefined)[];
  private mask: number;
  private size = 0;
  private readonly maxCapacity: number;

  constructor(
    private readonly src: Uint8Array,
    maxCapacityLog2 = 12,
  ) {
    this.maxCapacity = 1 << maxCapacityLog2;
    const capacity = Math.min(this.maxCapacity, 64);
    this.hashes = new Int32Array(capacity);
    this.keys = new Array<string | undefined>(capacity).fill(undefined);
    this.values = new Array<T | undefined>(capacity).fill(undefined);
    this.mask = capacity - 1;
  }

  /** The hash of `src[start, end)` (FNV-1a over the bytes), continuing `hash`. */
  static hash(src: Uint8Array, start: number, end: number, hash = FNV_OFFSET): number {
    let h = hash;
    for (let i = start; i < end; i++) h = Math.imul(h ^ src[i]!, FNV_PRIME);
    return h;
  }

  /** The value cached for `src[start, end)` (whose hash is `hash`), if any. */
  get(start: number, end: number, hash: number): T | undefined {
    const keys = this.keys;
    const mask = this.mask;
    const length = end - start;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const k = keys[i];
      if (k === undefined) return undefined;
      // A key has a character per byte (see byteString).
      if (this.hashes[i] === hash && k.length === length && bytesMatch(this.src, start, k)) return this.values[i];
    }
  }

  /** Caches `value` for `src[start, end)` (whose hash is `hash`); `src[start, end)` is not cached yet. */
  set(start: number, end: number, hash: number, value: T): void {
    // One call for growing and for emptying at the maximum size: a call made only once the cache is full would
    // have no type feedback, and V8 would drop the optimized parser there.
    const n = this.keys.length;
    if (this.size * 2 >= n) this.resize(n < this.maxCapacity ? n * 2 : n);
    this.insert(hash, byteString(this.src, start, end), value);
  }

  private insert(hash: number, key: string, value: T): void {
    const mask = this.mask;
    let i = hash & mask;
    while (this.keys[i] !== undefined) i = (i + 1) & mask;
    this.keys[i] = key;
    this.hashes[i] = hash;
    this.values[i] = value;
    this.size++;
  }

  /** Moves the entries to a table of `capacity` slots; at the same capacity, empties the table instead. */
  private resize(capacity: number): void {
    const { keys, hashes, values } = this;
    if (capacity === keys.length) {
      // Emptied in place: at the maximum size the tables are large objects, and new ones would be fresh memory.
      keys.fill(undefined);
      values.fill(undefined);
      this.size = 0;
      return;
    }
    this.hashes = new Int32Array(capacity);
    this.keys = new Array<string | undefined>(capacity).fill(undefined);
    this.values = new Array<T | undefined>(capacity).fill(undefined);
    this.mask = capacity - 1;
    this.size = 0;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      if (k !== undefined) this.insert(hashes[i]!, k, values[i]!);
    }
  }
}
