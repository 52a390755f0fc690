/**
 * Strings from a source's UTF-8 bytes. The parser reads a file's bytes as they were read, without first making
 * a string of the whole text (for an 18 MB module that string is another 18 MB of fresh memory, and 8 to 40 ms
 * of copying): only the tokens it keeps the text of become strings.
 */

type Latin1Slice = (this: Uint8Array, start: number, end: number) => string;
interface NodeBufferClass {
  from(array: ArrayBufferLike, byteOffset: number, length: number): Uint8Array;
  from(text: string, encoding: 'utf8'): Uint8Array;
  isBuffer(value: unknown): boolean;
  prototype: { latin1Slice: Latin1Slice };
}

/**
 * Node's Buffer, when present. Sources are kept as Buffers there: `latin1Slice` (one native call makes a one-byte
 * string of a span) works on them only, and the lexer's reads then always see the same kind of array.
 */
const NodeBuffer = (globalThis as unknown as { Buffer?: NodeBufferClass }).Buffer;
const latin1Slice = NodeBuffer?.prototype.latin1Slice;
const utf8 = new TextDecoder();
const utf8Encoder = new TextEncoder();

/** Whether `src` holds the string `s` at byte `offset`, a character per byte (ASCII text, or a byteString key). */
export function bytesMatch(src: Uint8Array, offset: number, s: string): boolean {
  const n = s.length;
  for (let i = 0; i < n; i++) if (src[offset + i] !== s.charCodeAt(i)) return false;
  return true;
}

/** The UTF-8 bytes of a source text. */
export function encodeSource(text: string): Uint8Array {
  return NodeBuffer ? NodeBuffer.from(text, 'utf8') : utf8Encoder.encode(text);
}

/** `bytes` as the parser keeps a source: a Buffer over the same memory where Node's Buffer exists. */
export function sourceBytes(bytes: Uint8Array): Uint8Array {
  if (!NodeBuffer || NodeBuffer.isBuffer(bytes)) return bytes;
  return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** The text of `src[start, end)`, decoded from UTF-8 (ASCII, the common case, without a decoder). */
export function decodeSource(src: Uint8Array, start: number, end: number): string {
  for (let i = start; i < end; i++) if (src[i]! > 127) return utf8.decode(src.subarray(start, end));
  return byteString(src, start, end);
}

/**
 * The string with one character per byte of `src[start, end)` (Latin-1): the text itself when it is ASCII, and
 * otherwise a key that compares equal exactly when the bytes do (see SpanCache).
 */
export function byteString(src: Uint8Array, start: number, end: number): string {
  // Short tokens (names, numbers, keywords) are made in JavaScript: cheaper than a native call.
  switch (end - start) {
    case 0:
      return '';
    case 1:
      return String.fromCharCode(src[start]!);
    case 2:
      return String.fromCharCode(src[start]!, src[start + 1]!);
    case 3:
      return String.fromCharCode(src[start]!, src[start + 1]!, src[start + 2]!);
    case 4:
      return String.fromCharCode(src[start]!, src[start + 1]!, src[start + 2]!, src[start + 3]!);
    default:
      if (end <= start) return '';
      if (latin1Slice !== undefined) return latin1Slice.call(src, start, end);
      return byteStringInChunks(src, start, end);
  }
}

function byteStringInChunks(src: Uint8Array, start: number, end: number): string {
  let out = '';
  for (let i = start; i < end; i += 4096) out += String.fromCharCode(...src.subarray(i, Math.min(end, i + 4096)));
  return out;
}
