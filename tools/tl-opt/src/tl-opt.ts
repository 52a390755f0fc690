import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { AsmPrinter, Context, formatDiagnostic, parseSourceString, verify, type Diagnostic } from '@tlir/ir';
import { helpText, parseOptions } from './options.js';

/** Where tl-opt reads and writes; the CLI uses the process, tests can capture. */
export interface ToolIO {
  readFile(path: string): string;
  readStdin(): string;
  writeFile(path: string, data: string | readonly Uint8Array[]): void;
  stdout(data: string | readonly Uint8Array[]): void;
  stderr(text: string): void;
}

export const processIO: ToolIO = {
  readFile: (p) => readFileSync(p, 'utf8'),
  readStdin: () => readFileSync(0, 'utf8'),
  writeFile: (p, data) => {
    if (typeof data === 'string') return writeFileSync(p, data);
    const fd = openSync(p, 'w');
    try {
      for (const chunk of data) writeAll(fd, chunk);
    } finally {
      closeSync(fd);
    }
  },
  stdout: (data) => {
    const chunks = typeof data === 'string' ? [new TextEncoder().encode(data)] : data;
    try {
      for (const chunk of chunks) writeAll(1, chunk);
    } catch (e) {
      // The reader went away (`tl-opt x.mlir | head`): stop writing, as a tool killed by SIGPIPE would.
      if ((e as { code?: string }).code !== 'EPIPE') throw e;
    }
  },
  stderr: (t) => {
    try {
      writeAll(2, new TextEncoder().encode(t));
    } catch {
      // Nowhere left to report to.
    }
  },
};

export const VERSION = '0.1.0';

const NEWLINE = new Uint8Array([10]);

/** Writes all of `bytes`, retrying when a non-blocking descriptor is momentarily full. */
function writeAll(fd: number, bytes: Uint8Array): void {
  for (let off = 0; off < bytes.length; ) {
    try {
      off += writeSync(fd, bytes, off, bytes.length - off);
    } catch (e) {
      if ((e as { code?: string }).code !== 'EAGAIN') throw e;
    }
  }
}

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
  // mlir-opt ends its output with an empty line; so do we, to keep the two byte-comparable.
  const out = AsmPrinter.printToChunks(module, { generic: opts.printGeneric, debugInfo: opts.printDebugInfo });
  out.push(NEWLINE);
  if (opts.output !== undefined && opts.output !== '-') {
    try {
      io.writeFile(opts.output, out);
    } catch (e) {
      io.stderr(`tl-opt: could not open output file '${opts.output}': ${describeFsError(e)}\n`);
      return 1;
    }
  } else io.stdout(out);
  return 0;
}

function describeFsError(e: unknown): string {
  const code = (e as { code?: string }).code;
  if (code === 'ENOENT') return 'No such file or directory';
  if (code === 'EISDIR') return 'Is a directory';
  if (code === 'EACCES') return 'Permission denied';
  return e instanceof Error ? e.message : String(e);
}
