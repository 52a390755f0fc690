/** A token of MLIR's declarative assembly format language. */
export interface FormatToken {
  readonly kind: 'literal' | 'variable' | 'string' | 'keyword' | 'identifier' | 'punct' | 'eof';
  /** The text: a literal without its backticks, a variable without `$`, a string without quotes. */
  readonly text: string;
  /** Offset in the format string (for error messages). */
  readonly pos: number;
}

/** The directive keywords of the format language. */
const KEYWORDS = new Set([
  'attr-dict',
  'attr-dict-with-keyword',
  'custom',
  'functional-type',
  'oilist',
  'operands',
  'params',
  'prop-dict',
  'qualified',
  'ref',
  'regions',
  'results',
  'struct',
  'successors',
  'type',
]);

/** An error in a format string, thrown at definition time with the position and the format shown. */
export class FormatError extends Error {}

/** Builds the error for `message` at `pos` in `format`, with a caret under the position. */
export function formatError(context: string, format: string, pos: number, message: string): FormatError {
  const caret = ' '.repeat(Math.max(0, pos)) + '^';
  return new FormatError(`${context}: invalid assembly format: ${message}\n  ${format}\n  ${caret}`);
}

/** Splits a format string into tokens (as MLIR's FormatLexer). */
export function lexFormat(format: string, fail: (pos: number, message: string) => never): FormatToken[] {
  const tokens: FormatToken[] = [];
  let i = 0;
  const isIdStart = (c: string): boolean => /[A-Za-z_]/.test(c);
  while (i < format.length) {
    const c = format[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (c === '`') {
      const end = format.indexOf('`', i + 1);
      if (end < 0) fail(i, 'unexpected end of file in literal');
      tokens.push({ kind: 'literal', text: format.slice(i + 1, end), pos: start });
      i = end + 1;
    } else if (c === '$') {
      i++;
      if (i >= format.length || !isIdStart(format[i]!)) fail(start, 'expected variable name');
      while (i < format.length && /[A-Za-z0-9_]/.test(format[i]!)) i++;
      tokens.push({ kind: 'variable', text: format.slice(start + 1, i), pos: start });
    } else if (c === '"') {
      i++;
      let value = '';
      for (;;) {
        if (i >= format.length) fail(format.length - 1, 'unexpected end of file in string');
        const d = format[i]!;
        if (d === '\\' && i + 1 < format.length) {
          value += format[i + 1];
          i += 2;
          continue;
        }
        i++;
        if (d === '"') break;
        value += d;
      }
      tokens.push({ kind: 'string', text: value, pos: start });
    } else if (isIdStart(c)) {
      while (i < format.length && /[A-Za-z0-9_-]/.test(format[i]!)) i++;
      const text = format.slice(start, i);
      tokens.push({ kind: KEYWORDS.has(text) ? 'keyword' : 'identifier', text, pos: start });
    } else if ('^:,=<>?()*|'.includes(c)) {
      tokens.push({ kind: 'punct', text: c, pos: start });
      i++;
    } else fail(i, 'unexpected character');
  }
  tokens.push({ kind: 'eof', text: '', pos: format.length });
  return tokens;
}
