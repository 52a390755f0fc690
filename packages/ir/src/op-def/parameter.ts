import type { Attribute } from '../attribute.js';
import type { DialectAsmParser } from '../parser/dialect-asm-parser.js';
import type { Location } from '../location.js';
import { quoteString } from '../printer/escape.js';
import type { AttrTypeWriter } from '../printer/text-writer.js';
import type { Type } from '../type.js';
import { isKeyword } from './enum-attr.js';

/**
 * A parameter of a dialect type or attribute (ODS's AttrOrTypeParameter): how its value is keyed for
 * interning, parsed and printed. `summary` describes it in the generated documentation.
 */
export interface Parameter<V> {
  readonly kind: 'parameter';
  readonly summary: string;
  /** A string that identifies the value (for the interning key). */
  key(value: V): string;
  parse(parser: DialectAsmParser): V;
  print(value: V, w: AttrTypeWriter): void;
  /** An optional parameter may be absent (undefined); formats anchor optional groups on it. */
  readonly optional?: boolean;
  /** Parses the value if it is there (optional parameters, first elements of optional groups). */
  parseOptional?(parser: DialectAsmParser): V | undefined;
}

/** The TypeScript value of a parameter. */
export type ParameterValue<P> = P extends Parameter<infer V> ? V : never;

export function parameter<V>(spec: Omit<Parameter<V>, 'kind'>): Parameter<V> {
  return Object.freeze({ kind: 'parameter', ...spec });
}

/** A type (`f32`, `memref<4xf32>`). */
export const TypeParameter = parameter<Type>({
  summary: 'type',
  key: (t) => `t${t.id}`,
  parse: (p) => p.parseType(),
  parseOptional: (p) => p.parseOptionalType(),
  print: (t, w) => w.printType(t),
});

/** Any attribute. */
export const AttrParameter = parameter<Attribute>({
  summary: 'attribute',
  key: (a) => `a${a.id}`,
  parse: (p) => p.parseAttribute(),
  parseOptional: (p) => p.parseOptionalAttribute(),
  print: (a, w) => w.printAttribute(a),
});

/** A (64-bit signed) integer, kept as a JS number. */
export const IntParameter = parameter<number>({
  summary: 'int64_t',
  key: (n) => String(n),
  parse: (p) => Number(p.parseInteger()),
  parseOptional: (p) => {
    const v = p.parseOptionalInteger();
    return v === undefined ? undefined : Number(v);
  },
  print: (n, w) => w.write(String(n)),
});

/** A string, written quoted. */
export const StringParameter = parameter<string>({
  summary: 'string',
  key: (s) => JSON.stringify(s),
  parse: (p) => p.parseString(),
  parseOptional: (p) => p.parseOptionalString(),
  print: (s, w) => w.write(quoteString(s)),
});

/** A comma-separated list of `element` values (put the brackets in the format: `` `[` $dims `]` ``). */
export function ArrayParameter<V>(element: Parameter<V>, summary = `ArrayRef<${element.summary}>`): Parameter<readonly V[]> {
  return parameter<readonly V[]>({
    summary,
    key: (vs) => `[${vs.map((v) => element.key(v)).join(',')}]`,
    parse: (p) => {
      const out: V[] = [];
      const first = element.parseOptional ? element.parseOptional(p) : element.parse(p);
      if (first === undefined) return out;
      out.push(first);
      while (p.parseOptionalComma()) out.push(element.parse(p));
      return out;
    },
    print: (vs, w) =>
      vs.forEach((v, i) => {
        if (i) w.write(', ');
        element.print(v, w);
      }),
  });
}

/** A parameter that may be absent (undefined): formats write it in an optional group anchored on it. */
export function OptionalParameter<V>(p: Parameter<V>): Parameter<V | undefined> {
  return parameter<V | undefined>({
    summary: p.summary,
    optional: true,
    key: (v) => (v === undefined ? '-' : p.key(v)),
    parse: (parser) => p.parse(parser),
    parseOptional: (parser) => (p.parseOptional ? p.parseOptional(parser) : p.parse(parser)),
    print: (v, w) => {
      if (v !== undefined) p.print(v, w);
    },
  });
}

/** A keyword or a string (MLIR's parseKeywordOrString). */
function parseKeywordOrString(p: DialectAsmParser): string {
  return p.parseOptionalIdentifier() ?? p.parseOptionalString() ?? p.emitError('expected valid keyword or string');
}

/** One of the named cases, written as a keyword (a string when it cannot be one). */
export function EnumParameter<const N extends string>(name: string, cases: readonly N[]): Parameter<N> {
  const set = new Set<string>(cases);
  const parseOptional = (p: DialectAsmParser): N | undefined => {
    for (const c of cases) if (isKeyword(c) && p.parseOptionalKeyword(c)) return c;
    const s = p.parseOptionalString();
    if (s === undefined) return undefined;
    if (!set.has(s)) p.emitError(`expected ${name} to be one of: ${cases.join(', ')}`);
    return s as N;
  };
  return parameter<N>({
    summary: name.startsWith('::') ? name : `::${name}`,
    key: (v) => v,
    // As MLIR's enum field parser: any keyword or string is read, then looked up.
    parse: (p) => {
      const loc = p.getCurrentLocation();
      const word = parseKeywordOrString(p);
      if (!set.has(word)) return p.emitError(`expected ${name} to be one of: ${cases.join(', ')}`, loc);
      return word as N;
    },
    parseOptional,
    print: (v, w) => w.write(isKeyword(v) ? v : quoteString(v)),
  });
}

/**
 * A set of flags (MLIR's BitEnumAttr): cases map to bit masks; a case covering several bits (`fast`) is printed
 * instead of them when they are all set, `none` (value 0) when none is. `separator` is how the cases are joined:
 * `,` for arith's fastmath (`nnan,ninf`), `, ` for its overflow flags (`nsw, nuw`).
 */
export function BitEnumParameter<const N extends string>(name: string, cases: Readonly<Record<N, number>>, separator: ',' | ', ' = ', '): Parameter<number> {
  const entries = Object.entries(cases) as [N, number][];
  const zero = entries.find(([, v]) => v === 0)?.[0];
  const groups = entries.filter(([, v]) => v !== 0 && (v & (v - 1)) !== 0);
  const bits = entries.filter(([, v]) => v !== 0 && (v & (v - 1)) === 0);
  const byName = new Map<string, number>(entries);
  const stringify = (value: number): string => {
    if (value === 0 && zero !== undefined) return zero;
    const parts: string[] = [];
    let rest = value;
    for (const [n, v] of groups) {
      if ((rest & v) === v) {
        parts.push(n);
        rest &= ~v;
      }
    }
    for (const [n, v] of bits) if (rest & v) parts.push(n);
    return parts.join(separator);
  };
  // MLIR's words; an unknown flag is located where the list starts.
  const parseOne = (p: DialectAsmParser, loc: Location): number => {
    const v = byName.get(parseKeywordOrString(p));
    if (v === undefined) return p.emitError(`expected ${name} to be one of: ${entries.map(([n]) => n).join(', ')}`, loc);
    return v;
  };
  return parameter<number>({
    summary: name.startsWith('::') ? name : `::${name}`,
    key: (v) => String(v),
    parse: (p) => {
      const loc = p.getCurrentLocation();
      let v = parseOne(p, loc);
      while (p.parseOptionalComma()) v |= parseOne(p, loc);
      return v;
    },
    print: (v, w) => w.write(stringify(v)),
  });
}
