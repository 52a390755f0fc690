// The IR as the playground shows it: printed with locations (--mlir-print-debuginfo), then the locations taken off
// each line and kept beside it, so that a click on an op's line finds the source line it came from. What remains is
// the text tl-opt prints without locations.

/** IR text and, for each of its lines, the source line (1-based) its op came from in the input file (0: none). */
export interface LocatedText {
  readonly text: string;
  readonly sourceLines: readonly number[];
}

/** The end of the parenthesized group that starts at `open` (the index of '('), skipping string literals. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** The first `"file":line:col` of `file` in a location's text (aliases resolved through `aliases`). */
function sourceLineOf(loc: string, file: string, aliases: ReadonlyMap<string, string>, depth = 0): number {
  const quoted = JSON.stringify(file);
  for (let at = loc.indexOf(quoted); at >= 0; at = loc.indexOf(quoted, at + 1)) {
    const m = /^:(\d+):\d+/.exec(loc.slice(at + quoted.length));
    if (m && m[1] !== '0') return Number(m[1]);
  }
  if (depth < 8) {
    for (const m of loc.matchAll(/#loc\d*/g)) {
      const target = aliases.get(m[0]);
      if (target !== undefined) {
        const line = sourceLineOf(target, file, aliases, depth + 1);
        if (line) return line;
      }
    }
  }
  return 0;
}

/** Takes the ` loc(...)` groups (outside string literals) off a line; returns the line and the last group. */
function stripLocations(line: string): { line: string; last: string | undefined } {
  let out = '';
  let last: string | undefined;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) if (line[j] === '\\') j++;
      out += line.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === ' ' && line.startsWith(' loc(', i)) {
      const end = closingParen(line, i + 4);
      if (end > 0) {
        last = line.slice(i + 5, end);
        i = end + 1;
        continue;
      }
    }
    out += c;
    i++;
  }
  return { line: out, last };
}

/**
 * The IR printed with locations (`printed`), without them: alias definitions (`#loc3 = loc(...)`) are dropped and
 * each op line keeps the source line of its own location (the last ` loc(...)` on the line) in `file`.
 */
export function locatedText(printed: string, file: string): LocatedText {
  const aliases = new Map<string, string>();
  const lines = printed.split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    const alias = /^(#loc\d*) = loc\((.*)\)$/.exec(line);
    if (alias) aliases.set(alias[1]!, alias[2]!);
    else kept.push(line);
  }
  const text: string[] = [];
  const sourceLines: number[] = [];
  for (const line of kept) {
    const { line: bare, last } = stripLocations(line);
    text.push(bare);
    sourceLines.push(last === undefined ? 0 : sourceLineOf(last, file, aliases));
  }
  while (text.length && text[text.length - 1] === '') {
    text.pop();
    sourceLines.pop();
  }
  return { text: text.join('\n') + '\n', sourceLines };
}
