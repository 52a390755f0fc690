/**
 * `--split-input-file`: cuts the input at a marker line (`// -----` by default) into chunks that are
 * processed independently, with mlir-opt 22's rules (mlir/lib/Support/ToolUtilities.cpp), quirks included,
 * so that the same test files split the same way under both tools:
 *
 * - the text is split at every occurrence of the marker without its last two characters (`// ---`); a piece
 *   that starts with those two characters (`--`) followed by at least one more character other than `0`
 *   ends the previous chunk, and the chunk after it starts right after the marker (not at the next line);
 * - any other occurrence is a "near miss": a warning, and the text stays in the current chunk;
 * - an empty first piece (the file starts with the marker) is skipped, and an empty last chunk is dropped.
 */

export const DEFAULT_SPLIT_MARKER = '// -----';

/** One chunk of the input: its text and where it starts in the whole file. */
export interface InputChunk {
  readonly text: string;
  /** The chunk's UTF-8 bytes instead, when it is a whole file read as bytes (`text` is then empty). */
  readonly bytes?: Uint8Array;
  /** Offset of the chunk's first character in the whole text. */
  readonly offset: number;
  /** 1-based line and column of that character. */
  readonly line: number;
  readonly column: number;
}

export interface SplitInput {
  readonly chunks: InputChunk[];
  /** Positions of near misses (text that starts like the marker but is not one), to warn about. */
  readonly nearMisses: { readonly line: number; readonly column: number }[];
}

/** The number of trailing marker characters checked separately (MLIR's `checkLen`). */
const CHECK_LEN = 2;

/**
 * Splits `text` at `marker`. An empty marker (or one too short to have a prefix) means no splitting: the
 * whole text is the only chunk.
 */
export function splitInput(text: string, marker: string = DEFAULT_SPLIT_MARKER): SplitInput {
  const position = new PositionFinder(text);
  const chunk = (start: number, end: number): InputChunk => ({
    text: text.slice(start, end),
    offset: start,
    ...position.at(start),
  });
  const head = marker.slice(0, -CHECK_LEN);
  if (marker.length <= CHECK_LEN) return { chunks: [chunk(0, text.length)], nearMisses: [] };
  const tail = marker.slice(-CHECK_LEN);

  // The pieces between occurrences of `head`, as [start, end) offsets.
  const pieces: [number, number][] = [];
  let from = 0;
  for (let at = text.indexOf(head); at !== -1; at = text.indexOf(head, from)) {
    pieces.push([from, at]);
    from = at + head.length;
  }
  pieces.push([from, text.length]);

  const chunks: InputChunk[] = [];
  const nearMisses: { line: number; column: number }[] = [];
  let prev: [number, number] | undefined;
  for (const [start, end] of pieces) {
    if (prev === undefined || prev[0] === prev[1]) {
      prev = [start, end];
      continue;
    }
    const isMarker =
      text.startsWith(tail, start) && end - start > CHECK_LEN && text.charCodeAt(start + CHECK_LEN) !== 48; /* '0' */
    if (isMarker) {
      chunks.push(chunk(prev[0], prev[1]));
      prev = [start + CHECK_LEN, end];
    } else {
      nearMisses.push(position.at(start));
      prev = [prev[0], end];
    }
  }
  if (prev !== undefined && prev[0] !== prev[1]) chunks.push(chunk(prev[0], prev[1]));
  return { chunks, nearMisses };
}

/** Line and column of offsets that are asked for in increasing order. */
class PositionFinder {
  private offset = 0;
  private line = 1;
  private lineStart = 0;
  constructor(private readonly text: string) {}

  at(offset: number): { line: number; column: number } {
    if (offset < this.offset) {
      this.offset = 0;
      this.line = 1;
      this.lineStart = 0;
    }
    for (let nl = this.text.indexOf('\n', this.offset); nl !== -1 && nl < offset; nl = this.text.indexOf('\n', nl + 1)) {
      this.line++;
      this.lineStart = nl + 1;
    }
    this.offset = offset;
    return { line: this.line, column: offset - this.lineStart + 1 };
  }
}
