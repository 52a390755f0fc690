// Writing WGSL text: lines at an indentation, each optionally tagged with the kernel source position it was generated
// from. A module is written in sections (header, declarations, helper functions, the entry point) that are put
// together at the end, so each section keeps its own line numbers until then.
import type { Location } from '@tlir/ir';
import type { SourceMapEntry, SourcePosition } from '@tlir/runtime';

/** The kernel source position of a location, when it names one with a line and column of at least 1. */
export function sourcePositionOf(loc: Location | undefined): SourcePosition | undefined {
  const f = loc?.fileLoc();
  if (!f || f.line < 1 || f.column < 1) return undefined;
  return { file: f.file, line: f.line, column: f.column };
}

const INDENT = '  ';

export class WgslWriter {
  private readonly lines: string[] = [];
  /** [line index, position] for lines that start a new source position. */
  private readonly positions: [number, SourcePosition][] = [];
  private depth = 0;
  private lastPosition: SourcePosition | undefined;

  /** Writes one line; `loc` tags it (and the lines after it, until another tag) with its source position. */
  line(text: string, loc?: Location): void {
    const position = sourcePositionOf(loc);
    if (position && !samePosition(position, this.lastPosition)) {
      this.positions.push([this.lines.length, position]);
      this.lastPosition = position;
    }
    this.lines.push(text === '' ? '' : INDENT.repeat(this.depth) + text);
  }

  /** `header {`, then the body one level deeper, then `}` (or `footer`). */
  block(header: string, loc: Location | undefined, body: () => void, footer = '}'): void {
    this.line(header === '' ? '{' : `${header} {`, loc);
    this.indent(body);
    this.line(footer);
  }

  /** Runs `body` one indentation level deeper. */
  indent(body: () => void): void {
    this.depth++;
    try {
      body();
    } finally {
      this.depth--;
    }
  }

  /** Writes the lines of `other` here, at this writer's indentation, with their source positions. */
  append(other: WgslWriter): void {
    const prefix = INDENT.repeat(this.depth);
    const first = this.lines.length;
    for (const [index, position] of other.positions) {
      if (samePosition(position, this.lastPosition)) continue;
      this.positions.push([first + index, position]);
      this.lastPosition = position;
    }
    for (const l of other.lines) this.lines.push(l === '' ? '' : prefix + l);
  }

  get lineCount(): number {
    return this.lines.length;
  }

  /** The text, each line ending in a newline. */
  text(): string {
    return this.lines.map((l) => `${l}\n`).join('');
  }

  /** The source map entries of this section once it starts at 1-based WGSL line `firstLine`. */
  sourceMapFrom(firstLine: number): SourceMapEntry[] {
    return this.positions.map(([index, p]) => ({ wgslLine: firstLine + index, ...p }));
  }
}

function samePosition(a: SourcePosition, b: SourcePosition | undefined): boolean {
  return b !== undefined && a.file === b.file && a.line === b.line && a.column === b.column;
}

/** Puts sections together: the WGSL text and the source map of the whole. */
export function assembleSections(sections: readonly WgslWriter[]): { wgsl: string; sourceMap: SourceMapEntry[] } {
  let wgsl = '';
  const sourceMap: SourceMapEntry[] = [];
  let nextLine = 1;
  for (const section of sections) {
    if (section.lineCount === 0) continue;
    if (wgsl !== '') {
      wgsl += '\n';
      nextLine++;
    }
    sourceMap.push(...section.sourceMapFrom(nextLine));
    wgsl += section.text();
    nextLine += section.lineCount;
  }
  return { wgsl, sourceMap };
}
