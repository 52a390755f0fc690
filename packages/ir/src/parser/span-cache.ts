/**
 * A bounded cache from spans of one source text to values, looked up by offsets without making a substring.
 * The parser keeps its caches of type texts, attribute-dictionary texts and op names in these: machine-written
 * IR repeats `(i32, i32) -> i32` or `"arith.addi"` for nearly every op, and slicing and hashing a new string
 * for each lookup cost more than the lookup itself.
 *
 * Open addressing over a power-of-two table. Once half full it is emptied, so texts that never repeat (the
 * values of constants) cannot make it grow, and those that do repeat come back right after.
 */
export class SpanCache<T> {
  private readonly hashes: Int32Array;
  private readonly keys: (string | undefined)[];
  private readonly values: (T | undefined)[];
  private readonly mask: number;
  private size = 0;

  constructor(
    private readonly text: string,
    capacityLog2 = 12,
  ) {
    const capacity = 1 << capacityLog2;
    this.hashes = new Int32Array(capacity);
    this.keys = new Array<string | undefined>(capacity).fill(undefined);
    this.values = new Array<T | undefined>(capacity).fill(undefined);
    this.mask = capacity - 1;
  }

  /** The hash of `text[start, end)` (FNV-1a over the UTF-16 code units). */
  static hash(text: string, start: number, end: number): number {
    let h = 0x811c9dc5 | 0;
    for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    return h;
  }

  /** The value cached for `text[start, end)` (whose hash is `hash`), if any. */
  get(start: number, end: number, hash: number): T | undefined {
    const keys = this.keys;
    const length = end - start;
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      const k = keys[i];
      if (k === undefined) return undefined;
      if (this.hashes[i] === hash && k.length === length && this.text.startsWith(k, start)) return this.values[i];
    }
  }

  /** Caches `value` for `text[start, end)` (whose hash is `hash`). */
  set(start: number, end: number, hash: number, value: T): void {
    if (this.size * 2 >= this.keys.length) this.clear();
    const keys = this.keys;
    const length = end - start;
    let i = hash & this.mask;
    for (; ; i = (i + 1) & this.mask) {
      const k = keys[i];
      if (k === undefined) break;
      if (this.hashes[i] === hash && k.length === length && this.text.startsWith(k, start)) {
        this.values[i] = value;
        return;
      }
    }
    keys[i] = this.text.slice(start, end);
    this.hashes[i] = hash;
    this.values[i] = value;
    this.size++;
  }

  private clear(): void {
    this.keys.fill(undefined);
    this.values.fill(undefined);
    this.size = 0;
  }
}
