/**
 * The errors the runtime reports to its users: one or more diagnostics (located in the kernel's source, the
 * WGSL or the manifest when there is a place to point at), rendered as mlir-opt renders diagnostics, with the
 * source line and a caret when the text is known.
 */
import { Diagnostic, formatDiagnostic, type SourceManager } from '@tlir/ir';

/** Which step failed. */
export type RuntimeErrorKind = 'manifest' | 'arguments' | 'shader' | 'pipeline' | 'adapter' | 'device' | 'launch' | 'bounds';

export class GpuRuntimeError extends Error {
  constructor(
    readonly kind: RuntimeErrorKind,
    readonly diagnostics: readonly Diagnostic[],
    readonly sources?: SourceManager,
  ) {
    super(renderDiagnostics(diagnostics, sources).trimEnd());
    this.name = 'GpuRuntimeError';
  }
}

/**
 * Renders diagnostics: `file:line:col: error: message`, the source line and a caret, for those located in a
 * file; `error: message` for those without a position. Notes follow their diagnostic.
 */
export function renderDiagnostics(diagnostics: readonly Diagnostic[], sources?: SourceManager): string {
  let text = '';
  for (const diag of diagnostics) {
    const parts = [diag, ...diag.notes];
    let previous: Diagnostic | undefined;
    for (const part of parts) {
      if (part.loc.fileLoc()) {
        const alone = new Diagnostic(part.severity, part.loc, part.message);
        // As mlir-opt: a note at the place just shown gets no second copy of the source line.
        text += formatDiagnostic(alone, previous?.loc.equals(part.loc) ? undefined : sources);
      } else {
        text += `${part.severity}: ${part.message}\n`;
      }
      previous = part;
    }
  }
  return text;
}
