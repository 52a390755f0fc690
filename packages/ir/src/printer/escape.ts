const utf8 = new TextEncoder();
const HEX = '0123456789ABCDEF';

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
  for (const b of utf8.encode(s)) {
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
