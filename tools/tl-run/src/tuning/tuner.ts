// The tuner: every candidate of the search space in turn, within a budget of seconds: compiled (lowered with the
// candidate's schedule, translated to WGSL, validated by the device's compiler), checked against the interpreter on a
// small instance of the kernel (a candidate that disagrees is discarded and reported, never chosen), then timed on
// the real arguments (median of N launches). Candidates whose WGSL is that of an earlier one share its result. It
// runs wherever the runtime does (Node or a browser): no Node import. docs/tuning.md.
import { findKernel } from '@tlir/dialect-tl';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { Context, type Dialect, type Operation } from '@tlir/ir';
import { InterpreterRegistry } from '@tlir/interpreter';
import type { PassRegistry } from '@tlir/pass';
import type { CompiledKernel, NdArray, RuntimeDevice } from '@tlir/runtime';
import type { TranslatedKernel } from '@tlir/target-wgsl';
import type { HostArguments } from '../host-arguments.js';
import { registerStageInterpreters, runInInterpreter } from '../interpreter-backend.js';
import { kernelSignature, type KernelSignature } from '../kernel-signature.js';
import { compareArrays, defaultTolerance } from '../result-check.js';
import { lowerToStage } from '../stages.js';
import { ToolFailure } from '../tool-failure.js';
import { launchOnWebGpu, loadOnWebGpu, translateKernelToWgsl } from '../webgpu-backend.js';
import { applySchedule, kernelCollectives } from './apply-schedule.js';
import { fnv1a64 } from './tuning-key.js';
import type { Candidate, KnobValue } from './search-space.js';

export type CandidateStatus = 'timed' | 'wrong' | 'failed' | 'duplicate';

export interface CandidateResult {
  /** Its place in the order tried (0: the default schedule). */
  readonly index: number;
  readonly candidate: Candidate;
  readonly status: CandidateStatus;
  /** Median seconds per launch on the real arguments (timed, or the duplicate's original). */
  readonly seconds?: number;
  /** Why it failed or disagreed. */
  readonly message?: string;
  /** For a duplicate: the index of the candidate with the same WGSL. */
  readonly sameAs?: number;
}

export interface TuneProgress {
  readonly done: number;
  readonly total: number;
  readonly elapsed: number;
  readonly budget: number;
  readonly last: CandidateResult;
  readonly best: CandidateResult | undefined;
}

export interface TuneRequest {
  readonly text: string;
  readonly file: string;
  readonly kernel: string;
  /** The lower-to-krnl options the user gave (the candidates' schedules go on top, as attributes). */
  readonly passOptions: string;
  readonly dialects: readonly Dialect[];
  readonly registry: PassRegistry;
  readonly device: RuntimeDevice;
  /** The arguments timed on, and the small instance checked on. */
  readonly host: HostArguments;
  readonly small: HostArguments;
  readonly candidates: readonly Candidate[];
  readonly budgetSeconds: number;
  readonly repetitions: number;
  readonly now: () => number;
  /** When the tuning started (now()'s clock): the budget counts from there. */
  readonly start?: number;
  readonly progress?: (p: TuneProgress) => void;
  /** Test hook: the results of the candidate launched at this index (0: the default; duplicates are not launched) are corrupted before the check. */
  readonly corrupt?: number;
}

export interface TuneOutcome {
  readonly results: CandidateResult[];
  /** The fastest candidate that agreed with the interpreter (the default when none beat it). */
  readonly chosen: CandidateResult | undefined;
  readonly defaultResult: CandidateResult | undefined;
  /** Candidates compiled to WGSL (duplicates included: their WGSL was made to be compared). */
  readonly compiled: number;
  readonly elapsed: number;
  /** Whether the budget ended the search before every candidate was tried. */
  readonly stoppedByBudget: boolean;
  /** Whether the confirmation timed the default and a contender again (their times are then the confirmed ones). */
  readonly confirmed?: boolean;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

/** The first error a failure carries, in one line. */
function failureText(e: unknown): string {
  if (e instanceof ToolFailure) {
    return (e.messages[0] ?? e.diagnostics[0]?.message ?? e.rendered.split('\n').find((l) => l.trim() !== '') ?? 'failed').trim();
  }
  return e instanceof Error ? e.message : String(e);
}

export interface CompiledCandidate {
  readonly translated: TranslatedKernel;
  readonly kernel: CompiledKernel;
  readonly signature: KernelSignature;
}

/** Lowers the kernel with `candidate`'s schedule and compiles it on the device; throws a ToolFailure (or returns the WGSL of a duplicate). */
export function lowerCandidate(request: Pick<TuneRequest, 'text' | 'file' | 'kernel' | 'passOptions' | 'dialects' | 'registry' | 'device'>, candidate: Candidate): { translated: TranslatedKernel; signature: KernelSignature; errors: string[] } {
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
    const translated = translateKernelToWgsl(host.parentOp!, host, request.kernel, request.device.report.features, (f, l) => ctx.sources.getLine(f, l));
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

/**
 * Seconds per launch: the median of `repetitions` launches. Timestamps are quantized on some adapters (SwiftShader's
 * tick is 65.5 us): when every sample is a multiple of the smallest nonzero one and the median is under 8 of those
 * ticks (or every sample is 0), the kernel is timed on 8 times as many launches and their mean is used.
 */
export async function timeLaunches(kernel: CompiledKernel, translated: TranslatedKernel, signature: KernelSignature, host: HostArguments, repetitions: number): Promise<number> {
  const ns = (await launchOnWebGpu(kernel, translated, signature, host, repetitions)).timing.nanoseconds;
  const positive = ns.filter((v) => v > 0);
  const tick = positive.length ? Math.min(...positive) : 0;
  const m = median(ns);
  const quantized = tick === 0 || (ns.every((v) => v % tick === 0) && m < 8 * tick);
  if (!quantized) return m / 1e9;
  const more = (await launchOnWebGpu(kernel, translated, signature, host, repetitions * 8)).timing.nanoseconds;
  return more.reduce((a, b) => a + b, 0) / more.length / 1e9;
}

/** The share of the budget the uniform search may use when the kernel has several collectives (the rest: per-collective refinement, then the confirmation). */
const UNIFORM_SHARE_MANY = 0.6;
/** The search leaves time for this many timings (as long as the longest so far) to the confirmation. */
const CONFIRM_RESERVE = 4;
/** Rounds of the confirmation, and how much faster than the default a schedule must be there to be chosen. */
const CONFIRM_ROUNDS = 3;
const CONFIRM_MARGIN = 0.97;
/** Candidates re-timed by the confirmation, besides the default. */
const CONFIRMED = 3;
/** Distinct knob sets of the uniform search tried on each collective alone. */
const PER_COLLECTIVE = 4;

/**
 * The per-collective candidates: for each collective, the best `PER_COLLECTIVE` knob sets of the uniform search put
 * on it alone, the other collectives keeping the best schedule's.
 */
export function perCollectiveCandidates(best: Candidate, ranked: readonly Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  const key = (c: Candidate): string => JSON.stringify(c);
  const seen = new Set<string>([key(best)]);
  for (let i = 0; i < best.collectives.length; i++) {
    const sets: Readonly<Record<string, KnobValue>>[] = [];
    for (const r of ranked) {
      const k = r.collectives[i]!;
      if (!sets.some((s) => JSON.stringify(s) === JSON.stringify(k))) sets.push(k);
      if (sets.length === PER_COLLECTIVE) break;
    }
    for (const k of sets) {
      const c: Candidate = { workGroupSize: best.workGroupSize, collectives: best.collectives.map((own, j) => (j === i ? k : own)) };
      if (!seen.has(key(c))) {
        seen.add(key(c));
        out.push(c);
      }
    }
  }
  return out;
}

/** Tunes: see the file's comment. */
export async function tune(request: TuneRequest): Promise<TuneOutcome> {
  const start = request.start ?? request.now();
  const elapsed = (): number => (request.now() - start) / 1000;
  // The reference: the interpreter on the tl IR, small instance.
  const refCtx = new Context({ dialects: [...request.dialects] });
  const refModule = parseTensorLanguage(refCtx, request.text, request.file);
  const refFn = refModule && findKernel(refModule, request.kernel);
  if (!refFn) throw ToolFailure.message(`no kernel named '${request.kernel}' in ${request.file}`);
  const refSignature = kernelSignature(refFn, refCtx.sources);
  const expected = runInInterpreter(refFn as Operation, 'tl', refSignature, request.small, registerStageInterpreters(new InterpreterRegistry())).arrays;

  const results: CandidateResult[] = [];
  const kernels = new Map<number, { kernel: CompiledKernel; translated: TranslatedKernel; signature: KernelSignature }>();
  const byWgsl = new Map<string, number>();
  let compiled = 0;
  /** Candidates launched for their check (duplicates are not). */
  let launched = 0;
  let best: CandidateResult | undefined;
  let stoppedByBudget = false;
  /** The longest timing of a candidate so far (seconds of wall clock), for the confirmation's budget. */
  let timingSeconds = 0;
  /** Seconds spent on candidates (the setup before them aside): their mean predicts the next one's. */
  let candidateSeconds = 0;
  const total = (): number => request.candidates.length;
  /** Tries `candidate`; false when the budget share `limit` would be passed (the default is always tried). */
  const attempt = async (candidate: Candidate, limit: number): Promise<boolean> => {
    const i = results.length;
    const spent = elapsed();
    const mean = results.length ? candidateSeconds / results.length : 0;
    if (i > 0 && spent + mean > limit) return false;
    const t0 = request.now();
    let result: CandidateResult;
    try {
      const { translated, signature } = lowerCandidate(request, candidate);
      compiled++;
      const hash = fnv1a64(translated.wgsl);
      const same = byWgsl.get(hash);
      if (same !== undefined) {
        const original = results[same]!;
        result = { index: i, candidate, status: 'duplicate', sameAs: same, ...(original.seconds !== undefined ? { seconds: original.seconds } : {}) };
      } else {
        byWgsl.set(hash, i);
        const { kernel } = await loadOnWebGpu(request.device, translated, {});
        let got = (await launchOnWebGpu(kernel, translated, signature, request.small)).arrays;
        if (request.corrupt === launched) got = corrupted(got);
        launched++;
        const wrong = disagreement(signature, got, expected);
        if (wrong) result = { index: i, candidate, status: 'wrong', message: wrong };
        else {
          kernels.set(i, { kernel, translated, signature });
          const t0 = request.now();
          result = { index: i, candidate, status: 'timed', seconds: await timeLaunches(kernel, translated, signature, request.host, request.repetitions) };
          timingSeconds = Math.max(timingSeconds, (request.now() - t0) / 1000);
        }
      }
    } catch (e) {
      if (!(e instanceof ToolFailure)) throw e;
      result = { index: i, candidate, status: 'failed', message: failureText(e) };
    }
    results.push(result);
    candidateSeconds += (request.now() - t0) / 1000;
    if (result.status === 'timed' && (!best || result.seconds! < best.seconds!)) best = result;
    request.progress?.({ done: i + 1, total: total(), elapsed: elapsed(), budget: request.budgetSeconds, last: result, best });
    return true;
  };
  const many = (request.candidates[0]?.collectives.length ?? 0) > 1;
  const searchLimit = (): number => request.budgetSeconds - CONFIRM_RESERVE * timingSeconds;
  const uniformLimit = (): number => (many ? Math.min(searchLimit(), request.budgetSeconds * UNIFORM_SHARE_MANY) : searchLimit());
  for (const candidate of request.candidates) {
    if (!(await attempt(candidate, uniformLimit()))) {
      stoppedByBudget = true;
      break;
    }
  }
  const ranked = (): CandidateResult[] => results.filter((r) => r.status === 'timed').sort((a, b) => a.seconds! - b.seconds!);
  if (many && best && request.candidates.length > 1) {
    for (const candidate of perCollectiveCandidates(best.candidate, ranked().map((r) => r.candidate))) {
      if (!(await attempt(candidate, searchLimit()))) {
        stoppedByBudget = true;
        break;
      }
    }
  }
  // The confirmation: the default and the fastest few timed again, in turns, with fresh timings only (a lucky or
  // unlucky first timing under load does not count); the fastest there is chosen, but only when it beats the
  // default's confirmed time by CONFIRM_MARGIN, else the default is. Each finalist's time becomes its best
  // confirmed one. Without budget left for it, the first timings decide.
  let confirmed = false;
  if (request.candidates.length > 1 && best && best.index !== 0 && kernels.has(0)) {
    const top = ranked().slice(0, CONFIRMED).map((r) => r.index).filter((i) => i !== 0 && kernels.has(i));
    const fresh = new Map<number, number>();
    // A timing starts only when one more (as long as the longest so far) still fits in the budget.
    let longest = timingSeconds;
    let stop = false;
    for (let round = 0; round < CONFIRM_ROUNDS && !stop; round++) {
      // The default and the best first in every round, their order alternating.
      const order = round % 2 === 0 ? [0, ...top] : [top[0]!, 0, ...top.slice(1).reverse()];
      for (const i of order) {
        if (elapsed() + longest > request.budgetSeconds) {
          stop = true;
          break;
        }
        const k = kernels.get(i)!;
        const t0 = request.now();
        const seconds = await timeLaunches(k.kernel, k.translated, k.signature, request.host, request.repetitions);
        longest = Math.max(longest, (request.now() - t0) / 1000);
        fresh.set(i, Math.min(seconds, fresh.get(i) ?? Infinity));
      }
    }
    const base = fresh.get(0);
    const contenders = [...fresh].filter(([i]) => i !== 0);
    if (base !== undefined && contenders.length) {
      confirmed = true;
      for (const [i, seconds] of fresh) results[i] = { ...results[i]!, seconds };
      const [winner, seconds] = contenders.reduce((a, b) => (b[1] < a[1] ? b : a));
      best = seconds < base * CONFIRM_MARGIN ? results[winner] : results[0];
    }
  }
  const defaultResult = results[0]?.status === 'timed' ? results[0] : undefined;
  return { results, chosen: best, defaultResult, compiled, elapsed: elapsed(), stoppedByBudget, confirmed };
}
