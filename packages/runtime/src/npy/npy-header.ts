/**
 * The header of a .npy file: a Python dictionary literal such as
 * `{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }`, parsed and written the way numpy's
 * `format` module does (keys descr, fortran_order and shape, nothing else).
 */

export interface NpyHeader {
  readonly descr: string;
  readonly fortranOrder: boolean;
  readonly shape: readonly number[];
}

type Literal = string | boolean | number | readonly Literal[] | { readonly [key: string]: Literal } | { readonly list: readonly Literal[] };

/** Parses the header text; returns a message saying what is wrong when it is not a valid header. */
export function parseNpyHeader(text: string): NpyHeader | string {
  let value: Literal;
  try {
    value = new LiteralParser(text).parseWhole();
  } catch (error) {
    if (error instanceof HeaderSyntaxError) return `malformed header ${JSON.stringify(text.trimEnd())}: ${error.message}`;
    throw error;
  }
  if (typeof value !== 'object' || Array.isArray(value) || 'list' in value) {
    return `the header is not a dictionary: ${JSON.stringify(text.trimEnd())}`;
  }
  const dict = value as { readonly [key: string]: Literal };
  const keys = Object.keys(dict).sort();
  if (keys.join(',') !== 'descr,fortran_order,shape') {
    return `the header must have the keys 'descr', 'fortran_order' and 'shape', not ${keys.map((k) => `'${k}'`).join(', ') || 'none'}`;
  }
  const { descr, fortran_order: fortranOrder, shape } = dict;
  if (typeof descr !== 'string') {
    return Array.isArray(descr) || (typeof descr === 'object' && 'list' in descr)
      ? 'structured dtypes (a list as descr) are not supported'
      : `'descr' must be a string, not ${JSON.stringify(descr)}`;
  }
  if (typeof fortranOrder !== 'boolean') return `'fortran_order' must be True or False`;
  if (!Array.isArray(shape)) return `'shape' must be a tuple of integers`;
  const sizes: number[] = [];
  for (const size of shape as readonly Literal[]) {
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) {
      return `'shape' must be a tuple of non-negative integers, not (${(shape as readonly Literal[]).map((s) => JSON.stringify(s)).join(', ')})`;
    }
    sizes.push(size);
  }
  return { descr, fortranOrder, shape: sizes };
}

/** The header text numpy writes, without the padding and the newline. */
export function formatNpyHeader(header: NpyHeader): string {
  const shape =
    header.shape.length === 1 ? `(${header.shape[0]},)` : `(${header.shape.join(', ')})`;
  return `{'descr': '${header.descr}', 'fortran_order': ${header.fortranOrder ? 'True' : 'False'}, 'shape': ${shape}, }`;
}

class HeaderSyntaxError extends Error {}

/** A recursive-descent parser of the Python literals a header holds: dicts, tuples, lists, strings, ints, booleans. */
class LiteralParser {
  private pos = 0;
  constructor(private readonly text: string) {}

  parseWhole(): Literal {
    const value = this.parseValue();
    this.skipSpace();
    if (this.pos !== this.text.length) this.fail(`unexpected ${JSON.stringify(this.text[this.pos])}`);
    return value;
  }

  private fail(message: string): never {
    throw new HeaderSyntaxError(`${message} at character ${this.pos + 1}`);
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }

  private eat(c: string): boolean {
    this.skipSpace();
    if (this.text[this.pos] === c) {
      this.pos++;
      return true;
    }
    return false;
  }

  private expect(c: string): void {
    if (!this.eat(c)) this.fail(`expected '${c}'`);
  }

  private parseValue(): Literal {
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === '{') return this.parseDict();
    if (c === '(') return this.parseSequence(')');
    if (c === '[') return { list: this.parseSequence(']') };
    if (c === "'" || c === '"') return this.parseString();
    const word = /^(?:True|False|[+-]?\d+L?)/.exec(this.text.slice(this.pos));
    if (!word) this.fail(c === undefined ? 'unexpected end of header' : `unexpected ${JSON.stringify(c)}`);
    this.pos += word[0].length;
    if (word[0] === 'True') return true;
    if (word[0] === 'False') return false;
    return Number(word[0].replace(/L$/, '')); // Python 2 wrote long integers with an L
  }

  private parseDict(): { [key: string]: Literal } {
    this.expect('{');
    const dict: { [key: string]: Literal } = {};
    while (!this.eat('}')) {
      this.skipSpace();
      const key = this.parseValue();
      if (typeof key !== 'string') this.fail('a dictionary key must be a string');
      this.expect(':');
      if (Object.prototype.hasOwnProperty.call(dict, key)) this.fail(`duplicate key '${key}'`);
      dict[key] = this.parseValue();
      if (!this.eat(',')) {
        this.expect('}');
        break;
      }
    }
    return dict;
  }

  private parseSequence(close: string): Literal[] {
    this.pos++; // the opening bracket
    const items: Literal[] = [];
    while (!this.eat(close)) {
      items.push(this.parseValue());
      if (!this.eat(',')) {
        this.expect(close);
        break;
      }
    }
    return items;
  }

  private parseString(): string {
    const quote = this.text[this.pos++]!;
    const end = this.text.indexOf(quote, this.pos);
    if (end < 0) this.fail('unterminated string');
    const value = this.text.slice(this.pos, end);
    if (value.includes('\\')) this.fail('escapes in strings are not supported');
    this.pos = end + 1;
    return value;
  }
}
