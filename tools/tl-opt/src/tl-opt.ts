import { readFileSync, writeFileSync } from 'node:fs';
import { AsmPrinter, Context, formatDiagnostic, parseSourceString, verify, type Diagnostic } from '@tlir/ir';
import { helpText, parseOptions } from './options.js';

/** Where tl-opt reads and writes; the CLI uses the process, tests can capture. */
export interface ToolIO {
  readFile(path: string): string;
  readStdin(): string;
  writeFile(path: string, text: string): void;
  stdout(text: string): void;
  stderr(text: string): void;
}

export const processIO: ToolIO = {
  readFile: (p) => readFileSync(p, 'utf8'),
  readStdin: () => readFileSync(0, 'utf8'),
  writeFile: (p, t) => writeFileSync(p, t),
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
};

export const VERSION = '0.1.0';

/**
 * Runs tl-opt: parse the input, verify it, print it (custom or generic form). Every problem with the input is
 * reported as a located diagnostic and gives exit code 1.
 */
export function runTlOpt(argv: readonly string[], io: ToolIO = processIO): number {
  const opts = parseOptions(argv);
  if ('error' in opts) {
    io.stderr(`tl-opt: ${opts.error}\n`);
    return 1;
  }
  if (opts.help) {
    io.stdout(helpText());
    return 0;
  }
  if (opts.version) {
    io.stdout(`tl-opt (tlir) ${VERSION}\n`);
    return 0;
  }
  let text: string;
  const filename = opts.input === '-' ? '<stdin>' : opts.input;
  try {
    text = opts.input === '-' ? io.readStdin() : io.readFile(opts.input);
  } catch (e) {
    io.stderr(`tl-opt: could not open input file '${opts.input}': ${describeFsError(e)}\n`);
    return 1;
  }
  const ctx = new Context({ allowUnregisteredDialects: opts.allowUnregisteredDialect });
  const diags: Diagnostic[] = [];
  ctx.diagnostics.addHandler((d) => diags.push(d));
  const flush = (): void => {
    for (const d of diags) io.stderr(formatDiagnostic(d, ctx.sources));
    diags.length = 0;
  };
  const module = parseSourceString(ctx, text, filename);
  if (!module) {
    flush();
    return 1;
  }
  if (opts.verify && !verify(module)) {
    flush();
    return 1;
  }
  flush();
  const out = AsmPrinter.print(module, { generic: opts.printGeneric, debugInfo: opts.printDebugInfo });
  if (opts.output !== undefined && opts.output !== '-') {
    try {
      io.writeFile(opts.output, out + '\n');
    } catch (e) {
      io.stderr(`tl-opt: could not open output file '${opts.output}': ${describeFsError(e)}\n`);
      return 1;
    }
  } else io.stdout(out + '\n');
  return 0;
}

function describeFsError(e: unknown): string {
  const code = (e as { code?: string }).code;
  if (code === 'ENOENT') return 'No such file or directory';
  if (code === 'EISDIR') return 'Is a directory';
  if (code === 'EACCES') return 'Permission denied';
  return e instanceof Error ? e.message : String(e);
}
