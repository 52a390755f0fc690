import { CallSiteLoc, type Location } from './location.js';
import { formatLocation } from './printer/location-printer.js';
import type { SourceManager } from './source-manager.js';

export type Severity = 'error' | 'warning' | 'note' | 'remark';

/** One diagnostic with its attached notes, as MLIR reports them: located, with a severity and a message. */
export class Diagnostic {
  readonly notes: Diagnostic[] = [];
  constructor(
    readonly severity: Severity,
    readonly loc: Location,
    public message: string,
  ) {}

  /** Attaches a note (e.g. "operand defined here") shown after this diagnostic. */
  attachNote(loc: Location, message: string): this {
    this.notes.push(new Diagnostic('note', loc, message));
    return this;
  }

  /** Appends text to the message, for diagnostics built in several steps. */
  append(text: string): this {
    this.message += text;
    return this;
  }
}

export type DiagnosticHandler = (diag: Diagnostic) => void;

/**
 * Routes diagnostics to the registered handlers (the most recently registered first; a handler stack as in
 * MLIR's ScopedDiagnosticHandler). Without a handler, diagnostics are collected in `unhandled`.
 */
export class DiagnosticEngine {
  private readonly handlers: DiagnosticHandler[] = [];
  readonly unhandled: Diagnostic[] = [];
  errorCount = 0;

  /** Registers a handler and returns a function that removes it. */
  addHandler(handler: DiagnosticHandler): () => void {
    this.handlers.push(handler);
    return () => {
      const i = this.handlers.lastIndexOf(handler);
      if (i >= 0) this.handlers.splice(i, 1);
    };
  }

  emit(diag: Diagnostic): Diagnostic {
    if (diag.severity === 'error') this.errorCount++;
    this.deliver(diag);
    return diag;
  }

  /**
   * Hands an emitted diagnostic (already counted) to the current handler: one that a handler held back, passed on
   * later (the pass manager holds back those of interleaved runs until it knows the pipeline would have made them).
   */
  deliver(diag: Diagnostic): void {
    const handler = this.handlers[this.handlers.length - 1];
    if (handler) handler(diag);
    else this.unhandled.push(diag);
  }
}

/** Renders a location as MLIR does in diagnostics: `file:line:col`, or a description for other kinds. */
export function formatLocationPrefix(loc: Location): string {
  const f = loc.fileLoc();
  if (f) return `${f.file}:${f.line}:${f.column}`;
  return '<unknown>:0';
}

/** How many callers of a call-site location are shown as "called from" notes (MLIR's callStackLimit). */
const CALL_STACK_LIMIT = 10;

/**
 * Formats a diagnostic the way mlir-opt prints it (MLIR's SourceMgrDiagnosticHandler): `file:line:col: error:
 * message`, the source line, and a caret under the column. A location without a file position is shown as
 * `<unknown>:0:` followed by the location itself (`loc("name"): `, nothing for an unknown location). A call-site
 * location adds a "called from" note per caller. Notes follow; a note at the same location as what was shown
 * just before it gets no source line.
 */
export function formatDiagnostic(diag: Diagnostic, sources?: SourceManager): string {
  const out: string[] = [];
  const one = (loc: Location, severity: Severity, message: string, showSource: boolean): void => {
    const f = loc.fileLoc();
    if (!f) {
      const prefix = loc.kind === 'unknown' ? '' : `loc(${formatLocation(loc)}): `;
      out.push(`<unknown>:0: ${severity}: ${prefix}${message}\n`);
      return;
    }
    out.push(`${f.file}:${f.line}:${f.column}: ${severity}: ${message}\n`);
    if (!showSource || !sources) return;
    const line = sources.getLine(f.file, f.line);
    if (line !== undefined) out.push(renderSourceLine(line, f.column));
  };
  let shown = diag.loc;
  one(shown, diag.severity, diag.message, true);
  if (shown instanceof CallSiteLoc) {
    let caller = shown.caller;
    for (let depth = 0; depth < CALL_STACK_LIMIT; depth++) {
      one(caller, 'note', 'called from', true);
      shown = caller;
      if (!(caller instanceof CallSiteLoc)) break;
      caller = caller.caller;
    }
  }
  for (const n of diag.notes) {
    one(n.loc, n.severity, n.message, !n.loc.equals(shown));
    shown = n.loc;
  }
  return out.join('');
}

const TAB_STOP = 8;

/**
 * The source line and the caret line under 1-based `column`, as llvm::SMDiagnostic prints them: tabs expanded to
 * the next multiple of 8 columns in both lines, and no caret line when the source line has characters other than
 * printable ASCII and tabs (its columns would not line up).
 */
function renderSourceLine(line: string, column: number): string {
  let text = '';
  let caret = '';
  let printable = true;
  let col = 0; // output column in UTF-8 bytes, as LLVM counts
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    const mark = i === column - 1 ? '^' : ' ';
    if (c === 9) {
      do {
        text += ' ';
        caret += mark;
        col++;
      } while (col % TAB_STOP !== 0);
      continue;
    }
    if (c < 0x20 || c > 0x7e) printable = false;
    text += line[i];
    caret += mark;
    col += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xe000 ? 2 : 3;
  }
  if (!printable) return text + '\n';
  if (column - 1 >= line.length) caret += ' '.repeat(column - 1 - line.length) + '^';
  return `${text}\n${caret.trimEnd()}\n`;
}
