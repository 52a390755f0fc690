import { computeLineStarts } from './line-index.js';
import { decodeSource } from './parser/source-bytes.js';

/**
 * Keeps the text of every input buffer (a string, or a file's UTF-8 bytes as they were read) so that diagnostics
 * can show the source line with a caret under the column, the way MLIR's SourceMgrDiagnosticHandler does.
 */
export class SourceManager {
  private readonly buffers = new Map<string, { text: string | Uint8Array; lineStarts?: number[] }>();
  /** Where lines of buffers this one does not hold are looked up (a context's sources: files passes read). */
  fallback: SourceManager | undefined;

  addBuffer(name: string, text: string | Uint8Array): void {
    this.buffers.set(name, { text });
  }

  hasBuffer(name: string): boolean {
    return this.buffers.has(name);
  }

  /** The text of 1-based `line` in buffer `name`, without its newline; undefined if unknown. */
  getLine(name: string, line: number): string | undefined {
    const buf = this.buffers.get(name);
    if (!buf) return this.fallback !== this ? this.fallback?.getLine(name, line) : undefined;
    const text = buf.text;
    const starts = (buf.lineStarts ??= computeLineStarts(text));
    if (line < 1 || line > starts.length) return undefined;
    const start = starts[line - 1]!;
    let end = line < starts.length ? starts[line]! - 1 : text.length;
    if (typeof text === 'string') {
      if (end > start && text.charCodeAt(end - 1) === 13) end--;
      return text.slice(start, end);
    }
    if (end > start && text[end - 1] === 13) end--;
    return decodeSource(text, start, end);
  }
}
