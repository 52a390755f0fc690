// Lines of a source text by offset: where each line starts, and which line an offset is on. Used by the source
// manager (the line a diagnostic shows) and by the readers of other texts that report `line:col` positions.

/** The offsets at which the lines of `text` (a string, or UTF-8 bytes) start: 0, then one past each `\n`. */
export function computeLineStarts(text: string | Uint8Array): number[] {
  const starts = [0];
  if (typeof text === 'string') for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  else for (let i = text.indexOf(10); i !== -1; i = text.indexOf(10, i + 1)) starts.push(i + 1);
  return starts;
}

/** The 0-based line that `offset` is on, given the line starts `computeLineStarts` gave (a binary search). */
export function lineIndexOf(lineStarts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
