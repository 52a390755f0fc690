/**
 * A JSON parser that remembers where each value and each object key starts (1-based line and column), so that a
 * checker of the parsed value can point at the offending text of a file.
 */

import { computeLineStarts, lineIndexOf } from '@tlir/ir';

export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

export interface JsonWithPositions {
  readonly value: unknown;
  /** Where the value at a path starts; paths are '' (the root), 'a', 'a.b', 'a[2].c'. */
  readonly valuePositions: ReadonlyMap<string, TextPosition>;
  /** Where the key of an object member starts, by the member's path. */
  readonly keyPositions: ReadonlyMap<string, TextPosition>;
}

/** Text that is not JSON: where and why. */
export class JsonSyntaxError extends Error {
  constructor(
    readonly position: TextPosition,
    readonly detail: string,
  ) {
    super(`${position.line}:${position.column}: ${detail}`);
    this.name = 'JsonSyntaxError';
  }
}

/** The path of member `key` of the object at `path`. */
export function memberPath(path: string, key: string): string {
  const plain = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
  return path === '' ? plain : `${path}.${plain}`;
}

/** The path of element `index` of the array at `path`. */
export function elementPath(path: string, index: number): string {
  return `${path}[${index}]`;
}

export function parseJsonWithPositions(text: string): JsonWithPositions {
  return new PositionedJsonParser(text).parse();
}

class PositionedJsonParser {
  private pos = 0;
  private readonly lineStarts: number[];
  private readonly valuePositions = new Map<string, TextPosition>();
  private readonly keyPositions = new Map<string, TextPosition>();

  constructor(private readonly text: string) {
    this.lineStarts = computeLineStarts(text);
  }

  parse(): JsonWithPositions {
    const value = this.parseValue('');
    this.skipSpace();
    if (this.pos < this.text.length) this.fail('unexpected text after the JSON value');
    return { value, valuePositions: this.valuePositions, keyPositions: this.keyPositions };
  }

  private positionOf(offset: number): TextPosition {
    const lo = lineIndexOf(this.lineStarts, offset);
    return { line: lo + 1, column: offset - this.lineStarts[lo]! + 1 };
  }

  private fail(detail: string, at = this.pos): never {
    throw new JsonSyntaxError(this.positionOf(at), detail);
  }

  private skipSpace(): void {
    while (this.pos < this.text.length) {
      const c = this.text.charCodeAt(this.pos);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      this.pos++;
    }
  }

  private parseValue(path: string): unknown {
    this.skipSpace();
    this.valuePositions.set(path, this.positionOf(this.pos));
    const c = this.text[this.pos];
    if (c === '{') return this.parseObject(path);
    if (c === '[') return this.parseArray(path);
    if (c === '"') return this.parseString();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.parseNumber();
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return value;
      }
    }
    return this.fail(c === undefined ? 'unexpected end of the text' : `unexpected ${JSON.stringify(c)}`);
  }

  private parseObject(path: string): Record<string, unknown> {
    this.pos++;
    const result: Record<string, unknown> = {};
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return result;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') this.fail('expected a string key');
      const keyAt = this.pos;
      const key = this.parseString();
      if (Object.prototype.hasOwnProperty.call(result, key)) this.fail(`duplicate key ${JSON.stringify(key)}`, keyAt);
      const child = memberPath(path, key);
      this.keyPositions.set(child, this.positionOf(keyAt));
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.fail("expected ':'");
      this.pos++;
      Object.defineProperty(result, key, { value: this.parseValue(child), enumerable: true, writable: true, configurable: true });
      this.skipSpace();
      const c = this.text[this.pos];
      this.pos++;
      if (c === '}') return result;
      if (c !== ',') this.fail("expected ',' or '}'", this.pos - 1);
    }
  }

  private parseArray(path: string): unknown[] {
    this.pos++;
    const result: unknown[] = [];
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return result;
    }
    for (;;) {
      result.push(this.parseValue(elementPath(path, result.length)));
      this.skipSpace();
      const c = this.text[this.pos];
      this.pos++;
      if (c === ']') return result;
      if (c !== ',') this.fail("expected ',' or ']'", this.pos - 1);
    }
  }

  private parseString(): string {
    const start = this.pos;
    const match = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
    match.lastIndex = start;
    const found = match.exec(this.text);
    if (!found) {
      const end = this.text.indexOf('"', start + 1);
      this.fail(end < 0 ? 'unterminated string' : 'invalid character or escape in a string', start);
    }
    this.pos = start + found[0].length;
    return JSON.parse(found[0]) as string;
  }

  private parseNumber(): number {
    const match = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    match.lastIndex = this.pos;
    const found = match.exec(this.text);
    if (!found) this.fail('invalid number');
    this.pos += found[0].length;
    return Number(found[0]);
  }
}
