// tl-translate: reads MLIR (or a tensor-language kernel, lowered first), verifies it, and translates it out of MLIR:
// `--mlir-to-wgsl` writes each gpu kernel as a WGSL module and, with --manifest, the manifest the runtime loads it
// with. Every problem is a located diagnostic rendered as tl-opt renders them (file:line:col, the source line, a
// caret) and exit code 1.
import { existsSync, readFileSync } from 'node:fs';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { manifestToJson, translateToWgsl, type TranslatedKernel } from '@tlir/target-wgsl';
import { Context, Diagnostic, FileLineColLoc, formatDiagnostic, parseSourceString, SourceManager, verify } from '@tlir/ir';
import { parsePassPipeline, PipelineSyntaxError } from '@tlir/pass';
import { createPassRegistry, DEFAULT_DIALECTS } from '@tlir/registry';
import { DiagnosticVerifier, processIO, describeFsError, splitInput, type InputChunk, type ToolIO } from '@tlir/tl-opt';
import { FuncOp as TlFuncOp } from '@tlir/dialect-tl';
import { printOperation, getSymbolName, type Operation } from '@tlir/ir';
import { applySchedule, defaultCachePath, describeCandidate, entriesForKernel, kernelCollectives, kernelHash, readCacheFile, type TuningCache } from '@tlir/tl-run/tuning';
import { HELP, parseTranslateOptions, TL_LOWERING, type TlTranslateOptions } from './options.js';

export const VERSION = '0.1.0';

/** The tensor language's split marker (its comments start with ';'). */
const TL_SPLIT_MARKER = '; -----';

/**
 * Source texts for rendering diagnostics and finding argument names: the input, and files named by locations
 * (a kernel's `.tl` source) read from disk the first time they are needed.
 */
class SourceFiles {
  readonly manager = new SourceManager();
  private readonly tried = new Set<string>();

  constructor(private readonly io: ToolIO) {}

  add(name: string, text: string): void {
    this.manager.addBuffer(name, text);
    this.tried.add(name);
  }

  /** Loads `file` from disk once, if it exists. */
  load(file: string | undefined): void {
    if (file === undefined || this.tried.has(file)) return;
    this.tried.add(file);
    try {
      if (existsSync(file)) this.manager.addBuffer(file, this.io.readFile(file));
    } catch {
      // Not readable: messages show no source line for it.
    }
  }

  line = (file: string, line: number): string | undefined => {
    this.load(file);
    return this.manager.getLine(file, line);
  };

  /** Renders a diagnostic with the source lines of every file it names. */
  render(d: Diagnostic): string {
    this.load(d.loc.fileLoc()?.file);
    for (const n of d.notes) this.load(n.loc.fileLoc()?.file);
    return formatDiagnostic(d, this.manager);
  }
}

/** Runs tl-translate on `argv`; returns the exit code. */
export function runTlTranslate(argv: readonly string[], io: ToolIO = processIO): number {
  const opts = parseTranslateOptions(argv);
  if ('error' in opts) {
    io.stderr(`tl-translate: ${opts.error}\n`);
    return 1;
  }
  if (opts.help) {
    io.stdout(HELP);
    return 0;
  }
  if (opts.version) {
    io.stdout(`tl-translate (tlir) ${VERSION}\n`);
    return 0;
  }
  if (!opts.translation) {
    io.stderr('tl-translate: no translation given (use --mlir-to-wgsl; see --help)\n');
    return 1;
  }
  const filename = opts.input === '-' ? '<stdin>' : opts.input;
  let text: string;
  try {
    text = opts.input === '-' ? io.readStdin() : io.readFile(opts.input);
  } catch (e) {
    io.stderr(`tl-translate: could not open input file '${opts.input}': ${describeFsError(e)}\n`);
    return 1;
  }
  const sources = new SourceFiles(io);
  sources.add(filename, text);
  const language = opts.inputLanguage ?? (opts.input.endsWith('.tl') ? 'tl' : 'mlir');
  const marker = language === 'tl' && opts.splitInputFile !== undefined && opts.splitInputFile.startsWith('//') ? TL_SPLIT_MARKER : opts.splitInputFile;
  const split = marker !== undefined ? splitInput(text, marker) : undefined;
  const verifier = opts.verifyDiagnostics
    ? new DiagnosticVerifier(filename, text, sources.manager, (t) => io.stderr(t), opts.verifyDiagnostics)
    : undefined;
  const report = (d: Diagnostic): void => {
    if (verifier) verifier.process(d);
    else io.stderr(sources.render(d));
  };
  for (const { line, column } of split?.nearMisses ?? []) report(new Diagnostic('warning', new FileLineColLoc(filename, line, column), 'near miss with file split marker'));

  const chunks: InputChunk[] = split?.chunks ?? [{ text, offset: 0, line: 1, column: 1 }];
  const tuned = language === 'tl' && opts.passPipeline === undefined && !opts.noTunedSchedules ? tunedSchedules(opts, io) : undefined;
  const results: (TranslatedKernel[] | undefined)[] = chunks.map((chunk) =>
    translateChunk(chunk, split !== undefined, text, filename, language, opts, sources, report, tuned),
  );
  let failed = results.some((r) => r === undefined);
  if (verifier) failed = !verifier.finish();
  const kernels = results.flatMap((r) => r ?? []);
  if (failed && !verifier) return 1;

  if ((opts.output !== undefined && opts.output !== '-') || opts.manifest !== undefined) {
    if (kernels.length !== 1) {
      const what = opts.manifest !== undefined ? '--manifest' : '-o';
      io.stderr(`tl-translate: ${what} needs exactly one kernel; the input has ${kernels.length}${kernels.length ? ` (${kernels.map((k) => `@${k.name}`).join(', ')}): choose one with --kernel` : ''}\n`);
      return 1;
    }
  }
  const outputs = results.filter((r): r is TranslatedKernel[] => r !== undefined).map((r) => r.map((k) => k.wgsl).join('// -----\n'));
  const wgsl = outputs.join('// -----\n');
  // Each file's error names it (a bad --manifest path was reported as "could not write the output").
  let writing = opts.output !== undefined && opts.output !== '-' ? opts.output : undefined;
  try {
    if (writing !== undefined) io.writeFile(writing, wgsl);
    else io.stdout(wgsl);
    writing = opts.manifest;
    if (opts.manifest !== undefined) io.writeFile(opts.manifest, manifestToJson(kernels[0]!.manifest));
  } catch (e) {
    io.stderr(writing === undefined ? `tl-translate: could not write the output: ${describeFsError(e)}\n` : `tl-translate: could not open output file '${writing}': ${describeFsError(e)}\n`);
    return 1;
  }
  return failed ? 1 : 0;
}

/**
 * The tuned schedules of the cache (tl-run --tune) put on each tl kernel of a module lowered by the default pipeline
 * (docs/tuning.md). tl-translate knows neither the adapter nor the shapes: a kernel takes the cache's schedule when
 * its entries (those --tuned-for selects) agree on one; when they do not, a warning lists them and the lowering
 * chooses. A corrupt cache is a warning.
 */
function tunedSchedules(opts: TlTranslateOptions, io: ToolIO): (module: Operation) => void {
  const path = opts.cache ?? defaultCachePath();
  let cache: TuningCache | undefined;
  return (module) => {
    if (!cache) {
      const read = readCacheFile(path);
      if (read.warning) io.stderr(`tl-translate: warning: ${read.warning}\n`);
      cache = read.cache;
    }
    for (const fn of module.regions[0]?.firstBlock?.opsArray() ?? []) {
      if (!TlFuncOp.is(fn)) continue;
      const name = getSymbolName(fn) ?? '';
      const entries = entriesForKernel(cache, kernelHash(printOperation(fn), ''), opts.tunedFor);
      const schedules = [...new Map(entries.map((e) => [JSON.stringify(e.schedule), e])).values()];
      if (schedules.length === 0) continue;
      if (schedules.length > 1) {
        const where = schedules.map((e) => `${e.key.adapter.split('|').filter(Boolean).join(' ')}, ${e.key.bucket}`).join('; ');
        io.stderr(`tl-translate: warning: @${name} has ${schedules.length} tuned schedules in the cache ${path} (${where}): choose one with --tuned-for <adapter or shapes>; the lowering's own schedule is used\n`);
        continue;
      }
      const entry = schedules[0]!;
      const kernel = kernelCollectives(module, name);
      if (!kernel || kernel.collectives.length !== entry.schedule.collectives.length) continue;
      applySchedule(module.context, kernel, entry.schedule);
      io.stderr(`tl-translate: schedule: tuned (cache ${path}): @${name} ${describeCandidate(entry.schedule)} (for ${entry.key.adapter.split('|').filter(Boolean).join(' ')}, ${entry.key.bucket})\n`);
    }
  };
}

/** Parses, verifies, lowers (for the tensor language) and translates one chunk; undefined when it had errors. */
function translateChunk(
  chunk: InputChunk,
  isPiece: boolean,
  wholeText: string,
  filename: string,
  language: 'mlir' | 'tl',
  opts: TlTranslateOptions,
  sources: SourceFiles,
  report: (d: Diagnostic) => void,
  tuned: ((module: Operation) => void) | undefined,
): TranslatedKernel[] | undefined {
  const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
  const diags: Diagnostic[] = [];
  ctx.diagnostics.addHandler((d) => diags.push(d));
  const flush = (): void => {
    for (const d of diags.splice(0)) report(d);
  };
  const start = isPiece ? { line: chunk.line, column: chunk.column } : undefined;
  // The context holds the whole file: the parser may look at source lines, and so may the translation (names).
  ctx.sources.addBuffer(filename, wholeText);
  const module = language === 'tl' ? parseTensorLanguage(ctx, chunk.text, filename, start) : parseSourceString(ctx, chunk.text, filename, start);
  if (!module || !verify(module)) {
    flush();
    return undefined;
  }
  tuned?.(module);
  const pipeline = opts.passPipeline ?? (language === 'tl' ? TL_LOWERING : undefined);
  if (pipeline !== undefined) {
    const pm = parsePassPipeline(pipeline, createPassRegistry());
    if (pm instanceof PipelineSyntaxError) {
      report(new Diagnostic('error', new FileLineColLoc(filename, 1, 1), `bad --pass-pipeline: ${pm.format().trim()}`));
      return undefined;
    }
    const ok = pm.run(module);
    flush();
    if (!ok) return undefined;
  }
  const kernels = translateToWgsl(module, {
    features: opts.features,
    ...(opts.boundsCheck ? { boundsCheck: true } : {}),
    ...(opts.loopCheck ? { loopCheck: true } : {}),
    ...(opts.kernel !== undefined ? { kernel: opts.kernel } : {}),
    sourceLine: sources.line,
  });
  flush();
  return kernels;
}

