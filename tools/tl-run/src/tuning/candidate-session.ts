// How the tuner tries one candidate: lowered with its schedule, translated to WGSL, compiled by the device, checked
// against the interpreter's results on the small instance, timed on the real arguments as the benchmark times a
// kernel (median of N batches of launches on arguments uploaded once: timeLaunches). A CandidateRunner does this
// somewhere: a CandidateSession in this process, on a device it is given (the browser's tuner), or a worker process
// (worker-runner.ts, Node's tl-run --tune), which can be stopped when a candidate takes too long or too much memory.
// Browser-safe: no Node import. docs/tuning.md.
import { findKernel } from '@tlir/dialect-tl';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { Context, type Dialect } from '@tlir/ir';
import type { PassRegistry } from '@tlir/pass';
import type { CompiledKernel, NdArray, RuntimeDevice } from '@tlir/runtime';
import type { TranslatedKernel } from '@tlir/target-wgsl';
import type { HostArguments } from '../host-arguments.js';
import { kernelSignature, type KernelSignature } from '../kernel-signature.js';
import { compareArrays, defaultTolerance } from '../result-check.js';
import { lowerToStage } from '../stages.js';
import { ToolFailure } from '../tool-failure.js';
import { launchOnWebGpu, loadOnWebGpu, translateKernelToWgsl } from '../webgpu-backend.js';
import { applySchedule, kernelCollectives } from './apply-schedule.js';
import { fnv1a64 } from './tuning-key.js';
import type { Candidate } from './search-space.js';

/** What trying a candidate gave. `hash` is its WGSL's (absent when it did not lower). */
export type Evaluation =
  | { readonly status: 'failed'; readonly message: string; readonly hash?: string; /** Stopped by the runner's time or memory limit. */ readonly stopped?: boolean }
  | { readonly status: 'duplicate'; readonly hash: string }
  | { readonly status: 'wrong'; readonly message: string; readonly hash: string }
  | {
      readonly status: 'timed';
      readonly seconds: number;
      readonly hash: string;
      /** Wall-clock seconds its timing took. */
      readonly timingSeconds: number;
      /** How it was timed (BATCH_TIMING) and on what. */
      readonly launches: Omit<Timing, 'seconds'>;
    };

/** Test hooks for the candidate being tried (tl-run's --tune-test-* options). */
export interface EvaluationHooks {
  /** Its results are corrupted before the check. */
  readonly corrupt?: boolean;
  /** It never finishes (a busy loop, as a compiler stuck in native code). */
  readonly hang?: boolean;
  /** It keeps allocating memory. */
  readonly bloat?: boolean;
}

/** Where candidates are tried. */
export interface CandidateRunner {
  /**
   * Tries `candidate`: a duplicate (nothing launched) when its WGSL's hash is in `known`. `limitSeconds`: a runner that
   * can stop a candidate reports one that runs longer as failed. `screenAbove`: its timing stops after one batch slower
   * than that (seconds per launch; timeLaunches).
   */
  evaluate(candidate: Candidate, known: ReadonlySet<string>, hooks: EvaluationHooks, limitSeconds: number, screenAbove?: number): Promise<Evaluation>;
  /** Times a candidate that was timed before again (compiling it again where needed): seconds per launch, or why not. */
  retime(candidate: Candidate, limitSeconds: number): Promise<number | { readonly failed: string }>;
  /** Called before the confirmation (a worker process starts afresh there). */
  beforeConfirmation?(): Promise<void>;
  close(): Promise<void>;
}

/** What a session needs to lower, check and time candidates. */
export interface SessionSetup {
  readonly text: string;
  readonly file: string;
  readonly kernel: string;
  readonly passOptions: string;
  readonly dialects: readonly Dialect[];
  readonly registry: PassRegistry;
  readonly host: HostArguments;
  readonly small: HostArguments;
  /** The interpreter's arrays on the small instance. */
  readonly expected: ReadonlyMap<string, NdArray>;
  /** Batches timed per candidate (timeLaunches): the median of their times per launch is its time. */
  readonly repetitions: number;
  /**
   * The clock of the timings: 'wall' (the benchmark's: each batch from its recording to the queue's completion), or
   * 'cpu' (the CPU time of the process during each batch: on a CPU adapter, the time of its threads, which other
   * processes' load moves much less; only where the session is given a CPU clock, in the worker process).
   */
  readonly clock?: 'wall' | 'cpu';
}

/** The first error a failure carries, in one line. */
export function failureText(e: unknown): string {
  if (e instanceof ToolFailure) {
    return (e.messages[0] ?? e.diagnostics[0]?.message ?? e.rendered.split('\n').find((l) => l.trim() !== '') ?? 'failed').trim();
  }
  return e instanceof Error ? e.message : String(e);
}

/** Lowers the kernel with `candidate`'s schedule and translates it to WGSL; throws a ToolFailure. */
export function lowerCandidate(
  request: Pick<SessionSetup, 'text' | 'file' | 'kernel' | 'passOptions' | 'dialects' | 'registry'> & {
    readonly device: RuntimeDevice;
    /** Translate with loop checks: the device ends long loops (RuntimeDevice.loopIterationLimit). */
    readonly loopCheck?: boolean;
  },
  candidate: Candidate,
): { translated: TranslatedKernel; signature: KernelSignature; errors: string[] } {
  const ctx = new Context({ dialects: [...request.dialects] });
  const errors: string[] = [];
  ctx.diagnostics.addHandler((d) => {
    if (d.severity === 'error') errors.push(d.message);
  });
  const module = parseTensorLanguage(ctx, request.text, request.file);
  if (!module) throw ToolFailure.message(errors[0] ?? 'the kernel does not parse');
  const fn = findKernel(module, request.kernel);
  const kernel = kernelCollectives(module, request.kernel);
  if (!fn || !kernel) throw ToolFailure.message(`no kernel named '${request.kernel}'`);
  const signature = kernelSignature(fn, ctx.sources);
  applySchedule(ctx, kernel, candidate);
  try {
    const host = lowerToStage(module, request.kernel, 'tl', 'gpu', request.passOptions, request.registry);
    const translated = translateKernelToWgsl(host.parentOp!, host, request.kernel, request.device.report.features, (f, l) => ctx.sources.getLine(f, l), false, request.loopCheck);
    return { translated, signature, errors };
  } catch (e) {
    if (e instanceof ToolFailure && errors.length) throw ToolFailure.message(errors[0]!);
    throw e;
  }
}

/** Whether every array of `got` agrees with `expected` (the element type's tolerance); else the first disagreement. */
function disagreement(signature: KernelSignature, got: ReadonlyMap<string, NdArray>, expected: ReadonlyMap<string, NdArray>): string | undefined {
  for (const p of signature.parameters) {
    const g = got.get(p.name);
    const e = expected.get(p.name);
    if (!g || !e) continue;
    const c = compareArrays(p, g, e, defaultTolerance(p.elementName));
    if (c.mismatches > 0) return `${p.name}: ${c.mismatches} element${c.mismatches === 1 ? ' differs' : 's differ'} from the interpreter`;
  }
  return undefined;
}

/** A copy of the arrays with the first element of the last float array (an output) changed (the corruption test hook). */
function corrupted(arrays: Map<string, NdArray>): Map<string, NdArray> {
  const out = new Map(arrays);
  const floats = [...arrays].filter(([, a]) => a.data instanceof Float32Array || a.data instanceof Float64Array);
  const last = floats[floats.length - 1];
  if (last) {
    const [name, a] = last;
    const data = (a.data as Float32Array).slice();
    data[0] = data[0]! + 1000;
    out.set(name, { ...a, data });
  }
  return out;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

/**
 * How a candidate is timed: as `pnpm bench:webgpu` times a kernel (bench/README.md, "One clock for all"), so that
 * the tuner's choice holds there. A batch is R launches recorded in one command encoder on arguments uploaded once,
 * submitted, and timed by the wall clock until the queue has completed them, nothing read back inside; R is enough
 * launches for a batch to take `minBatchSeconds` (the benchmark's --min-batch-ms), at most `maxRepetitions` (its
 * --max-repetitions). The time is the median of the batches' times per launch.
 */
export const BATCH_TIMING = { minBatchSeconds: 0.2, maxRepetitions: 32 } as const;

/** What a timing measured: seconds per launch, and how: the launches per batch, the batches, and the instance. */
export interface Timing {
  readonly seconds: number;
  readonly repetitions: number;
  readonly batches: number;
  /** The work-groups each launch dispatched, and the shape of each array argument. */
  readonly groups: number;
  readonly shapes: Readonly<Record<string, readonly number[]>>;
  /** Stopped after its first timed batch, which was slower than `screenAbove` per launch (`batches` is then 1). */
  readonly screened?: true;
}

/**
 * Times the kernel on `host` (the real arguments): one launch first (the pipeline and caches warm; its wall time
 * sizes the batches, see BATCH_TIMING), then `batches` + 1 batches on one upload, the first untimed (a warm-up on
 * those buffers). Seconds per launch: the median over the batches of the wall clock, or of `cpuSeconds` (the
 * process's CPU time; on a CPU adapter the time of its threads, which other processes' load moves less).
 * `screenAbove` (seconds per launch): when the first timed batch is slower than that, the timing stops there and
 * gives that batch's time, `screened` (a candidate far behind the best so far costs 2 batches, not 6).
 */
export async function timeLaunches(
  kernel: CompiledKernel,
  translated: TranslatedKernel,
  signature: KernelSignature,
  host: HostArguments,
  batches: number,
  cpuSeconds?: () => number,
  screenAbove?: number,
): Promise<Timing> {
  const first = (await launchOnWebGpu(kernel, translated, signature, host, 1, { batches: 1 })).timing.batches!.wallNanoseconds[0]! / 1e9;
  const repetitions = Math.max(1, Math.min(BATCH_TIMING.maxRepetitions, Math.ceil(BATCH_TIMING.minBatchSeconds / Math.max(first, 1e-6))));
  const perLaunchOf = (b: { readonly wallSeconds: number; readonly clockSeconds?: number }): number => (cpuSeconds ? b.clockSeconds! : b.wallSeconds) / repetitions;
  let screened = false;
  const continueBatches =
    screenAbove === undefined
      ? undefined
      : (b: { readonly index: number; readonly wallSeconds: number; readonly clockSeconds?: number }): boolean => {
          // Batch 0 is the untimed warm-up; the first timed batch decides.
          screened = b.index === 1 && perLaunchOf(b) > screenAbove;
          return !screened;
        };
  const run = await launchOnWebGpu(kernel, translated, signature, host, repetitions, {
    batches: batches + 1,
    ...(cpuSeconds ? { batchClock: cpuSeconds } : {}),
    ...(continueBatches ? { continueBatches } : {}),
  });
  const timing = run.timing.batches!;
  const perLaunch = (cpuSeconds ? timing.clockSeconds! : timing.wallNanoseconds.map((ns) => ns / 1e9)).slice(1).map((t) => t / repetitions);
  const shapes = Object.fromEntries([...host.values].flatMap(([name, v]) => (v.kind === 'array' ? [[name, [...v.array.shape]]] : [])));
  return { seconds: median(perLaunch), repetitions, batches: perLaunch.length, groups: run.groups, shapes, ...(screened ? { screened: true as const } : {}) };
}

/** The test hooks that never return: a busy loop, or memory allocated (and touched) until the process is stopped. */
function runHooks(hooks: EvaluationHooks): void {
  if (hooks.hang) for (;;);
  if (hooks.bloat) {
    const hold: Uint8Array[] = [];
    for (;;) hold.push(new Uint8Array(64 << 20).fill(1));
  }
}

const candidateKey = (c: Candidate): string => JSON.stringify(c);

/**
 * Tries candidates on `device`, in this process. It keeps the compiled kernels of the candidates it timed, for
 * retime. It cannot stop a candidate: the limits are ignored, and the hang and bloat hooks are refused.
 */
export class CandidateSession implements CandidateRunner {
  private readonly kernels = new Map<string, { kernel: CompiledKernel; translated: TranslatedKernel; signature: KernelSignature }>();

  constructor(
    private readonly setup: SessionSetup,
    private readonly device: RuntimeDevice,
    /** Whether the hang and bloat hooks may run (only where the process can be stopped from outside). */
    private readonly stoppable = false,
    /** The process's CPU seconds so far, for setup.clock 'cpu' (Node's process.cpuUsage; none in a browser). */
    private readonly cpuSeconds?: () => number,
  ) {}

  private get clock(): (() => number) | undefined {
    return this.setup.clock === 'cpu' ? this.cpuSeconds : undefined;
  }

  async evaluate(candidate: Candidate, known: ReadonlySet<string>, hooks: EvaluationHooks, _limitSeconds?: number, screenAbove?: number): Promise<Evaluation> {
    let hash: string | undefined;
    try {
      // On an adapter that ends long loops, a candidate it cut short would look fast: loop checks make it fail.
      const loopCheck = (await this.device.loopIterationLimit()) !== undefined;
      const { translated, signature } = lowerCandidate({ ...this.setup, device: this.device, loopCheck }, candidate);
      hash = fnv1a64(translated.wgsl);
      if (known.has(hash)) return { status: 'duplicate', hash };
      if (hooks.hang || hooks.bloat) {
        if (!this.stoppable) throw ToolFailure.message('the hang and memory test hooks need a worker process');
        runHooks(hooks);
      }
      const { kernel } = await loadOnWebGpu(this.device, translated, {});
      let got = (await launchOnWebGpu(kernel, translated, signature, this.setup.small)).arrays;
      if (hooks.corrupt) got = corrupted(got);
      const wrong = disagreement(signature, got, this.setup.expected);
      if (wrong) return { status: 'wrong', message: wrong, hash };
      this.kernels.set(candidateKey(candidate), { kernel, translated, signature });
      const t0 = performance.now();
      const { seconds, ...launches } = await timeLaunches(kernel, translated, signature, this.setup.host, this.setup.repetitions, this.clock, screenAbove);
      return { status: 'timed', seconds, hash, timingSeconds: (performance.now() - t0) / 1000, launches };
    } catch (e) {
      if (!(e instanceof ToolFailure)) throw e;
      return { status: 'failed', message: failureText(e), ...(hash !== undefined ? { hash } : {}) };
    }
  }

  async retime(candidate: Candidate): Promise<number | { readonly failed: string }> {
    try {
      let k = this.kernels.get(candidateKey(candidate));
      if (!k) {
        const loopCheck = (await this.device.loopIterationLimit()) !== undefined;
        const { translated, signature } = lowerCandidate({ ...this.setup, device: this.device, loopCheck }, candidate);
        const { kernel } = await loadOnWebGpu(this.device, translated, {});
        k = { kernel, translated, signature };
        this.kernels.set(candidateKey(candidate), k);
      }
      return (await timeLaunches(k.kernel, k.translated, k.signature, this.setup.host, this.setup.repetitions, this.clock)).seconds;
    } catch (e) {
      if (!(e instanceof ToolFailure)) throw e;
      return { failed: failureText(e) };
    }
  }

  /** Lets go of the compiled kernels. */
  async close(): Promise<void> {
    this.kernels.clear();
  }
}
