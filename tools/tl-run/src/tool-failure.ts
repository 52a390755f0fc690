// What stops a run of tl-run: one-line messages (a bad command line, a file that cannot be read), diagnostics located
// in the kernel's source (argument errors, compile and runtime errors) or the text of errors that come rendered (the
// WebGPU runtime's). runTlRun prints it and exits with 1; a failure with nothing in it means the diagnostics were
// reported already (to the context's handler).
import type { Diagnostic } from '@tlir/ir';

export class ToolFailure extends Error {
  constructor(
    /** One-line messages (printed as `tl-run: message`). */
    readonly messages: readonly string[],
    /** Located diagnostics (printed with the source line and a caret). */
    readonly diagnostics: readonly Diagnostic[] = [],
    /** Errors rendered already, printed as they are. */
    readonly rendered = '',
  ) {
    super(messages[0] ?? diagnostics[0]?.message ?? 'tl-run failed');
    this.name = 'ToolFailure';
  }

  static message(text: string): ToolFailure {
    return new ToolFailure([text]);
  }

  static located(diagnostics: readonly Diagnostic[]): ToolFailure {
    return new ToolFailure([], diagnostics);
  }

  static rendered(text: string): ToolFailure {
    return new ToolFailure([], [], text.endsWith('\n') ? text : `${text}\n`);
  }
}
