import { Tok } from './token.js';
import { bytesToString } from '../printer/escape.js';
import { byteString, bytesMatch, decodeSource } from './source-bytes.js';

// Character classes, indexed by char code (ASCII only; anything else is not part of an identifier).
const BARE_START = new Uint8Array(128);
const BARE_CONT = new Uint8Array(128);
const SUFFIX = new Uint8Array(128); // letters, digits and $._-
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  const letter = /[A-Za-z]/.test(ch);
  const digit = /[0-9]/.test(ch);
  BARE_START[c] = letter || ch === '_' ? 1 : 0;
  BARE_CONT[c] = letter || digit || '_$.'.includes(ch) ? 1 : 0;
  SUFFIX[c] = letter || digit || '$._-'.includes(ch) ? 1 : 0;
}
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** FNV-1a, the hash of the parser's span caches (see SpanCache.hash). */
export const FNV_OFFSET = 0x811c9dc5 | 0;
export const FNV_PRIME = 0x01000193;
const isHex = (c: number): boolean => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/**
 * Hand-written lexer of the MLIR textual format. It reads the source's UTF-8 bytes (offsets and columns count
 * bytes, as MLIR's do) and produces one token at a time into its public fields (no token objects are allocated);
 * it tracks line and column as it goes, so locating a token is free.
 */
export class Lexer {
  kind: Tok = Tok.EOF;
  /** Start and end offsets of the current token. */
  start = 0;
  end = 0;
  /** 1-based line and column of the current token's start (columns count bytes, as MLIR's do). */
  line = 1;
  col = 1;
  /** Why the current token is an error token. */
  errorMessage = '';
  /** The hash of the text `scanBalanced` last scanned (see there). */
  spanHash = 0;

  private pos = 0;
  private curLine = 1;
  private curLineStart = 0;
  /** Where the first line starts, relative to offset 0 (negative when the text starts mid-line). */
  private firstLineStart = 0;
  private firstLine = 1;

  /** `src` is the source's UTF-8 bytes. */
  constructor(readonly src: Uint8Array) {}

  /** The source text from byte `start` to byte `end` (decoded from UTF-8). */
  slice(start: number, end: number): string {
    return decodeSource(this.src, start, end);
  }

  /** Whether the source holds the ASCII string `s` at byte `offset`. */
  startsWith(s: string, offset: number): boolean {
    return bytesMatch(this.src, offset, s);
  }

  /**
   * The value of the string literal token (`"..."`, or the quoted form of `@"..."`), escapes decoded. Its bytes
   * are kept as they are, those that are not UTF-8 included (as MLIR keeps them; see bytesToString).
   */
  stringValue(): string {
    const start = this.kind === Tok.AtId ? this.start + 1 : this.start;
    return decodeStringLiteral(this.src, start, this.end);
  }

  /** The text of 1-based `line` (as positions count it) and the column of its first character; O(text). */
  lineText(line: number): { text: string; column: number } | undefined {
    const src = this.src;
    let start = 0;
    for (let l = this.firstLine; l < line; l++) {
      const nl = src.indexOf(10, start);
      if (nl < 0) return undefined;
      start = nl + 1;
    }
    const end = src.indexOf(10, start);
    return { text: this.slice(start, end < 0 ? src.length : end), column: line === this.firstLine ? 1 - this.firstLineStart : 1 };
  }

  /**
   * Makes positions count from `line`:`column` (1-based) instead of 1:1, for a text that is a piece of a
   * larger file (a `--split-input-file` chunk), so that locations point into the whole file. Call before the
   * first token.
   */
  setStartPosition(line: number, column: number): void {
    this.curLine = this.firstLine = line;
    this.curLineStart = this.firstLineStart = 1 - column;
  }

  /** The 1-based line and column of `offset`, which must not be after the current token's start. */
  positionOf(offset: number): { line: number; col: number } {
    const src = this.src;
    let line = this.line;
    for (let i = this.start - 1; i >= offset; i--) if (src[i] === 10) line--;
    const nl = offset > 0 ? src.lastIndexOf(10, offset - 1) : -1;
    return { line, col: offset - (nl < 0 ? this.firstLineStart : nl + 1) + 1 };
  }

  /** The text of the current token. */
  get spelling(): string {
    const k = this.kind;
    // Only string literals (also as `@"..."`) and bad tokens may hold non-ASCII bytes.
    if (k === Tok.String || k === Tok.AtId || k === Tok.Error) return decodeSource(this.src, this.start, this.end);
    return byteString(this.src, this.start, this.end);
  }

  /** The offset just after the current token (the lexer's read position). */
  get position(): number {
    return this.pos;
  }

  /** Saves the full lexer state (for backtracking). */
  save(): LexerState {
    return [this.kind, this.start, this.end, this.line, this.col, this.pos, this.curLine, this.curLineStart];
  }

  restore(s: LexerState): void {
    [this.kind, this.start, this.end, this.line, this.col, this.pos, this.curLine, this.curLineStart] = s;
  }

  /**
   * Moves the read position to `offset` and lexes, when the text up to there has no line break (a span that
   * `scanBalanced` found, which stops at line ends): no lines to count.
   */
  resetToOnLine(offset: number): void {
    this.pos = offset;
    this.next();
  }

  /** Moves the read position to `offset` on the current line (used to split `4x4xf32` into its parts) and lexes. */
  resetTo(offset: number): void {
    // Moving forward over skipped text (a scanned span) must keep the line count right.
    const src = this.src;
    for (let i = this.pos; i < offset; i++) {
      if (src[i] === 10) {
        this.curLine++;
        this.curLineStart = i + 1;
      }
    }
    this.pos = offset;
    this.next();
  }

  /**
   * The end offset of the balanced group that opens at `start` (one of `( [ { <`), skipping string literals
   * and `->`; -1 if it is not closed on the same line. Used to find the text of a type or attribute cheaply.
   * On the way it hashes the group's text as `SpanCache.hash` does, continuing `hash` (the hash of the text
   * before `start` that belongs to the same span), into `spanHash`: the parser's caches look the text up by it.
   */
  scanBalanced(start: number, hash = FNV_OFFSET): number {
    const src = this.src;
    const n = src.length;
    let depth = 0;
    let h = hash;
    for (let p = start; p < n; p++) {
      const c = src[p]!;
      h = Math.imul(h ^ c, FNV_PRIME);
      switch (c) {
        case 40: // (
        case 91: // [
        case 123: // {
        case 60: // <
          depth++;
          break;
        case 41:
        case 93:
        case 125:
        case 62:
          if (--depth === 0) {
            this.spanHash = h;
            return p + 1;
          }
          break;
        case 45: // -
          if (src[p + 1] === 62) {
            p++;
            h = Math.imul(h ^ 62, FNV_PRIME);
          }
          break;
        case 34: // "
          for (p++; p < n; p++) {
            const d = src[p]!;
            h = Math.imul(h ^ d, FNV_PRIME);
            if (d === 92) {
              p++;
              if (p < n) h = Math.imul(h ^ src[p]!, FNV_PRIME);
            } else if (d === 34) break;
            else if (d === 10) return -1;
          }
          break;
        case 10:
          return -1;
      }
    }
    return -1;
  }

  /** Lexes the next token into the public fields. */
  next(): void {
    const src = this.src;
    const n = src.length;
    let p = this.pos;
    // Skip whitespace and `//` comments, counting lines. A NUL character is skipped too, as MLIR's lexer does.
    for (;;) {
      if (p >= n) break;
      const c = src[p]!;
      if (c === 32 || c === 9 || c === 13 || c === 0) p++;
      else if (c === 10) {
        p++;
        this.curLine++;
        this.curLineStart = p;
      } else if (c === 47 && src[p + 1] === 47) {
        const nl = src.indexOf(10, p);
        p = nl < 0 ? n : nl;
      } else break;
    }
    this.start = p;
    this.line = this.curLine;
    this.col = p - this.curLineStart + 1;
    if (p >= n) {
      this.kind = Tok.EOF;
      this.end = this.pos = p;
      return;
    }
    const c = src[p]!;
    let kind: Tok;
    switch (c) {
      case 40 /* ( */:
        kind = Tok.LParen;
        p++;
        break;
      case 41 /* ) */:
        kind = Tok.RParen;
        p++;
        break;
      case 123 /* { */:
        if (src[p + 1] === 45 && src[p + 2] === 35) {
          kind = Tok.FileMetadataBegin;
          p += 3;
        } else {
          kind = Tok.LBrace;
          p++;
        }
        break;
      case 125 /* } */:
        kind = Tok.RBrace;
        p++;
        break;
      case 91 /* [ */:
        kind = Tok.LSquare;
        p++;
        break;
      case 93 /* ] */:
        kind = Tok.RSquare;
        p++;
        break;
      case 60 /* < */:
        kind = Tok.Less;
        p++;
        break;
      case 62 /* > */:
        kind = Tok.Greater;
        p++;
        break;
      case 58 /* : */:
        kind = Tok.Colon;
        p++;
        break;
      case 44 /* , */:
        kind = Tok.Comma;
        p++;
        break;
      case 61 /* = */:
        kind = Tok.Equal;
        p++;
        break;
      case 43 /* + */:
        kind = Tok.Plus;
        p++;
        break;
      case 42 /* * */:
        kind = Tok.Star;
        p++;
        break;
      case 63 /* ? */:
        kind = Tok.Question;
        p++;
        break;
      case 124 /* | */:
        kind = Tok.Pipe;
        p++;
        break;
      case 45 /* - */:
        if (src[p + 1] === 62) {
          kind = Tok.Arrow;
          p += 2;
        } else {
          kind = Tok.Minus;
          p++;
        }
        break;
      case 46 /* . */:
        if (src[p + 1] === 46 && src[p + 2] === 46) {
          kind = Tok.Ellipsis;
          p += 3;
        } else return this.error(p + 1, p + 1, 'expected three consecutive dots for an ellipsis');
        break;
      case 34 /* " */:
        return this.lexString(p);
      case 64 /* @ */: {
        if (src[p + 1] === 34) {
          this.lexString(p + 1);
          if (this.kind === Tok.Error) return;
          this.start = p;
          this.kind = Tok.AtId;
          return;
        }
        let q = p + 1;
        const c1 = src[q]!;
        if (!(c1 < 128 && BARE_START[c1])) return this.error(q, q + 1, "@ identifier expected to start with letter or '_'");
        while (q < n && src[q]! < 128 && BARE_CONT[src[q]!]) q++;
        kind = Tok.AtId;
        p = q;
        break;
      }
      case 37 /* % */:
      case 94 /* ^ */:
      case 33 /* ! */:
      case 35 /* # */: {
        if (c === 35 && src[p + 1] === 45 && src[p + 2] === 125) {
          kind = Tok.FileMetadataEnd;
          p += 3;
          break;
        }
        kind = c === 37 ? Tok.PercentId : c === 94 ? Tok.CaretId : c === 33 ? Tok.BangId : Tok.HashId;
        let q = p + 1;
        const c1 = src[q]!;
        if (isDigit(c1)) {
          while (q < n && isDigit(src[q]!)) q++;
        } else if (c1 < 128 && SUFFIX[c1] && !isDigit(c1)) {
          while (q < n && src[q]! < 128 && SUFFIX[src[q]!]) q++;
        } else if (c === 33 || c === 35) {
          // `!"..."`-style is not valid; a lone `#` or `!` is an error.
          return this.error(p, p + 1, c === 33 ? 'invalid type identifier' : 'invalid attribute name');
        } else {
          return this.error(p, p + 1, c === 37 ? 'invalid SSA name' : 'invalid block name');
        }
        p = q;
        break;
      }
      default:
        if (isDigit(c)) {
          p = this.lexNumber(p);
          return;
        }
        if (c < 128 && BARE_START[c]) {
          let q = p + 1;
          while (q < n) {
            const d = src[q]!;
            if (d < 128 && BARE_CONT[d]) q++;
            else break;
          }
          kind = Tok.BareId;
          p = q;
          break;
        }
        return this.error(p, p + 1, 'unexpected character');
    }
    this.kind = kind;
    this.end = this.pos = p;
  }

  private lexNumber(p: number): number {
    const src = this.src;
    const n = src.length;
    if (src[p] === 48 && src[p + 1] === 120 && isHex(src[p + 2]!)) {
      p += 2;
      while (p < n && isHex(src[p]!)) p++;
      this.kind = Tok.Integer;
      this.end = this.pos = p;
      return p;
    }
    while (p < n && isDigit(src[p]!)) p++;
    if (src[p] !== 46 /* . */) {
      this.kind = Tok.Integer;
      this.end = this.pos = p;
      return p;
    }
    p++;
    while (p < n && isDigit(src[p]!)) p++;
    const e = src[p];
    if (e === 101 || e === 69) {
      const sign = src[p + 1];
      const q = sign === 43 || sign === 45 ? p + 2 : p + 1;
      if (isDigit(src[q]!)) {
        p = q;
        while (p < n && isDigit(src[p]!)) p++;
      }
    }
    this.kind = Tok.Float;
    this.end = this.pos = p;
    return p;
  }

  private lexString(p: number): void {
    const src = this.src;
    const n = src.length;
    let q = p + 1;
    for (;;) {
      // Reported where the closing quote is missing: at the line end or the end of the input.
      if (q >= n) return this.error(q, q, 'expected \'"\' in string literal');
      const c = src[q]!;
      if (c === 34) break;
      if (c === 10 || c === 11 || c === 12) return this.error(q, q, 'expected \'"\' in string literal');
      if (c === 92 /* \ */) {
        const d = src[q + 1]!;
        if (d === 34 || d === 92 || d === 110 || d === 116) q += 2;
        else if (isHex(d) && isHex(src[q + 2]!)) q += 3;
        else return this.error(q, q + 1, 'unknown escape in string literal');
        continue;
      }
      q++;
    }
    this.kind = Tok.String;
    this.end = this.pos = q + 1;
  }

  private error(start: number, end: number, message: string): void {
    this.kind = Tok.Error;
    this.start = start;
    this.col = start - this.curLineStart + 1;
    this.end = this.pos = end;
    this.errorMessage = message;
  }
}

export type LexerState = [Tok, number, number, number, number, number, number, number];

/** The value of the string literal `src[start, end)` (quotes included, already lexed), escapes decoded. */
function decodeStringLiteral(src: Uint8Array, start: number, end: number): string {
  const from = start + 1;
  const to = end - 1;
  let plain = true;
  for (let i = from; i < to && plain; i++) plain = src[i]! < 128 && src[i] !== 92;
  if (plain) return byteString(src, from, to);
  const bytes = new Uint8Array(to - from);
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = src[i]!;
    if (c !== 92) bytes[n++] = c;
    else {
      // The lexer accepted `\n`, `\t`, `\"`, `\\` or two hex digits.
      const d = src[++i]!;
      if (d === 110) bytes[n++] = 10;
      else if (d === 116) bytes[n++] = 9;
      else if (d === 34 || d === 92) bytes[n++] = d;
      else {
        bytes[n++] = (hexValue(d) << 4) | hexValue(src[++i]!);
      }
    }
  }
  return bytesToString(bytes.subarray(0, n));
}

const hexValue = (c: number): number => (c <= 57 ? c - 48 : (c | 32) - 87);
