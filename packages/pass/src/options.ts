/**
 * Typed pass and pipeline options, written in pipelines as MLIR does: `cse`, `canonicalize{max-iterations=3
 * top-down=false}`, `my-pass{sizes=1,2,4 name="a b" pipeline={cse,canonicalize}}`.
 */

/** One option: its type (how text becomes a value and back), help text and default. */
export interface OptionSpec<T> {
  /** What `--help` shows after `=` (`<long>`, `<string>`, `<value>`); empty for a flag (boolean). */
  readonly valueName: string;
  readonly help: string;
  readonly default: T;
  /** For an enumeration: its values with their help. */
  readonly choices?: readonly { readonly value: string; readonly help: string }[];
  /** Whether the option holds a comma-separated list. */
  readonly isList?: boolean;
  /** Parses the option's text; returns an error message (MLIR's) for a bad value. */
  parse(text: string, name: string): T | OptionError;
  /** Prints a value as the pipeline syntax writes it (empty for an empty list). */
  print(value: T): string;
}

/**
 * A bad option or option value: the message says which option and why; `offset` is where in the options text
 * (`tile-m=3 copy`) the problem is, when known, so that tools can point at it.
 */
export class OptionError {
  constructor(
    readonly message: string,
    readonly offset?: number,
  ) {}

  /** The same error at `offset` in the options text (unless it has a place already). */
  at(offset: number): OptionError {
    return this.offset === undefined ? new OptionError(this.message, offset) : this;
  }
}

export type OptionSpecs = Readonly<Record<string, OptionSpec<unknown>>>;

/** The values of a set of options, typed from their specs. */
export type OptionValues<S extends OptionSpecs> = { -readonly [K in keyof S]: S[K] extends OptionSpec<infer T> ? T : never };

function integer(kind: 'int' | 'uint' | 'long', help: string, def: number): OptionSpec<number> {
  return {
    valueName: kind === 'uint' ? '<uint>' : '<int>',
    help,
    default: def,
    parse(text, name) {
      const t = text.trim();
      const ok = kind === 'uint' ? /^(0x[0-9a-fA-F]+|\d+)$/.test(t) : /^-?(0x[0-9a-fA-F]+|\d+)$/.test(t);
      const value = ok ? (t.startsWith('-') ? -Number(t.slice(1)) : Number(t)) : NaN;
      // Out of range is invalid too, as LLVM's parser says (a uint is 32 bits; a long is 64 bits, of which a
      // JavaScript number holds the integers up to 2^53 exactly): never a rounded value in place of the given one.
      const inRange = kind === 'uint' ? value <= 0xffffffff : Number.isSafeInteger(value);
      if (!ok || !inRange) return new OptionError(`for the --${name} option: '${text}' value invalid for ${kind === 'uint' ? 'uint' : kind} argument!`);
      return value;
    },
    print: (v) => String(v),
  };
}

/** Option constructors: `option.int('Max iterations', 10)`, `option.enum('Mode', {fast: '...', slow: '...'}, 'fast')`. */
export const option = {
  bool(help: string, def = false): OptionSpec<boolean> {
    return {
      valueName: '',
      help,
      default: def,
      parse(text, name) {
        const t = text.trim();
        if (t === '' || t === 'true' || t === 'TRUE' || t === 'True' || t === '1') return true;
        if (t === 'false' || t === 'FALSE' || t === 'False' || t === '0') return false;
        return new OptionError(`for the --${name} option: '${text}' is invalid value for boolean argument! Try 0 or 1`);
      },
      print: (v) => String(v),
    };
  },
  /** A signed integer (MLIR's `long`). */
  int(help: string, def = 0): OptionSpec<number> {
    return integer('long', help, def);
  },
  /** An unsigned integer. */
  uint(help: string, def = 0): OptionSpec<number> {
    return integer('uint', help, def);
  },
  float(help: string, def = 0): OptionSpec<number> {
    return {
      valueName: '<number>',
      help,
      default: def,
      parse(text, name) {
        const t = text.trim();
        const n = Number(t);
        if (t === '' || Number.isNaN(n)) return new OptionError(`for the --${name} option: '${text}' value invalid for floating point argument!`);
        return n;
      },
      print: (v) => String(v),
    };
  },
  string(help: string, def = ''): OptionSpec<string> {
    return { valueName: '<string>', help, default: def, parse: (text) => text, print: (v) => quoteIfNeeded(v) };
  },
  /** One of the keys of `choices` (whose values are their help). */
  enum<const K extends string>(help: string, choices: Readonly<Record<K, string>>, def: NoInfer<K>): OptionSpec<K> {
    const list = Object.entries(choices).map(([value, h]) => ({ value, help: h as string }));
    return {
      valueName: '<value>',
      help,
      default: def,
      choices: list,
      parse(text, name) {
        const t = text.trim();
        if (Object.hasOwn(choices, t)) return t as K;
        return new OptionError(`for the --${name} option: Cannot find option named '${t}'!`);
      },
      print: (v) => v,
    };
  },
  /** A comma-separated list of `element` values (`sizes=1,2,4`). */
  list<T>(element: OptionSpec<T>, help: string, def: readonly T[] = [], valueName?: string): OptionSpec<T[]> {
    return {
      // What --help shows: the caller's (`<x>,<y>`), else the element's type and `,...` (`<uint>,...`).
      valueName: valueName ?? `${element.valueName},...`,
      help,
      default: [...def],
      isList: true,
      parse(text, name) {
        const out: T[] = [];
        for (const item of splitTopLevel(stripBraces(text.trim()), ',')) {
          if (item.trim() === '') continue;
          const v = element.parse(unquote(item.trim()), name);
          if (v instanceof OptionError) return v;
          out.push(v);
        }
        return out;
      },
      // MLIR prints a non-empty list as `{a,b}` and an empty one not at all.
      print: (v) => (v.length ? `{${v.map((x) => element.print(x)).join(',')}}` : ''),
    };
  },
};

function quoteIfNeeded(s: string): string {
  if (/[\s,{}()"'=]/.test(s)) return s.includes('"') ? `{${s}}` : `"${s}"`;
  return s;
}

function stripBraces(s: string): string {
  return s.startsWith('{') && s.endsWith('}') ? s.slice(1, -1) : s;
}

function unquote(s: string): string {
  if (s.length >= 2 && ((s[0] === '"' && s.endsWith('"')) || (s[0] === "'" && s.endsWith("'")))) return s.slice(1, -1);
  return stripBraces(s);
}

/** Splits `text` at `sep` outside of quotes, braces, brackets and parentheses. */
export function splitTopLevel(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    else if (c === sep && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/**
 * Parses the text between the braces of `pass{...}`: whitespace-separated `key` or `key=value`, a value being
 * quoted (`"a b"`), braced (`{cse,canonicalize}`, the braces dropped unless it is a list) or running to the
 * next space. A key alone sets a boolean option to true. Returns the values (defaults for options not given)
 * or the first error.
 */
export function parseOptions<S extends OptionSpecs>(specs: S, text: string): OptionValues<S> | OptionError {
  const values = defaultOptions(specs) as Record<string, unknown>;
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && /\s/.test(text[i]!)) i++;
    if (i >= n) break;
    const keyStart = i;
    let j = i;
    while (j < n && text[j] !== '=' && !/\s/.test(text[j]!)) j++;
    const key = text.slice(i, j);
    let value: string | undefined;
    let valueStart: number | undefined;
    if (text[j] === '=') {
      j++;
      const start = j;
      valueStart = start;
      let depth = 0;
      let quote = '';
      for (; j < n; j++) {
        const c = text[j]!;
        if (quote) {
          if (c === quote) quote = '';
          continue;
        }
        if (c === '"' || c === "'") quote = c;
        else if (c === '{') depth++;
        else if (c === '}') depth--;
        else if (depth === 0 && /\s/.test(c)) break;
      }
      value = text.slice(start, j);
    }
    i = j;
    const spec = Object.hasOwn(specs, key) ? specs[key] : undefined;
    if (!spec) return new OptionError(unknownOptionMessage(specs, key), keyStart);
    const raw = value === undefined ? '' : spec.isList ? value : unquote(value);
    if (value === undefined && spec.valueName !== '') return new OptionError(`for the --${key} option: requires a value!`, keyStart);
    const v = spec.parse(raw, key);
    if (v instanceof OptionError) return v.at(valueStart ?? keyStart);
    values[key] = v;
  }
  return values as OptionValues<S>;
}

/** Where `name=` (or `name` alone) is written in an options text, for errors about that option; else undefined. */
export function optionOffset(text: string, name: string): number | undefined {
  const m = new RegExp(`(^|\\s)${name.replace(/[-]/g, '\\-')}(=|\\s|$)`).exec(text);
  return m ? m.index + m[1]!.length : undefined;
}

/**
 * `no such option 'tile-q'; did you mean 'tile-m'? (valid options: copy, tile-k, tile-m)`: the nearest names by
 * edit distance (at most a third of the name's length away), then every option.
 */
export function unknownOptionMessage(specs: OptionSpecs, key: string): string {
  const names = Object.keys(specs).sort();
  if (!names.length) return `no such option '${key}' (this pass takes no options)`;
  const limit = Math.max(1, Math.ceil(key.length / 3));
  const scored = names.map((name) => ({ name, d: editDistance(key, name) })).filter((s) => s.d <= limit);
  const best = scored.length ? Math.min(...scored.map((s) => s.d)) : -1;
  const near = scored.filter((s) => s.d === best).map((s) => `'${s.name}'`);
  const hint = near.length ? `; did you mean ${near.join(' or ')}?` : '';
  return `no such option '${key}'${hint} (valid options: ${names.join(', ')})`;
}

/** Levenshtein distance (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, k) => k);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let k = 1; k <= b.length; k++) row[k] = Math.min(prev[k]! + 1, row[k - 1]! + 1, prev[k - 1]! + (a[i - 1] === b[k - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** A problem with option values taken together: the option to blame and why. */
export interface OptionProblem {
  readonly option: string;
  readonly message: string;
}

/**
 * The options of a pass or pipeline definition from its options text: parsed, then validated together
 * (`validate`); an OptionError says which option and why, at its place in the text.
 */
export function parseDefinitionOptions(
  def: { readonly options: OptionSpecs; readonly validate?: ((values: never) => OptionProblem | undefined) | undefined },
  text: string,
): Record<string, unknown> | OptionError {
  const values = parseOptions(def.options, text);
  if (values instanceof OptionError) return values;
  const problem = def.validate?.(values as never);
  if (!problem) return values;
  return new OptionError(`for the --${problem.option} option: ${problem.message}`, optionOffset(text, problem.option) ?? 0);
}

/** The default values of a set of options (lists copied). */
export function defaultOptions<S extends OptionSpecs>(specs: S): OptionValues<S> {
  const values: Record<string, unknown> = {};
  for (const [k, spec] of Object.entries(specs)) values[k] = Array.isArray(spec.default) ? [...spec.default] : spec.default;
  return values as OptionValues<S>;
}

/**
 * The options as a pipeline writes them, MLIR's way: every option, sorted by name, `{a=1 b=x}`; an empty list
 * prints nothing (so `{  max-iterations=10 ...}`); no options at all prints nothing.
 */
export function printOptions(specs: OptionSpecs, values: Readonly<Record<string, unknown>>): string {
  const names = Object.keys(specs).sort();
  if (!names.length) return '';
  const parts = names.map((name) => {
    const spec = specs[name]!;
    const text = spec.print(values[name]);
    return spec.isList && text === '' ? '' : `${name}=${text}`;
  });
  return `{${parts.join(' ')}}`;
}
