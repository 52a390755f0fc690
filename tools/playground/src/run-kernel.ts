// Run: the kernel's arguments (random, or .npy files dropped on the page), the kernel lowered by the page's pipeline
// and launched on the browser's WebGPU, then the interpreter on the tl IR as the reference, and how far the two
// agree. Without WebGPU the interpreter runs the lowered IR instead, and the page says why there is no GPU run.
// The steps are tl-run's (@tlir/tl-run/browser), so the page and `tl-run --check` agree on what a run is.
import { findKernel, FuncOp } from '@tlir/dialect-tl';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { Context, getSymbolName, SymbolTable, verify, type Diagnostic, type Operation } from '@tlir/ir';
import { parsePassPipeline, PipelineSyntaxError } from '@tlir/pass';
import { DEFAULT_DIALECTS } from '@tlir/registry';
import { GpuRuntimeError, readNpy, type NdArray, type RuntimeDevice } from '@tlir/runtime';
import {
  compareArrays,
  CountingRegistry,
  defaultTolerance,
  formatComparison,
  hostArguments,
  kernelSignature,
  launchOnWebGpu,
  loadOnWebGpu,
  registerStageInterpreters,
  runInInterpreter,
  ToolFailure,
  translateKernelToWgsl,
  type ArgumentFlag,
  type HostArguments,
  type KernelSignature,
  adapterLimits,
  applyCachedSchedule,
  collectiveShape,
  describeCandidate,
  emptyCache,
  formatTuneTable,
  kernelCollectives,
  kernelKey,
  loweringWorkGroupSize,
  parseCache,
  scheduleFileText,
  searchSpace,
  serializeCache,
  tune,
  withEntry,
  type TuningCache,
} from '@tlir/tl-run/browser';
import { passRegistry } from './compile.js';
import { pageDiagnostic } from './diagnostics.js';
import type { ArgumentAgreement, RunRequest, RunResult } from './protocol.js';

/** Where the run gets its WebGPU device: a device, or why there is none. */
export type DeviceProvider = () => Promise<RuntimeDevice | string>;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/** The host function of `kernel` after the page's pipeline (a fresh parse of the input, `prepare`d, lowered). */
function lowered(ctx: Context, request: RunRequest, kernel: string, prepare: (module: Operation) => void = () => {}): Operation {
  const module = parseTensorLanguage(ctx, request.source, request.filename);
  if (!module) throw new ToolFailure([]);
  prepare(module);
  const pm = parsePassPipeline(request.pipeline, passRegistry());
  if (pm instanceof PipelineSyntaxError) throw ToolFailure.message(`the pipeline: ${pm.format().trim()}`);
  pm.output = () => {};
  if (!pm.run(module)) throw new ToolFailure([]);
  const fn = new SymbolTable(module).lookup(kernel);
  if (!fn) throw ToolFailure.message(`no function @${kernel} after the pipeline`);
  return fn;
}

/** Runs `request`; every problem comes back in the result (messages and located diagnostics). */
export async function runKernelRequest(request: RunRequest, devices: DeviceProvider): Promise<RunResult> {
  const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
  const reported: Diagnostic[] = [];
  ctx.diagnostics.addHandler((d) => void reported.push(d));
  const located = (extra: readonly Diagnostic[]): RunResult['diagnostics'] => [...reported, ...extra].map((d) => pageDiagnostic(d, ctx.sources, request.filename));
  let kernelName = request.kernel ?? '';
  let groups = request.groups ?? 0;
  let adapter: string | undefined;
  let noWebGpu: string | undefined;
  try {
    const reference = parseTensorLanguage(ctx, request.source, request.filename);
    if (!reference || !verify(reference)) throw new ToolFailure([]);
    const kernels = (reference.regions[0]!.firstBlock?.opsArray() ?? []).filter((op) => FuncOp.is(op)).map((op) => getSymbolName(op)!);
    kernelName = request.kernel && kernels.includes(request.kernel) ? request.kernel : kernels[0] ?? '';
    const kernel = findKernel(reference, kernelName);
    if (!kernel) throw ToolFailure.message('the input has no kernel to run (Run takes a .tl kernel)');
    const signature = kernelSignature(kernel, ctx.sources);
    const host = argumentsOf(signature, request);
    groups = host.groups;

    // The reference: the interpreter on the tl IR, counting the collectives' operations.
    const counting = registerStageInterpreters(new CountingRegistry(true));
    const expectedRun = runInInterpreter(kernel, 'tl', signature, host, counting);
    const flops = counting.total().flops;

    const device = await devices();
    // The tuning cache of the page (localStorage): Tune adds the kernel's entry; a run takes its schedule.
    let cache: TuningCache = emptyCache();
    const warnings: string[] = [];
    if (request.tuningCache) {
      const parsed = parseCache(request.tuningCache, "the page's tuning cache (localStorage)");
      cache = parsed.cache;
      if (parsed.warning) warnings.push(parsed.warning);
    }
    let tuning: RunResult['tuning'];
    if (request.tuneBudgetSeconds !== undefined && typeof device !== 'string') {
      tuning = await tuneKernel(request, reference, kernelName, signature, host, device, flops, cache);
      cache = parseCache(tuning.cacheText, 'tuned').cache;
    }
    let schedule: string | undefined;
    const fn = lowered(ctx, request, kernelName, (module) => {
      if (typeof device === 'string') return;
      const entry = applyCachedSchedule(cache, ctx, module, kernelName, request.pipeline, device.report, host);
      if (entry) schedule = `tuned (localStorage): ${describeCandidate(entry.schedule)}`;
    });
    let got: Map<string, NdArray>;
    let compared: string;
    let secondsPerLaunch: number | undefined;
    let timing: string | undefined;
    if (typeof device === 'string') {
      noWebGpu = device;
      compared = 'the interpreter on the lowered IR';
      got = runInInterpreter(fn, 'gpu', signature, host, registerStageInterpreters(new CountingRegistry(true))).arrays;
    } else {
      adapter = device.report.summary;
      compared = 'WebGPU';
      const translated = translateKernelToWgsl(fn.parentOp!, fn, kernelName, device.report.features, (f, l) => ctx.sources.getLine(f, l));
      const { kernel: compiled } = await loadOnWebGpu(device, translated, { [request.filename]: request.source });
      got = (await launchOnWebGpu(compiled, translated, signature, host)).arrays;
      const timed = await launchOnWebGpu(compiled, translated, signature, host, Math.max(1, request.repetitions));
      secondsPerLaunch = median(timed.timing.nanoseconds) / 1e9;
      timing = timed.timing.method;
    }
    const agreement = agreementOf(signature, got, expectedRun.arrays);
    const maxAbsoluteError = Math.max(0, ...agreement.map((a) => a.maxAbsoluteError));
    return {
      ok: true,
      kernel: kernelName,
      groups,
      adapter,
      noWebGpu,
      compared,
      agreement,
      maxAbsoluteError,
      agrees: agreement.every((a) => a.mismatches === 0),
      secondsPerLaunch,
      timing,
      gflops: secondsPerLaunch && flops ? flops / secondsPerLaunch / 1e9 : undefined,
      flops,
      interpreterSeconds: expectedRun.seconds,
      schedule,
      tuning,
      warnings,
      messages: [],
      diagnostics: located([]),
    };
  } catch (e) {
    let messages: string[];
    let extra: readonly Diagnostic[] = [];
    if (e instanceof ToolFailure) {
      messages = [...e.messages, ...(e.rendered ? [e.rendered] : [])];
      extra = e.diagnostics;
    } else if (e instanceof GpuRuntimeError) messages = [e.message];
    else throw e;
    return {
      ok: false,
      kernel: kernelName,
      groups,
      adapter,
      noWebGpu,
      compared: '',
      agreement: [],
      maxAbsoluteError: NaN,
      agrees: false,
      secondsPerLaunch: undefined,
      timing: undefined,
      gflops: undefined,
      flops: 0,
      interpreterSeconds: 0,
      messages,
      diagnostics: located(extra),
    };
  }
}

/**
 * Tune: the tuner of tl-run --tune on the page's device, within the request's budget; the chosen schedule goes
 * into the cache under the page's pipeline (its key's pass options).
 */
async function tuneKernel(request: RunRequest, module: Operation, kernel: string, signature: KernelSignature, host: HostArguments, device: RuntimeDevice, flops: number, cache: TuningCache): Promise<NonNullable<RunResult['tuning']>> {
  const start = performance.now();
  const found = kernelCollectives(module, kernel);
  const collectives = found?.collectives ?? [];
  const space = searchSpace(collectives.map(collectiveShape), adapterLimits(device.report.limits), 1, found && loweringWorkGroupSize(found.fn));
  const smallGroups = Math.min(host.groups, 2);
  const small = smallGroups < host.groups && Object.keys(request.arrays).length === 0 ? argumentsOf(signature, { ...request, groups: smallGroups }) : host;
  const outcome = await tune({
    text: request.source,
    file: request.filename,
    kernel,
    passOptions: '',
    dialects: DEFAULT_DIALECTS,
    registry: passRegistry(),
    device,
    host,
    small,
    candidates: space.candidates,
    budgetSeconds: request.tuneBudgetSeconds!,
    repetitions: 5,
    now: () => performance.now(),
    start,
  });
  const facts = { kernel, adapter: device.report.summary, flops, enumerated: space.enumerated, pruned: space.pruned, budget: request.tuneBudgetSeconds! };
  const table = formatTuneTable(outcome, facts);
  const chosen = outcome.chosen;
  const key = kernelKey(module, kernel, request.pipeline, device.report, host);
  if (!chosen || !key) return { table, scheduleText: '', cacheText: serializeCache(cache) };
  const scheduleText = scheduleFileText(kernel, chosen.candidate, `tuned in the playground: @${kernel}`);
  const entry = { key, kernelName: kernel, schedule: chosen.candidate, scheduleText, seconds: chosen.seconds!, defaultSeconds: outcome.defaultResult?.seconds ?? NaN, tunedAt: new Date().toISOString() };
  return { table, scheduleText, cacheText: serializeCache(withEntry(cache, entry)) };
}

/** The host arguments: dropped arrays by name, random values for the rest (sizes from the form). */
function argumentsOf(signature: KernelSignature, request: RunRequest): HostArguments {
  const args: ArgumentFlag[] = [];
  const files = new Map<string, Uint8Array>();
  for (const [name, { file, bytes }] of Object.entries(request.arrays)) {
    const value = file.endsWith('.npy') ? file : `${file}.npy`;
    args.push({ name, value, text: `${name}=${file}` });
    files.set(value, bytes);
  }
  const shapes = Object.entries(request.shapes).map(([name, sizes]) => ({ name, sizes, text: `shape of ${name} (${sizes.join('x')})` }));
  return hostArguments(signature, { args, shapes, random: request.seed, groups: request.groups }, (path) => readNpy(files.get(path)!, path));
}

function agreementOf(signature: KernelSignature, got: ReadonlyMap<string, NdArray>, expected: ReadonlyMap<string, NdArray>): ArgumentAgreement[] {
  const out: ArgumentAgreement[] = [];
  for (const p of signature.parameters) {
    const e = expected.get(p.name);
    const g = got.get(p.name);
    if (!e || !g) continue;
    const c = compareArrays(p, g, e, defaultTolerance(p.elementName));
    out.push({ name: p.name, elements: c.elements, mismatches: c.mismatches, maxAbsoluteError: c.worst?.absolute ?? 0, text: formatComparison(c) });
  }
  return out;
}
