const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const HEX = '0123456789ABCDEF';

/**
 * MLIR strings are byte strings; tlir keeps them as JS strings. Bytes that are not part of valid UTF-8 are
 * kept as the lone surrogates U+DC80..U+DCFF (like Python's surrogateescape), so `"\FF"` prints back as `"\FF"`.
 */
export function bytesToString(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    let out = '';
    for (let i = 0; i < bytes.length; ) {
      const n = validSequenceLength(bytes, i);
      if (n === 0) out += String.fromCharCode(0xdc00 + bytes[i++]!);
      else {
        out += strictUtf8.decode(bytes.subarray(i, i + n));
        i += n;
      }
    }
    return out;
  }
}

/** The length of the well-formed UTF-8 sequence at `i` (Unicode table 3-7), or 0 when there is none. */
function validSequenceLength(b: Uint8Array, i: number): number {
  const c = b[i]!;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => i + k < b.length && b[i + k]! >= lo && b[i + k]! <= hi;
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const lo = c === 0xe0 ? 0xa0 : 0x80;
    const hi = c === 0xed ? 0x9f : 0xbf;
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const lo = c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xf4 ? 0x8f : 0xbf;
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** The bytes of a string: UTF-8, with the surrogates of `bytesToString` turned back into their bytes. */
export function stringToBytes(s: string): Uint8Array {
  if (!/[\uDC80-\uDCFF]/.test(s)) return utf8.encode(s);
  const out: number[] = [];
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xdc80 && cp <= 0xdcff) out.push(cp - 0xdc00);
    else for (const byte of utf8.encode(ch)) out.push(byte);
  }
  return new Uint8Array(out);
}

/**
 * Escapes a string the way MLIR prints string literals (llvm::printEscapedString): printable ASCII stays,
 * `\` becomes `\\`, `"` and every other byte (UTF-8 encoded) become `\XX`.
 */
export function escapeString(s: string): string {
  // Fast path: printable ASCII without quotes or backslashes.
  let plain = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) {
      plain = false;
      break;
    }
  }
  if (plain) return s;
  let out = '';
  for (const b of stringToBytes(s)) {
    if (b === 0x5c) out += '\\\\';
    else if (b >= 0x20 && b <= 0x7e && b !== 0x22) out += String.fromCharCode(b);
    else out += '\\' + HEX[b >> 4] + HEX[b & 15];
  }
  return out;
}

/** `"..."` with MLIR escapes. */
export function quoteString(s: string): string {
  return '"' + escapeString(s) + '"';
}

const BARE_ID = /^[A-Za-z_][A-Za-z0-9_$.]*$/;

/** A bare identifier prints as is; anything else as a quoted string (attribute names, symbol names). */
export function printIdentifierOrString(s: string): string {
  return BARE_ID.test(s) ? s : quoteString(s);
}
