// tl-run: reads a tensor-language file, takes the arguments of one of its kernels from the command line (.npy
// files, literals, --random), runs the kernel on WebGPU or in the reference interpreter at a stage of the lowering,
// and writes (--out), checks (--check) or times (--bench) the results. Every problem is a one-line message or a
// diagnostic located in the kernel's source, and exit code 1; never a stack trace.
import { FuncOp, findKernel } from '@tlir/dialect-tl';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { Context, formatDiagnostic, getSymbolName, verify, type Diagnostic, type Operation } from '@tlir/ir';
import { InterpreterRegistry } from '@tlir/interpreter';
import { NpyError, type NdArray, type RuntimeDevice } from '@tlir/runtime';
import { DEFAULT_DIALECTS } from '@tlir/registry';
import { describeFsError } from '@tlir/tl-opt';
import { formatBenchReport, type BenchTiming } from './bench-report.js';
import { CountingRegistry, type CollectiveCount } from './collective-counts.js';
import { hostArguments, type HostArguments } from './host-arguments.js';
import { registerStageInterpreters, runInInterpreter } from './interpreter-backend.js';
import { kernelSignature, type KernelSignature } from './kernel-signature.js';
import { HELP, parseRunOptions, type Stage, type TlRunOptions } from './options.js';
import { lowerToStage, stagePipeline } from './pipeline-stages.js';
import { compareArrays, defaultTolerance, formatComparison } from './result-check.js';
import { processRunIO, type RunIO } from './run-io.js';
import { ToolFailure } from './tool-failure.js';
import { acquireWebGpuDevice } from './node-device.js';
import { launchOnWebGpu, loadOnWebGpu, translateKernelToWgsl } from './webgpu-backend.js';

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
  const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
  const reported: Diagnostic[] = [];
  ctx.diagnostics.addHandler((d) => reported.push(d));
  const flush = (): void => {
    for (const d of reported.splice(0)) io.stderr(formatDiagnostic(d, ctx.sources));
  };
  let device: RuntimeDevice | undefined;
  const acquire = async (): Promise<RuntimeDevice> => (device = await devices.acquire());
  try {
    return await run(opts, io, ctx, acquire);
  } catch (e) {
    if (!(e instanceof ToolFailure)) throw e;
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

/** The whole run; throws a ToolFailure for anything the user must fix. */
async function run(opts: TlRunOptions, io: RunIO, ctx: Context, acquireDevice: () => Promise<RuntimeDevice>): Promise<number> {
  const input = opts.input!;
  const file = input === '-' ? '<stdin>' : input;
  let text: string;
  try {
    text = input === '-' ? io.readStdin() : io.readFile(input);
  } catch (e) {
    throw ToolFailure.message(`could not open input file '${input}': ${describeFsError(e)}`);
  }
  const verbose = (message: string): void => {
    if (opts.verbose) io.stderr(`tl-run: ${message}\n`);
  };

  // The tl IR: the reference of --check and of --bench's counts, and the signature.
  const reference = parseTensorLanguage(ctx, text, file);
  if (!reference || !verify(reference)) throw new ToolFailure([]);
  const kernelName = opts.kernel ?? onlyKernel(reference, file);
  const kernel = findKernel(reference, kernelName);
  if (!kernel) throw ToolFailure.message(noKernelMessage(reference, kernelName, file));
  const signature = kernelSignature(kernel, ctx.sources);
  const host = hostArguments(signature, opts, (path) => io.readNpy(path));

  const stage: Stage = opts.stage ?? 'gpu';
  const where = opts.backend === 'webgpu' ? 'WebGPU' : `the interpreter (${stage} stage)`;
  let arrays: Map<string, NdArray>;
  let timing: BenchTiming | undefined;
  let benchWhere = where;
  if (opts.backend === 'interpreter') {
    const fn = stage === 'tl' ? kernel : lowered(ctx, text, file, opts, kernelName, stage, verbose);
    const registry = registerStageInterpreters(new InterpreterRegistry());
    verbose(`running @${signature.name} on ${host.groups} work-group${host.groups === 1 ? '' : 's'} in the interpreter (${stage} stage)`);
    const first = runInInterpreter(fn, stage, signature, host, registry);
    arrays = first.arrays;
    if (opts.bench) {
      const seconds = [first.seconds];
      for (let r = 1; r < opts.repetitions; r++) seconds.push(runInInterpreter(fn, stage, signature, host, registry).seconds);
      timing = { method: 'the wall clock (interpreter)', seconds };
    }
  } else {
    const fn = lowered(ctx, text, file, opts, kernelName, 'gpu', verbose);
    const device = await acquireDevice();
    if (opts.verbose || opts.bench) io.stderr(`tl-run: WebGPU adapter: ${device.report.summary}\n`);
    benchWhere = `WebGPU (${device.report.recipe} recipe)`;
    const translated = translateKernelToWgsl(fn.parentOp!, fn, signature.name, device.report.features, (f, l) => ctx.sources.getLine(f, l));
    verbose(`running @${signature.name} on ${host.groups} work-group${host.groups === 1 ? '' : 's'} on WebGPU (entry point ${translated.manifest.entryPoint}, work-group size ${translated.manifest.workgroupSize.join('x')})`);
    const { kernel: compiled, warnings } = await loadOnWebGpu(device, translated, { [file]: text });
    if (warnings) io.stderr(warnings);
    arrays = (await launchOnWebGpu(compiled, translated, signature, host)).arrays;
    if (opts.bench) {
      // Timed on fresh copies of the arguments, so that --out and --check see the results of one launch.
      const timed = await launchOnWebGpu(compiled, translated, signature, host, opts.repetitions);
      timing = { method: timed.timing.method, seconds: timed.timing.nanoseconds.map((ns) => ns / 1e9) };
    }
  }

  if (opts.out !== undefined) writeOutputs(io, opts.out, signature, arrays, verbose);

  let counts: readonly CollectiveCount[] | undefined;
  let checkFailed = false;
  if (opts.check) {
    // The reference run counts the collectives' work as well, for --bench.
    const registry = registerStageInterpreters(new CountingRegistry(true));
    verbose(`checking against the interpreter on the tl IR`);
    const expected = runInInterpreter(kernel, 'tl', signature, host, registry).arrays;
    counts = [...registry.counts.values()];
    checkFailed = !reportCheck(io, opts, signature, where, arrays, expected);
  }
  if (opts.bench) {
    counts ??= countCollectives(kernel, signature, host);
    io.stdout(formatBenchReport({ kernel: signature.name, groups: host.groups, where: benchWhere, timing: timing!, collectives: counts }));
  }
  return checkFailed ? 1 : 0;
}

/** The kernel's function at a lowered stage (a second parse of the input, lowered in place). */
function lowered(ctx: Context, text: string, file: string, opts: TlRunOptions, kernelName: string, stage: Stage, verbose: (m: string) => void): Operation {
  const module = parseTensorLanguage(ctx, text, file);
  if (!module) throw new ToolFailure([]);
  verbose(`lowering to the ${stage} stage: ${stagePipeline(stage, opts.lowerToKrnl)}`);
  return lowerToStage(module, kernelName, stage, opts.lowerToKrnl);
}

function kernelNames(module: Operation): string[] {
  const kernels: string[] = [];
  for (const op of module.regions[0]!.firstBlock?.opsArray() ?? []) if (FuncOp.is(op)) kernels.push(getSymbolName(op) ?? '?');
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
  let text = `check: @${signature.name} on ${where} against the interpreter on the tl IR\n`;
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
