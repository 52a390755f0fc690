// Diagnostics as the page shows them: rendered as tl-opt renders them, and placed in the editor at their location in
// the input file.
import { formatDiagnostic, type Diagnostic, type SourceManager } from '@tlir/ir';
import type { PageDiagnostic } from './protocol.js';

/** `d` for the page; located in the editor when its location (or a note's) is in `file`. */
export function pageDiagnostic(d: Diagnostic, sources: SourceManager, file: string): PageDiagnostic {
  let line = 0;
  let column = 0;
  for (const candidate of [d, ...d.notes]) {
    const at = candidate.loc.fileLoc();
    if (at && at.file === file && at.line > 0) {
      line = at.line;
      column = at.column;
      break;
    }
  }
  return { severity: d.severity, message: d.message, line, column, rendered: formatDiagnostic(d, sources) };
}

/** A diagnostic that is not located in the input (a bad pipeline, a refused translation), as tl-opt prints those. */
export function unlocatedDiagnostic(rendered: string): PageDiagnostic {
  const text = rendered.endsWith('\n') ? rendered : `${rendered}\n`;
  const message = /error: (.*)/.exec(text)?.[1] ?? text.trim();
  return { severity: 'error', message, line: 0, column: 0, rendered: text };
}
