// tl-run: reads a tensor-language file or MLIR at any stage of the lowering (optionally rewritten by the user's passes, -p),
// takes the arguments of one of its kernels from the command line (.npy
// files, literals, --random), runs the kernel on WebGPU or in the reference interpreter at a stage of the lowering,
// and writes (--out), checks (--check) or times (--bench) the results. Every problem is a one-line message or a
// diagnostic located in the kernel's source, and exit code 1; never a stack trace.
import { FuncOp, findKernel } from '@tlir/dialect-tl';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { Context, formatDiagnostic, getFunctionType, getSymbolName, parseSourceString, SymbolTable, verify, type Diagnostic, type Dialect, type Operation } from '@tlir/ir';
import { InterpreterRegistry } from '@tlir/interpreter';
import { parsePassPipeline, PipelineSyntaxError, type PassRegistry } from '@tlir/pass';
import { NpyError, type NdArray, type RuntimeDevice } from '@tlir/runtime';
import { createPassRegistry, DEFAULT_DIALECTS } from '@tlir/registry';
import { createPluginHost, describeFsError, describePluginException, LoadedPlugins, loadPlugin, RunningPass } from '@tlir/tl-opt';
import { formatBenchReport, formatSeconds, type BenchTiming } from './bench-report.js';
import { CountingRegistry, type CollectiveCount } from './collective-counts.js';
import { hostArguments, type HostArguments, type HostValue } from './host-arguments.js';
import { registerStageInterpreters, runInInterpreter } from './interpreter-backend.js';
import { kernelSignature, type KernelSignature } from './kernel-signature.js';
import { groupCoverageProblems } from './group-coverage.js';
import { loweredSignature } from './lowered-signature.js';
import { HELP, parseRunOptions, type Stage, type TlRunOptions } from './options.js';
import { detectStage, lowerToStage, stagePipeline } from './stages.js';
import { compareArrays, defaultTolerance, formatComparison } from './result-check.js';
import { processRunIO, type RunIO } from './run-io.js';
import { ToolFailure } from './tool-failure.js';
import { acquireWebGpuDevice } from './node-device.js';
import { launchOnWebGpu, loadOnWebGpu, translateKernelToWgsl } from './webgpu-backend.js';
import { runTune, useTunedSchedule } from './tuning/tune-command.js';

export const VERSION = '0.1.0';

/** Where the webgpu backend gets its device, and what it does with it afterwards. */
export interface DeviceSource {
  acquire(): Promise<RuntimeDevice>;
  /** Called once the run is over. */
  done(device: RuntimeDevice): void;
}

/** A device by the runtime's Node recipes, released after the run. */
export const nodeDeviceSource: DeviceSource = { acquire: acquireWebGpuDevice, done: (device) => device.release() };

/**
 * Runs tl-run on `argv`; resolves to the exit code. Tests may capture the IO and lend a device (which the run then
 * keeps: `done` does nothing with it).
 */
export async function runTlRun(argv: readonly string[], io: RunIO = processRunIO, devices: DeviceSource = nodeDeviceSource): Promise<number> {
  const opts = parseRunOptions(argv);
  if ('error' in opts) {
    io.stderr(`tl-run: ${opts.error}\n`);
    return 1;
  }
  if (opts.help) {
    io.stdout(HELP);
    return 0;
  }
  if (opts.version) {
    io.stdout(`tl-run (tlir) ${VERSION}\n`);
    return 0;
  }
  // Pass plugins (for -p) register into the registry the run lowers with.
  const registry = createPassRegistry();
  const dialects: Dialect[] = [...DEFAULT_DIALECTS];
  const plugins = new LoadedPlugins();
  const pluginHost = createPluginHost(registry, dialects);
  for (const file of opts.passPlugins) {
    const err = await loadPlugin(file, 'pass', pluginHost, plugins);
    if (err) {
      io.stderr('rendered' in err ? err.rendered : `tl-run: ${err.message}\n`);
      return 1;
    }
  }
  const ctx = new Context({ dialects });
  const reported: Diagnostic[] = [];
  ctx.diagnostics.addHandler((d) => reported.push(d));
  const flush = (): void => {
    for (const d of reported.splice(0)) io.stderr(formatDiagnostic(d, ctx.sources));
  };
  let device: RuntimeDevice | undefined;
  const acquire = async (): Promise<RuntimeDevice> => (device ??= await devices.acquire());
  const running = new RunningPass();
  try {
    return await run(opts, io, { ctx, dialects, registry, running }, acquire);
  } catch (e) {
    if (!(e instanceof ToolFailure)) {
      // Plugin code on the stack (or a plugin's pass running): the plugin's failure, at its frame. Else tlir's bug.
      const report = describePluginException(e, plugins, running.current);
      if (report === undefined) throw e;
      flush();
      io.stderr(report);
      return 1;
    }
    flush();
    for (const m of e.messages) io.stderr(`tl-run: ${m}\n`);
    for (const d of e.diagnostics) io.stderr(formatDiagnostic(d, ctx.sources));
    io.stderr(e.rendered);
    return 1;
  } finally {
    flush();
    if (device) devices.done(device);
  }
}

/** What a run works with: the context every input is parsed in, the passes (with plugins') and the running pass. */
interface RunSetup {
  readonly ctx: Context;
  readonly dialects: readonly Dialect[];
  readonly registry: PassRegistry;
  readonly running: RunningPass;
}

/** An input: a tensor-language file, or MLIR at any stage. */
interface Program {
  readonly file: string;
  readonly text: string;
  readonly language: 'tl' | 'mlir';
}

function readProgram(io: RunIO, input: string): Program {
  const file = input === '-' ? '<stdin>' : input;
  let text: string;
  try {
    text = input === '-' ? io.readStdin() : io.readFile(input);
  } catch (e) {
    throw ToolFailure.message(`could not open input file '${input}': ${describeFsError(e)}`);
  }
  return { file, text, language: input.endsWith('.tl') ? 'tl' : 'mlir' };
}

/** The program's module as given (parsed and verified; errors are reported to the context). */
function parseProgram(ctx: Context, program: Program): Operation {
  const module = program.language === 'tl' ? parseTensorLanguage(ctx, program.text, program.file) : parseSourceString(ctx, program.text, program.file);
  if (!module || !verify(module)) throw new ToolFailure([]);
  return module;
}

/** The program's module after the user's pipeline (-p), if there is one. */
function loadProgram(program: Program, opts: TlRunOptions, setup: RunSetup, userPipeline: boolean, verbose: (m: string) => void): Operation {
  const module = parseProgram(setup.ctx, program);
  if (userPipeline && opts.passPipeline !== undefined) {
    const pm = parsePassPipeline(opts.passPipeline, setup.registry);
    if (pm instanceof PipelineSyntaxError) throw ToolFailure.message(`-p: ${pm.format().trim()}`);
    pm.addInstrumentation(setup.running);
    verbose(`running ${opts.passPipeline} on ${program.file}`);
    if (!pm.run(module)) throw new ToolFailure([]);
  }
  return module;
}

/** The kernel's function in a module, with the signature it is called with (the tl.func's, or the lowered function's). */
function kernelOf(module: Operation, opts: TlRunOptions, file: string, ctx: Context): { fn: Operation; signature: KernelSignature } {
  const stage = detectStage(module);
  const fn = stage === 'tl' ? findKernel(module, opts.kernel!) : new SymbolTable(module).lookup(opts.kernel!);
  if (!fn) throw ToolFailure.message(noKernelMessage(module, opts.kernel!, file));
  return { fn, signature: stage === 'tl' ? kernelSignature(fn, ctx.sources) : loweredSignature(fn, ctx.sources) };
}

/** The result of running one program. */
interface ProgramRun {
  readonly arrays: Map<string, NdArray>;
  readonly timing: BenchTiming | undefined;
  /** Where it ran, for reports: `WebGPU`, `the interpreter (krnl stage)`. */
  readonly where: string;
  readonly benchWhere: string;
}

/**
 * Runs a program on the host arguments (given for `signature`; the program's own kernel takes them by position) on the
 * chosen backend and stage, `timed` times more when timing is asked for.
 */
async function runProgram(
  program: Program,
  opts: TlRunOptions,
  setup: RunSetup,
  userPipeline: boolean,
  signature: KernelSignature,
  host: HostArguments,
  timed: number,
  io: RunIO,
  acquireDevice: () => Promise<RuntimeDevice>,
  verbose: (m: string) => void,
): Promise<ProgramRun> {
  const { ctx, registry } = setup;
  const module = loadProgram(program, opts, setup, userPipeline, verbose);
  const from = detectStage(module);
  const own = kernelOf(module, opts, program.file, ctx).signature;
  const ownHost = hostByPosition(host, signature, own);
  const back = (arrays: Map<string, NdArray>): Map<string, NdArray> => arraysByPosition(arrays, own, signature);
  if (opts.backend === 'interpreter') {
    const stage: Stage = opts.stage ?? (program.language === 'tl' ? 'gpu' : from);
    const where = `the interpreter (${stage} stage)`;
    if (stage !== from) verbose(`lowering ${program.file} from the ${from} to the ${stage} stage: ${stagePipeline(from, stage, opts.lowerToKrnl)}`);
    const fn = lowerToStage(module, opts.kernel!, from, stage, opts.lowerToKrnl, registry);
    const interpreters = registerStageInterpreters(new InterpreterRegistry());
    verbose(`running @${own.name} on ${host.groups} work-group${host.groups === 1 ? '' : 's'} in the interpreter (${stage} stage)`);
    const first = runInInterpreter(fn, stage, own, ownHost, interpreters);
    let timing: BenchTiming | undefined;
    if (timed > 0) {
      const seconds = [first.seconds];
      for (let r = 1; r < timed; r++) seconds.push(runInInterpreter(fn, stage, own, ownHost, interpreters).seconds);
      timing = { method: 'the wall clock (interpreter)', seconds };
    }
    return { arrays: back(first.arrays), timing, where, benchWhere: where };
  }
  // A tensor-language kernel run as given takes the tuned schedule of the cache, if it has one (docs/tuning.md).
  if (from === 'tl' && userPipeline && opts.passPipeline === undefined) useTunedSchedule(ctx, module, opts, await acquireDevice(), ownHost, io);
  if (from !== 'gpu') verbose(`lowering ${program.file} from the ${from} to the gpu stage: ${stagePipeline(from, 'gpu', opts.lowerToKrnl)}`);
  const fn = lowerToStage(module, opts.kernel!, from, 'gpu', opts.lowerToKrnl, registry);
  const device = await acquireDevice();
  if (opts.verbose || timed > 0) io.stderr(`tl-run: WebGPU adapter: ${device.report.summary}\n`);
  // An adapter that ends long loops (llvmpipe) gets loop checks, so that a loop it ended is an error (docs/runtime.md).
  const loopLimit = await device.loopIterationLimit();
  if (loopLimit !== undefined) verbose(`the adapter ends a work-item's loops after ${loopLimit} iterations: translating with loop checks`);
  const translated = translateKernelToWgsl(fn.parentOp!, fn, own.name, device.report.features, (f, l) => ctx.sources.getLine(f, l), opts.boundsCheck, loopLimit !== undefined);
  if (opts.boundsCheck) verbose(`bounds checks: ${translated.manifest.boundsCheck?.sites.filter((s) => s.kind !== 'loop').length ?? 0} accesses checked`);
  verbose(`running @${own.name} on ${host.groups} work-group${host.groups === 1 ? '' : 's'} on WebGPU (entry point ${translated.manifest.entryPoint}, work-group size ${translated.manifest.workgroupSize.join('x')})`);
  // The sources the kernel's locations name (a .tl file behind MLIR printed with its locations), to show their lines.
  const sources: Record<string, string> = { [program.file]: program.text };
  for (const loc of [...translated.manifest.sourceMap, ...(translated.manifest.boundsCheck?.sites ?? []).flatMap((s) => (s.loc ? [s.loc] : []))]) {
    if (loc.file in sources) continue;
    try {
      sources[loc.file] = io.readFile(loc.file);
    } catch {
      sources[loc.file] = '';
    }
  }
  const { kernel: compiled, warnings } = await loadOnWebGpu(device, translated, sources);
  if (warnings) io.stderr(warnings);
  const arrays = (await launchOnWebGpu(compiled, translated, own, ownHost)).arrays;
  let timing: BenchTiming | undefined;
  if (timed > 0) {
    // Timed on fresh copies of the arguments, so that --out and --check see the results of one launch.
    const t = await launchOnWebGpu(compiled, translated, own, ownHost, timed);
    timing = { method: t.timing.method, seconds: t.timing.nanoseconds.map((ns) => ns / 1e9) };
  }
  return { arrays: back(arrays), timing, where: 'WebGPU', benchWhere: `WebGPU (${device.report.recipe} recipe)` };
}

/** The host arguments of `from`'s parameters, named as `to`'s (by position); kinds and element types must agree. */
function hostByPosition(host: HostArguments, from: KernelSignature, to: KernelSignature): HostArguments {
  if (from === to) return host;
  const mismatch = signatureMismatch(from, to);
  if (mismatch) throw ToolFailure.message(mismatch);
  const values = new Map<string, HostValue>();
  from.parameters.forEach((p, i) => values.set(to.parameters[i]!.name, host.values.get(p.name)!));
  return { values, groups: host.groups };
}

/** Why two signatures do not take the same arguments, or undefined. */
function signatureMismatch(a: KernelSignature, b: KernelSignature): string | undefined {
  const describe = (s: KernelSignature): string => s.parameters.map((p) => `${p.kind} of ${p.elementName}`).join(', ');
  const same = a.parameters.length === b.parameters.length && a.parameters.every((p, i) => p.kind === b.parameters[i]!.kind && p.elementName === b.parameters[i]!.elementName);
  return same ? undefined : `@${a.name} (${describe(a)}) and @${b.name} (${describe(b)}) do not take the same arguments`;
}

function arraysByPosition(arrays: Map<string, NdArray>, from: KernelSignature, to: KernelSignature): Map<string, NdArray> {
  if (from === to) return arrays;
  const out = new Map<string, NdArray>();
  from.parameters.forEach((p, i) => {
    const a = arrays.get(p.name);
    if (a) out.set(to.parameters[i]!.name, a);
  });
  return out;
}

/** The whole run; throws a ToolFailure for anything the user must fix. */
async function run(opts: TlRunOptions, io: RunIO, setup: RunSetup, acquireDevice: () => Promise<RuntimeDevice>): Promise<number> {
  const { ctx } = setup;
  const verbose = (message: string): void => {
    if (opts.verbose) io.stderr(`tl-run: ${message}\n`);
  };
  const program = readProgram(io, opts.inputs[0]!);
  // The earliest IR given (before -p): --check runs it; its kernel's signature takes the arguments, unless a
  // reference kernel is named (its tensor-language names are the ones to give arguments by).
  const earliest = parseProgram(ctx, program);
  // Without --kernel: the file's one kernel.
  opts = { ...opts, kernel: opts.kernel ?? onlyKernel(earliest, program.file) };
  const given = kernelOf(earliest, opts, program.file, ctx);
  const earliestStage = detectStage(earliest);
  let reference: { fn: Operation; signature: KernelSignature; stage: Stage; label: string } | undefined;
  if (opts.reference !== undefined) {
    const refProgram = readProgram(io, opts.reference);
    const refModule = parseProgram(ctx, refProgram);
    const stage = detectStage(refModule);
    reference = { ...kernelOf(refModule, opts, refProgram.file, ctx), stage, label: `the interpreter on the ${stage} IR of ${refProgram.file}` };
    const mismatch = signatureMismatch(reference.signature, given.signature);
    if (mismatch) throw ToolFailure.message(`--reference ${opts.reference}: ${mismatch}`);
  }
  const signature = reference?.signature ?? given.signature;
  const earliestKernel = given.fn;
  const host = hostArguments(signature, opts, (path) => io.readNpy(path));
  if (opts.boundsCheck) {
    // What the host can prove before launching, on the tensor-language kernel (given, or the reference).
    const tl = reference?.stage === 'tl' ? reference : earliestStage === 'tl' ? given : undefined;
    const problems = tl ? groupCoverageProblems(tl.fn, tl.signature, hostByPosition(host, signature, tl.signature)) : [];
    if (problems.length) throw ToolFailure.located(problems);
  }

  if (opts.tune) {
    if (earliestStage !== 'tl') throw ToolFailure.message(`--tune tunes a tensor-language kernel (a .tl file); ${program.file} is ${earliestStage} IR`);
    const countFlops = (): number => countCollectives(given.fn, given.signature, host).reduce((a, c) => a + c.flops, 0);
    return runTune(opts, io, setup, program, earliest, signature, host, countFlops, acquireDevice);
  }
  if (opts.compare) return compare(opts, io, setup, program, signature, host, acquireDevice, verbose);

  const result = await runProgram(program, opts, setup, true, signature, host, opts.bench ? opts.repetitions : 0, io, acquireDevice, verbose);
  const arrays = result.arrays;
  if (opts.out !== undefined) writeOutputs(io, opts.out, signature, arrays, verbose);

  // The reference: a tensor-language kernel (--reference), or the earliest IR given, in the interpreter.
  let tlKernel: { fn: Operation; signature: KernelSignature } | undefined = earliestStage === 'tl' ? given : undefined;
  let counts: readonly CollectiveCount[] | undefined;
  let checkFailed = false;
  if (opts.check) {
    reference ??= { fn: earliestKernel, signature: given.signature, stage: earliestStage, label: `the interpreter on the ${earliestStage} IR` };
    if (reference.stage === 'tl') tlKernel = reference;
    // The reference run counts the collectives' work as well (tl IR), for --bench.
    const registry = registerStageInterpreters(new CountingRegistry(true));
    verbose(`checking against ${reference.label}`);
    const refHost = hostByPosition(host, signature, reference.signature);
    const expected = arraysByPosition(runInInterpreter(reference.fn, reference.stage, reference.signature, refHost, registry).arrays, reference.signature, signature);
    if (reference.stage === 'tl') counts = [...registry.counts.values()];
    checkFailed = !reportCheck(io, opts, signature, `${result.where} against ${reference.label}`, arrays, expected);
  }
  if (opts.bench) {
    counts ??= tlKernel ? countCollectives(tlKernel.fn, tlKernel.signature, hostByPosition(host, signature, tlKernel.signature)) : [];
    io.stdout(formatBenchReport({ kernel: signature.name, groups: host.groups, where: result.benchWhere, timing: result.timing!, collectives: counts }));
  }
  return checkFailed ? 1 : 0;
}

/** The largest |a - b| of two arrays of the same shape and order (elements compared by position). */
function maxDifference(a: NdArray, b: NdArray): number {
  const x = a.data as ArrayLike<number | bigint>;
  const y = b.data as ArrayLike<number | bigint>;
  let max = 0;
  for (let i = 0; i < x.length; i++) {
    const d = Math.abs(Number(x[i]!) - Number(y[i]!));
    if (Number.isNaN(d)) {
      if (!(Number.isNaN(Number(x[i]!)) && Number.isNaN(Number(y[i]!)))) return NaN;
    } else if (d > max) max = d;
  }
  return max;
}

/**
 * --compare: both inputs on the same arguments (each lowered from its own stage), then the largest difference of
 * every argument and both timings. Exit 1 when they differ beyond the tolerance.
 */
async function compare(
  opts: TlRunOptions,
  io: RunIO,
  setup: RunSetup,
  first: Program,
  signature: KernelSignature,
  host: HostArguments,
  acquireDevice: () => Promise<RuntimeDevice>,
  verbose: (m: string) => void,
): Promise<number> {
  const second = readProgram(io, opts.inputs[1]!);
  // Without --repetitions: one run in the interpreter (slow), the default number of launches on WebGPU.
  const timed = opts.repetitionsGiven || opts.bench || opts.backend === 'webgpu' ? opts.repetitions : 1;
  const a = await runProgram(first, opts, setup, true, signature, host, timed, io, acquireDevice, verbose);
  const b = await runProgram(second, opts, setup, false, signature, host, timed, io, acquireDevice, verbose);
  let text = `compare: @${signature.name} on ${a.where}, ${host.groups} work-group${host.groups === 1 ? '' : 's'}: A = ${first.file}, B = ${second.file}\n`;
  let ok = true;
  for (const p of signature.parameters) {
    const x = a.arrays.get(p.name);
    const y = b.arrays.get(p.name);
    if (!x || !y) continue;
    const defaults = defaultTolerance(p.elementName);
    const tolerance = defaults.rtol === 0 && defaults.atol === 0 ? defaults : { rtol: opts.rtol ?? defaults.rtol, atol: opts.atol ?? defaults.atol };
    const c = compareArrays(p, y, x, tolerance);
    text += `  ${p.name}: max |A - B| = ${maxDifference(x, y)}${c.mismatches ? `, ${c.mismatches} element${c.mismatches === 1 ? '' : 's'} beyond the tolerance` : ''}\n`;
    if (c.mismatches > 0) ok = false;
  }
  const median = (t: BenchTiming | undefined): number => {
    const s = [...(t?.seconds ?? [])].sort((u, v) => u - v);
    return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
  };
  const ta = median(a.timing);
  const tb = median(b.timing);
  text += `  time per launch (median of ${timed}, ${a.timing?.method ?? '?'}): A ${formatSeconds(ta)}, B ${formatSeconds(tb)} (B/A ${(tb / ta).toFixed(2)})\n`;
  text += `compare: ${ok ? 'same results' : 'DIFFERENT results'}\n`;
  io.stdout(text);
  return ok ? 0 : 1;
}

/** The functions at the top of a module: tl.func kernels, or the kernels' func.func at a lowered stage. */
function kernelNames(module: Operation): string[] {
  const kernels: string[] = [];
  for (const op of module.regions[0]!.firstBlock?.opsArray() ?? []) if (FuncOp.is(op) || getFunctionType(op)) kernels.push(getSymbolName(op) ?? '?');
  return kernels;
}

/** Without --kernel: the file's one kernel, or an error naming them. */
function onlyKernel(module: Operation, file: string): string {
  const kernels = kernelNames(module);
  if (kernels.length === 1) return kernels[0]!;
  if (kernels.length === 0) throw ToolFailure.message(`${file} has no kernel`);
  throw ToolFailure.message(`${file} has ${kernels.length} kernels (${kernels.map((k) => `@${k}`).join(', ')}): choose one with --kernel <name>`);
}

function noKernelMessage(module: Operation, name: string, file: string): string {
  const kernels = kernelNames(module).map((k) => `@${k}`);
  return `no kernel named '${name}' in ${file}${kernels.length ? ` (its kernels: ${kernels.join(', ')})` : ' (it has no kernel)'}`;
}

/** --out: every memref and group argument as DIR/NAME.npy. */
function writeOutputs(io: RunIO, dir: string, signature: KernelSignature, arrays: ReadonlyMap<string, NdArray>, verbose: (m: string) => void): void {
  try {
    io.makeDirectory(dir);
  } catch (e) {
    throw ToolFailure.message(`--out ${dir}: could not create the directory: ${describeFsError(e)}`);
  }
  for (const p of signature.parameters) {
    const array = arrays.get(p.name);
    if (!array) continue;
    const path = `${dir.replace(/\/+$/, '')}/${p.name}.npy`;
    try {
      io.writeNpy(path, array);
    } catch (e) {
      if (e instanceof NpyError) throw ToolFailure.message(`--out: ${e.file}: ${e.detail}`);
      throw e;
    }
    verbose(`wrote ${path}`);
  }
}

/** --check's summary on stdout; whether every argument matched. */
function reportCheck(io: RunIO, opts: TlRunOptions, signature: KernelSignature, where: string, got: ReadonlyMap<string, NdArray>, expected: ReadonlyMap<string, NdArray>): boolean {
  let text = `check: @${signature.name} on ${where}\n`;
  let ok = true;
  const tolerances = new Set<string>();
  for (const p of signature.parameters) {
    const e = expected.get(p.name);
    const g = got.get(p.name);
    if (!e || !g) continue;
    const defaults = defaultTolerance(p.elementName);
    const tolerance = defaults.rtol === 0 && defaults.atol === 0 ? defaults : { rtol: opts.rtol ?? defaults.rtol, atol: opts.atol ?? defaults.atol };
    if (tolerance.rtol || tolerance.atol) tolerances.add(`${p.elementName}: rtol ${tolerance.rtol}, atol ${tolerance.atol}`);
    const c = compareArrays(p, g, e, tolerance);
    text += formatComparison(c);
    if (c.mismatches > 0) ok = false;
  }
  const rule = tolerances.size ? ` (integers exactly; floats within atol + rtol |expected|, ${[...tolerances].join('; ')})` : ' (integers exactly)';
  text += `check: ${ok ? 'ok' : 'MISMATCH'}${rule}\n`;
  io.stdout(text);
  return ok;
}

/** The collectives' work in a run of the tl IR that only counts them; a full run when that one fails. */
function countCollectives(kernel: Operation, signature: KernelSignature, host: HostArguments): CollectiveCount[] {
  const quick = registerStageInterpreters(new CountingRegistry(false));
  try {
    runInInterpreter(kernel, 'tl', signature, host, quick);
    return [...quick.counts.values()];
  } catch (e) {
    // The kernel reads what a collective would have written (a work-group buffer): count in a full run.
    if (!(e instanceof ToolFailure)) throw e;
  }
  const full = registerStageInterpreters(new CountingRegistry(true));
  runInInterpreter(kernel, 'tl', signature, host, full);
  return [...full.counts.values()];
}
