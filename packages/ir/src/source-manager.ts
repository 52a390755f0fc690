/**
 * Keeps the text of every input buffer so that diagnostics can show the source line with a caret under the
 * column, the way MLIR's SourceMgrDiagnosticHandler does.
 */
export class SourceManager {
  private readonly buffers = new Map<string, { text: string; lineStarts?: number[] }>();

  addBuffer(name: string, text: string): void {
    this.buffers.set(name, { text });
  }

  hasBuffer(name: string): boolean {
    return this.buffers.has(name);
  }

  /** The text of 1-based `line` in buffer `name`, without its newline; undefined if unknown. */
  getLine(name: string, line: number): string | undefined {
    const buf = this.buffers.get(name);
    if (!buf) return undefined;
    const starts = (buf.lineStarts ??= computeLineStarts(buf.text));
    if (line < 1 || line > starts.length) return undefined;
    const start = starts[line - 1]!;
    let end = line < starts.length ? starts[line]! - 1 : buf.text.length;
    if (end > start && buf.text.charCodeAt(end - 1) === 13) end--;
    return buf.text.slice(start, end);
  }
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
