import { Context, FileLineColLoc, formatDiagnostic, verify, type Diagnostic, type Operation } from '@tlir/ir';
import { TlDialect } from '@tlir/dialect-tl';
import { parseTensorLanguage } from '@tlir/frontend-tl';

/** What the front end made of a text: the module (when it parsed and verified) and every diagnostic. */
export interface FrontEndResult {
  readonly ctx: Context;
  readonly module: Operation | undefined;
  readonly diagnostics: readonly Diagnostic[];
  readonly errors: readonly Diagnostic[];
}

/** Parses tensor-language text (preprocessor, front-end checks) and verifies the IR, as `tl-opt x.tl` does. */
export function runFrontEnd(text: string, filename = 'input.tl'): FrontEndResult {
  const ctx = new Context({ dialects: [TlDialect] });
  const diagnostics: Diagnostic[] = [];
  ctx.diagnostics.addHandler((d) => diagnostics.push(d));
  let module = parseTensorLanguage(ctx, text, filename);
  if (module && !verify(module)) module = undefined;
  return { ctx, module, diagnostics, errors: diagnostics.filter((d) => d.severity === 'error') };
}

/** The diagnostics as tl-opt prints them (for failure messages). */
export function renderDiagnostics(r: FrontEndResult): string {
  return r.diagnostics.map((d) => formatDiagnostic(d, r.ctx.sources)).join('');
}

/**
 * What is wrong with a failed run's diagnostics, or undefined when they are what users must get: at least one
 * error, every diagnostic at `file:line:col` inside the text, rendered with that source line and a caret under
 * the column.
 */
export function diagnosticProblem(r: FrontEndResult, text: string, filename: string): string | undefined {
  if (r.errors.length === 0) return 'failed without an error diagnostic';
  const lines = text.split('\n');
  for (const d of r.diagnostics) {
    if (!(d.loc instanceof FileLineColLoc)) return `diagnostic without a file:line:col location: ${d.message}`;
    const { file, line, column } = d.loc;
    if (file !== filename || line < 1 || line > lines.length || column < 1 || column > lines[line - 1]!.length + 1) {
      return `diagnostic outside the text: ${file}:${line}:${column}: ${d.message}`;
    }
    // (A line ending in CR LF is shown without the CR.)
    const source = lines[line - 1]!.replace(/\r$/, '');
    const shown = formatDiagnostic(d, r.ctx.sources).split('\n');
    if (shown[0] !== `${filename}:${line}:${column}: ${d.severity}: ${d.message}`) return `diagnostic rendered without its location: ${shown[0]}`;
    // The source line is shown with tabs expanded; the caret only under lines of printable ASCII (as LLVM does).
    if (shown[1] !== expandTabs(source)) return `diagnostic at line ${line} does not show that line: ${JSON.stringify(shown[1])}`;
    if (/^[\x20-\x7e]*$/.test(source) && shown[2] !== `${' '.repeat(column - 1)}^`) {
      return `diagnostic at column ${column} without a caret under it: ${JSON.stringify(shown[2])}`;
    }
  }
  return undefined;
}

/** A line as diagnostics show it: tabs expanded to the next multiple of 8 columns. */
function expandTabs(line: string): string {
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}
