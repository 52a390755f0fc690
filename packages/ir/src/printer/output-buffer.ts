const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Node's Buffer, when present: its `utf8Write` encodes at an offset without allocating a view. */
interface NodeBufferLike extends Uint8Array {
  utf8Write(s: string, offset: number): number;
}
const NodeBuffer = (globalThis as unknown as { Buffer?: { allocUnsafe(n: number): NodeBufferLike } }).Buffer;
const allocate = (n: number): Uint8Array => (NodeBuffer ? NodeBuffer.allocUnsafe(n) : new Uint8Array(n));
/** The size of the chunk a buffer with a sink writes into (and hands over when full). */
const SINK_CHUNK = 1 << 20;

/**
 * A growable UTF-8 byte buffer for printer output. Printing writes millions of short strings; copying their
 * characters into bytes is several times faster than joining strings and leaves no garbage behind.
 */
export class OutputBuffer {
  /** Full chunks, then the current one: growing never copies what was written. */
  private readonly full: Uint8Array[] = [];
  private fullLength = 0;
  private bytes: Uint8Array;
  private length = 0;

  /**
   * With `sink`, the buffer hands each full chunk to it and writes on in the same memory (a tool writing a
   * large output keeps one chunk, not the whole text). The sink must be done with the bytes when it returns;
   * `flush` hands over the rest.
   */
  constructor(private readonly sink?: (bytes: Uint8Array) => void) {
    // With a sink, the chunk has its full size from the start. Replaced after the first 64 KB, as it would be
    // otherwise, the field would stop being one that V8 sees never change, and V8 would throw away the printer's
    // code that it had optimized assuming so, early in a large output.
    this.bytes = allocate(sink === undefined ? 1 << 16 : SINK_CHUNK);
  }

  /** Appends up to four strings (the common shapes of printer writes, without an arguments array). */
  push(a: string, b?: string, c?: string, d?: string): void {
    this.write(a);
    if (b !== undefined) this.write(b);
    if (c !== undefined) this.write(c);
    if (d !== undefined) this.write(d);
  }

  write(s: string): void {
    const n = s.length;
    if (this.length + n * 3 > this.bytes.length) this.grow(n * 3);
    if (n > 24 && NodeBuffer) {
      // Long strings (types, attribute dictionaries): the native encoder beats a character loop.
      this.length += (this.bytes as NodeBufferLike).utf8Write(s, this.length);
      return;
    }
    const bytes = this.bytes;
    let pos = this.length;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 128) {
        this.length = pos;
        this.writeNonAscii(s.slice(i));
        return;
      }
      bytes[pos++] = c;
    }
    this.length = pos;
  }

  private writeNonAscii(s: string): void {
    const encoded = encoder.encode(s);
    if (this.length + encoded.length > this.bytes.length) this.grow(encoded.length);
    this.bytes.set(encoded, this.length);
    this.length += encoded.length;
  }

  /** Writes one ASCII character, by its code (the printer's punctuation: no string to walk). */
  writeByte(c: number): void {
    if (this.length === this.bytes.length) this.grow(1);
    this.bytes[this.length++] = c;
  }

  /** Writes a non-negative integer's decimal digits (no intermediate string). */
  writeInt(v: number): void {
    if (v < 10) {
      if (this.length + 1 > this.bytes.length) this.grow(1);
      this.bytes[this.length++] = 48 + v;
      return;
    }
    if (v > 0x7fffffff) {
      this.write(String(v));
      return;
    }
    // Value numbers are small: count the digits with comparisons, then divide in 32-bit integer arithmetic.
    const digits = v < 100 ? 2 : v < 1000 ? 3 : v < 10000 ? 4 : v < 100000 ? 5 : v < 1000000 ? 6 : v < 10000000 ? 7 : v < 100000000 ? 8 : v < 1000000000 ? 9 : 10;
    if (this.length + digits > this.bytes.length) this.grow(digits);
    const bytes = this.bytes;
    let p = this.length + digits;
    let x = v | 0;
    while (x >= 10) {
      const q = (x / 10) | 0;
      bytes[--p] = 48 + x - q * 10;
      x = q;
    }
    bytes[--p] = 48 + x;
    this.length += digits;
  }

  private grow(extra: number): void {
    if (this.sink !== undefined) {
      this.flush();
      const size = Math.max(SINK_CHUNK, extra);
      if (this.bytes.length < size) this.bytes = allocate(size);
      return;
    }
    this.full.push(this.bytes.subarray(0, this.length));
    this.fullLength += this.length;
    this.bytes = allocate(Math.max(1 << 20, extra));
    this.length = 0;
  }

  /** Hands what was written since the last chunk to the sink. */
  flush(): void {
    if (this.sink === undefined || this.length === 0) return;
    this.sink(this.bytes.subarray(0, this.length));
    this.length = 0;
  }

  /** The output as a list of byte chunks, in order (no copy). */
  toChunks(): Uint8Array[] {
    return [...this.full, this.bytes.subarray(0, this.length)];
  }

  /** All the bytes written (one copy when the output spans several chunks). */
  toBytes(): Uint8Array {
    if (this.full.length === 0) return this.bytes.subarray(0, this.length);
    const out = new Uint8Array(this.fullLength + this.length);
    let pos = 0;
    for (const c of this.full) {
      out.set(c, pos);
      pos += c.length;
    }
    out.set(this.bytes.subarray(0, this.length), pos);
    return out;
  }

  toString(): string {
    return decoder.decode(this.toBytes());
  }
}
