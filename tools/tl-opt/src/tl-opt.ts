import { DEFAULT_DIALECTS, createPassRegistry } from '@tlir/registry';
import { isAscii } from 'node:buffer';
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import {
  AsmPrinter,
  Context,
  Diagnostic,
  FileLineColLoc,
  formatDiagnostic,
  parseSourceBytes,
  parseSourceString,
  SourceManager,
  verify,
  type Dialect,
} from '@tlir/ir';
import { parseTensorLanguage, printTensorLanguage } from '@tlir/frontend-tl';
import { Timer, type PassManager } from '@tlir/pass';
import { helpText, inputLanguage, mlirNameLocAsPrefix, parseOptions, scanPluginFlags, type TlOptOptions } from './options.js';
import { buildPassManager, dumpPassPipeline, finalReports, instrument } from './pass-pipeline.js';
import { createPluginHost, loadPlugin } from './plugins.js';
import { describePluginException, LoadedPlugins, RunningPass } from './plugin-failures.js';
import { DEFAULT_SPLIT_MARKER, splitInput, type InputChunk } from './split-input.js';

/** The split marker of `.tl` inputs (the tensor language's comments start with ';'). */
const TL_SPLIT_MARKER = '; -----';
import { DiagnosticVerifier } from './verify-diagnostics.js';
import { describeFsError } from './file-system-error.js';

/** Where tl-opt reads and writes; the CLI uses the process, tests can capture. */
export interface ToolIO {
  readFile(path: string): string;
  readStdin(): string;
  /**
   * A file's bytes, for MLIR input that is parsed whole (optional: without it, the file is read as text). The
   * parser reads UTF-8 bytes, so a large module is not also copied into a string.
   */
  readFileBytes?(path: string): Uint8Array;
  writeFile(path: string, data: string | readonly Uint8Array[]): void;
  /** Opens a file to write the output into as it is printed (optional: without it, output is written whole). */
  openOutputFile?(path: string): OutputFile;
  stdout(data: string | readonly Uint8Array[]): void;
  stderr(text: string): void;
}

/** An output file being written (see ToolIO.openOutputFile). */
export interface OutputFile {
  write(bytes: Uint8Array): void;
  close(): void;
}

export const processIO: ToolIO = {
  readFile: (p) => decodeText(readFileSync(p)),
  readStdin: () => decodeText(readFileSync(0)),
  readFileBytes: (p) => readFileSync(p),
  writeFile: (p, data) => {
    if (typeof data === 'string') return writeFileSync(p, data);
    const file = openOutputFile(p);
    try {
      for (const chunk of data) file.write(chunk);
    } finally {
      file.close();
    }
  },
  openOutputFile: (p) => openOutputFile(p),
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

/**
 * The text of a file's bytes, as `readFileSync(path, 'utf8')` gives it: ASCII text (the common case) is copied as
 * it is, which is several times faster than decoding it as UTF-8 (25 ms less for an 18 MB module).
 */
function decodeText(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** Opens `path` for writing (truncated), written with retries as `writeAll` does. */
function openOutputFile(path: string): OutputFile {
  const fd = openSync(path, 'w');
  return { write: (bytes) => writeAll(fd, bytes), close: () => closeSync(fd) };
}

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

/** What a run of tl-opt uses besides its options: the dialects to load, the pass manager, the timer. */
interface RunSetup {
  dialects: Dialect[];
  pm: PassManager | undefined;
  timer: Timer | undefined;
  /** Reports the diagnostics of the chunk being processed so far (before a pass writes to stderr). */
  flushDiagnostics?: () => void;
}

/**
 * Runs tl-opt: parse the input, verify it, run the pass pipeline (`--pass-pipeline`, or pass flags such as
 * `--cse`), print the result (custom or generic form). Every problem with the input is reported as a located
 * diagnostic and gives exit code 1. With `--split-input-file` each chunk of the input goes through this on its
 * own; with `--verify-diagnostics` diagnostics are checked against the input's `expected-*` comments instead of
 * printed, and only a mismatch fails. Plugins (`--load-pass-plugin`, `--load-dialect-plugin`) are loaded first.
 */
export async function runTlOpt(argv: readonly string[], io: ToolIO = processIO): Promise<number> {
  const registry = createPassRegistry();
  const dialects: Dialect[] = [...DEFAULT_DIALECTS];
  const host = createPluginHost(registry, dialects);
  const loaded = new LoadedPlugins();
  const plugins = scanPluginFlags(argv);
  for (const [files, kind] of [
    [plugins.dialectPlugins, 'dialect'],
    [plugins.passPlugins, 'pass'],
  ] as const) {
    for (const file of files) {
      const err = await loadPlugin(file, kind, host, loaded);
      if (err) {
        io.stderr('rendered' in err ? err.rendered : `tl-opt: ${err.message}\n`);
        return 1;
      }
    }
  }
  const opts = parseOptions(argv, registry);
  if ('error' in opts) {
    io.stderr(`tl-opt: ${opts.error}\n`);
    return 1;
  }
  if (opts.help) {
    io.stdout(helpText(registry));
    return 0;
  }
  if (opts.version) {
    io.stdout(`tl-opt (tlir) ${VERSION}\n`);
    return 0;
  }
  if (opts.showDialects) {
    const ctx = new Context({ dialects });
    io.stdout(`Available Dialects: ${ctx.loadedDialects.map((d) => d.name).join(',')}\n`);
    return 0;
  }
  const pm = buildPassManager(opts, registry);
  if (pm && 'error' in pm) {
    io.stderr(pm.error);
    return 1;
  }
  if (pm && opts.dumpPassPipeline) io.stderr(dumpPassPipeline(pm));
  const timer = opts.timing ? new Timer('root') : undefined;
  const setup: RunSetup = { dialects, pm, timer };
  // What passes and instrumentation write comes after the diagnostics emitted before it.
  const writeStderr = (t: string): void => {
    setup.flushDiagnostics?.();
    io.stderr(t);
  };
  if (pm) instrument(pm, opts, writeStderr, timer);
  if (pm) pm.output = writeStderr;
  const running = new RunningPass();
  pm?.addInstrumentation(running);
  timer?.start();
  let code: number;
  try {
    code = runOnInput(opts, io, setup);
  } catch (e) {
    // Plugin code on the stack (or a plugin's pass running): the plugin's failure, at its frame. Else tlir's bug.
    const report = describePluginException(e, loaded, running.current);
    if (report === undefined) throw e;
    setup.flushDiagnostics?.();
    io.stderr(report);
    return 1;
  }
  timer?.stop();
  const reports = finalReports(pm, opts, timer);
  if (reports) io.stderr(reports);
  return code;
}

/** Reads the input, processes it (whole or chunk by chunk) and writes the output; returns the exit code. */
function runOnInput(opts: TlOptOptions, io: ToolIO, setup: RunSetup): number {
  const language = inputLanguage(opts);
  // MLIR parsed whole is parsed from the file's bytes; splitting, checking diagnostics and the tensor language
  // work on the text.
  const asBytes = language === 'mlir' && opts.splitInputFile === undefined && !opts.verifyDiagnostics && opts.input !== '-' && io.readFileBytes;
  let text: string;
  let bytes: Uint8Array | undefined;
  const filename = opts.input === '-' ? '<stdin>' : opts.input;
  try {
    if (asBytes) {
      bytes = io.readFileBytes!(opts.input);
      text = '';
    } else text = opts.input === '-' ? io.readStdin() : io.readFile(opts.input);
  } catch (e) {
    io.stderr(`tl-opt: could not open input file '${opts.input}': ${describeFsError(e)}\n`);
    return 1;
  }
  // Diagnostics are rendered against the whole file, whichever chunk they come from.
  const sources = new SourceManager();
  sources.addBuffer(filename, bytes ?? text);
  // The tensor language's comments start with ';', so its default split marker is '; -----'.
  const marker = language === 'tl' && opts.splitInputFile === DEFAULT_SPLIT_MARKER ? TL_SPLIT_MARKER : opts.splitInputFile;
  const split = marker !== undefined ? splitInput(text, marker) : undefined;
  const verifier = opts.verifyDiagnostics
    ? new DiagnosticVerifier(filename, text, sources, (t) => io.stderr(t), opts.verifyDiagnostics)
    : undefined;
  for (const { line, column } of split?.nearMisses ?? []) {
    const loc = new FileLineColLoc(filename, line, column);
    io.stderr(formatDiagnostic(new Diagnostic('warning', loc, 'near miss with file split marker'), sources));
  }
  const chunks: InputChunk[] = split?.chunks ?? [{ text, bytes, offset: 0, line: 1, column: 1 }];
  const out: Uint8Array[] = [];
  const separator = new TextEncoder().encode(opts.outputSplitMarker + '\n');
  const toFile = opts.output !== undefined && opts.output !== '-';
  // One chunk, whose output is final once printing starts, is written as it is printed: a large module is never
  // held in memory twice. The output file is only opened then, so a run that fails leaves none (as mlir-opt).
  let file: OutputFile | undefined;
  let sink: ((bytes: Uint8Array) => void) | undefined;
  if (chunks.length === 1 && verifier === undefined) {
    if (!toFile) sink = (bytes) => io.stdout([bytes]);
    else if (io.openOutputFile) sink = (bytes) => (file ??= io.openOutputFile!(opts.output!)).write(bytes);
  }
  let failed = false;
  for (let i = 0; i < chunks.length; i++) {
    if (i > 0) out.push(separator);
    let printed: Uint8Array[] | undefined;
    try {
      printed = processChunk(chunks[i]!, split !== undefined, text, filename, sources, opts, io, verifier, setup, language, sink);
    } catch (e) {
      if (!toFile || sink === undefined || !isFsError(e)) throw e;
      io.stderr(`tl-opt: could not open output file '${opts.output}': ${describeFsError(e)}\n`);
      return 1;
    }
    if (printed) out.push(...printed);
    else failed = true;
  }
  // With --verify-diagnostics, what counts is whether the diagnostics were the expected ones.
  if (verifier) failed = !verifier.finish();
  if (toFile) {
    // Like mlir-opt, which keeps no output file when it fails (standard output shows what succeeded).
    if (failed) return 1;
    try {
      if (file) file.close();
      else io.writeFile(opts.output!, out);
    } catch (e) {
      io.stderr(`tl-opt: could not open output file '${opts.output}': ${describeFsError(e)}\n`);
      return 1;
    }
  } else io.stdout(out);
  return failed ? 1 : 0;
}

/** Whether `e` comes from the file system (an error with a code such as ENOENT), not from tl-opt itself. */
function isFsError(e: unknown): boolean {
  return typeof (e as { code?: unknown } | null)?.code === 'string';
}

/**
 * Parses, verifies and prints one chunk of the input (the whole input unless it is split), in a context of
 * its own as mlir-opt does. Returns the printed IR (nothing when it went to `sink` as it was printed), or
 * undefined when the chunk had errors.
 */
function processChunk(
  chunk: InputChunk,
  isPiece: boolean,
  wholeText: string,
  filename: string,
  sources: SourceManager,
  opts: TlOptOptions,
  io: ToolIO,
  verifier: DiagnosticVerifier | undefined,
  setup: RunSetup,
  language: 'mlir' | 'tl',
  sink?: (bytes: Uint8Array) => void,
): Uint8Array[] | undefined {
  const ctx = new Context({ allowUnregisteredDialects: opts.allowUnregisteredDialect, dialects: setup.dialects });
  // As mlir-opt: no `see current operation` notes when checking diagnostics against expectations.
  ctx.printOpOnDiagnostic = opts.printOpOnDiagnostic && !verifier;
  const diags: Diagnostic[] = [];
  // Files the passes read (a schedule) are in the context's sources: their lines show under diagnostics too.
  sources.fallback = ctx.sources;
  // Diagnostics are handled once the phase that emitted them is over: notes are attached after emission.
  ctx.diagnostics.addHandler((d) => diags.push(d));
  const flush = (): void => {
    for (const d of diags) {
      if (verifier) verifier.process(d);
      else io.stderr(formatDiagnostic(d, sources));
    }
    diags.length = 0;
  };
  // A piece of the file is parsed with the file's positions, so the context gets the whole file's text (the
  // parser may look at source lines); `sources` holds it too, for rendering.
  const start = isPiece ? { line: chunk.line, column: chunk.column } : undefined;
  if (start) ctx.sources.addBuffer(filename, wholeText);
  const parser = setup.timer?.nest('Parser');
  parser?.start();
  const module =
    language === 'tl'
      ? parseTensorLanguage(ctx, chunk.text, filename, start)
      : chunk.bytes
        ? parseSourceBytes(ctx, chunk.bytes, filename, start)
        : parseSourceString(ctx, chunk.text, filename, start);
  // The input is always verified, as by mlir-opt: --verify-each=false only skips the verification after each pass
  // (passes assume valid IR; unverified input crashed them with internal errors).
  const parsed = module !== undefined && verify(module);
  parser?.stop();
  if (!module || !parsed) {
    flush();
    return undefined;
  }
  flush();
  if (setup.pm) {
    setup.flushDiagnostics = flush;
    const ok = setup.pm.run(module);
    setup.flushDiagnostics = undefined;
    flush();
    if (!ok) return undefined;
  }
  // Custom printers may rely on what the verifier checks: IR that was not verified after the passes is printed in
  // the generic form if it does not verify (quietly), as mlir-opt's printer does.
  let generic = opts.printGeneric;
  if (!opts.verify && !generic) {
    const stopIgnoring = ctx.diagnostics.addHandler(() => {});
    generic = !verify(module);
    stopIgnoring();
  }
  // mlir-opt ends its output with an empty line; so do we, to keep the two byte-comparable.
  const output = setup.timer?.nest('Output');
  output?.start();
  let out: Uint8Array[];
  if (opts.emit === 'tl') {
    const printed = printTensorLanguage(module, { names: opts.nameLocAsPrefix ?? true });
    if (typeof printed !== 'string') {
      io.stderr(formatDiagnostic(printed, sources));
      output?.stop();
      return undefined;
    }
    out = [new TextEncoder().encode(printed)];
  } else if (sink) {
    AsmPrinter.printToSink(module, { generic, debugInfo: opts.printDebugInfo, nameLocAsPrefix: mlirNameLocAsPrefix(opts) }, sink);
    out = [];
  } else out = AsmPrinter.printToChunks(module, { generic, debugInfo: opts.printDebugInfo, nameLocAsPrefix: mlirNameLocAsPrefix(opts) });
  out.push(NEWLINE);
  // With a sink, everything goes there (written as printed); otherwise the caller writes what is returned.
  if (sink) {
    for (const bytes of out) sink(bytes);
    out = [];
  }
  output?.stop();
  return out;
}

