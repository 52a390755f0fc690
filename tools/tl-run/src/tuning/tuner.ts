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
import type { NdArray, RuntimeDevice } from '@tlir/runtime';
import type { HostArguments } from '../host-arguments.js';
import { registerStageInterpreters, runInInterpreter } from '../interpreter-backend.js';
import { kernelSignature } from '../kernel-signature.js';
import { ToolFailure } from '../tool-failure.js';
import { CandidateSession, type CandidateRunner, type SessionSetup, type Timing } from './candidate-session.js';
import type { Candidate, KnobValue } from './search-space.js';

export { lowerCandidate, timeLaunches, type CandidateRunner, type Evaluation } from './candidate-session.js';

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
  /** For a timed one: how it was timed (launches per batch, batches: candidate-session.ts, BATCH_TIMING) and on what (work-groups, shapes). */
  readonly launches?: Omit<Timing, 'seconds'>;
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
  /** Test hooks: the candidate launched at this index never finishes, or keeps allocating memory (a worker process only). */
  readonly hang?: number;
  readonly bloat?: number;
  /**
   * Where the candidates are tried (default: a CandidateSession on `device`, in this process). Node's tl-run --tune
   * gives a worker process (worker-runner.ts), which stops a candidate that passes its time or memory limit.
   */
  readonly runner?: (setup: SessionSetup) => Promise<CandidateRunner>;
  /** Seconds a candidate may take before a runner that can stop it reports it failed (default: see candidateLimit). */
  readonly candidateSeconds?: number;
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
  /**
   * Packed candidates (groups-per-work-group) not tried: another packing of the same schedule was refused because
   * the kernel shares its work-group (a barrier, workgroup memory: docs/wgsl.md), as these would be.
   */
  readonly inapplicable?: number;
  /** Whether the confirmation timed the default and a contender again (their times are then the confirmed ones). */
  readonly confirmed?: boolean;
  /** The confirmation's timings: each finalist's first time and its fresh ones, in the order taken. */
  readonly confirmation?: readonly { readonly index: number; readonly first: number; readonly fresh: readonly number[] }[];
}

/** The share of the budget the uniform search may use when the kernel has several collectives (the rest: per-collective refinement, then the confirmation). */
const UNIFORM_SHARE_MANY = 0.6;
/** Candidates re-timed by the confirmation, besides the default. */
const CONFIRMED = 2;
/** Rounds of the confirmation (at most), the rounds a contender must win, and by how much it must beat the default in each. */
const CONFIRM_ROUNDS = 4;
const CONFIRM_WINS = 3;
const CONFIRM_MARGIN = 0.97;
/**
 * Only a contender is confirmed: a candidate whose first timing beat the default's by CONFIRM_MARGIN. The search
 * leaves the confirmation time for three rounds of timings (as long as the longest so far) of the default and the
 * contenders so far (at least one, at most CONFIRMED); and for compiling them again in a fresh worker process: its
 * start and first compilation as long as the longest candidate's time besides its timing (the default's, in the
 * first worker, as a rule), the others' as the mean.
 */
const confirmReserve = (contenders: number): number => CONFIRM_WINS * (1 + Math.min(CONFIRMED, Math.max(1, contenders)));
/**
 * A candidate (not the default) whose first timed batch is slower than this many times the best so far is not timed
 * further (timeLaunches' `screenAbove`): it cannot be a contender, and on a 600 ms kernel its 4 other batches would
 * take seconds of the search's budget.
 */
export const SCREEN_FACTOR = 1.25;
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
      const c: Candidate = { ...best, collectives: best.collectives.map((own, j) => (j === i ? k : own)) };
      if (!seen.has(key(c))) {
        seen.add(key(c));
        out.push(c);
      }
    }
  }
  return out;
}

/** The translation's refusal of a packed launch (translate-kernel.ts): the kernel shares its work-group. */
const PACKING_REFUSED = /cannot run \d+ groups per work-group/;
/** A candidate without its packing. */
const unpackedKey = (c: Candidate): string => JSON.stringify({ workGroupSize: c.workGroupSize ?? null, collectives: c.collectives });

/** Seconds a candidate may take at least (a fresh worker process compiles its first kernel slowly). */
const MIN_CANDIDATE_LIMIT = 12;
/** ... and how many times the longest candidate so far. */
const CANDIDATE_LIMIT_FACTOR = 5;

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
  const expected: ReadonlyMap<string, NdArray> = runInInterpreter(refFn as Operation, 'tl', refSignature, request.small, registerStageInterpreters(new InterpreterRegistry())).arrays;
  const setup: SessionSetup = { ...request, expected };
  const runner = request.runner ? await request.runner(setup) : new CandidateSession(setup, request.device);
  try {
    return await search(request, runner, elapsed);
  } finally {
    await runner.close();
  }
}

async function search(request: TuneRequest, runner: CandidateRunner, elapsed: () => number): Promise<TuneOutcome> {
  const results: CandidateResult[] = [];
  /** The candidates timed (their results' indices), which the confirmation may time again. */
  const timed = new Set<number>();
  const byWgsl = new Map<string, number>();
  let compiled = 0;
  /** The schedules (less their packing) whose packed launch the translation refused, and the candidates skipped for it. */
  const unpackable = new Set<string>();
  let inapplicable = 0;
  /** Candidates launched for their check (duplicates are not). */
  let launched = 0;
  let best: CandidateResult | undefined;
  let stoppedByBudget = false;
  /** The longest timing of a candidate so far (seconds of wall clock), for the confirmation's budget. */
  let timingSeconds = 0;
  /** The longest time a timed candidate took besides its timing (lowering, compiling, the check), and their sum, for the same. */
  let setupSeconds = 0;
  let setupSum = 0;
  /** The longest candidate so far (seconds of wall clock), for the next one's limit. */
  let longestCandidate = 0;
  /** Seconds spent on candidates (the setup before them aside): their mean predicts the next one's. */
  let candidateSeconds = 0;
  const total = (): number => request.candidates.length;
  /** The time a candidate may take: given, else generous for the default, else a multiple of the longest so far. */
  const limitFor = (i: number): number =>
    request.candidateSeconds ??
    (i === 0
      ? // The default (or a cached schedule checked without a budget) gets the budget, at least 36 s, and never forever.
        Math.max(3 * MIN_CANDIDATE_LIMIT, Number.isFinite(request.budgetSeconds) ? request.budgetSeconds : 10 * MIN_CANDIDATE_LIMIT)
      : Math.max(MIN_CANDIDATE_LIMIT, CANDIDATE_LIMIT_FACTOR * longestCandidate));
  /** Tries `candidate`; false when the budget share `limit` would be passed (the default is always tried). */
  const attempt = async (candidate: Candidate, limit: number): Promise<boolean> => {
    const packed = (candidate.groupsPerWorkGroup ?? 1) > 1;
    if (packed && unpackable.has(unpackedKey(candidate))) {
      inapplicable++;
      return true;
    }
    const i = results.length;
    const spent = elapsed();
    const mean = results.length ? candidateSeconds / results.length : 0;
    if (i > 0 && spent + mean > limit) return false;
    const t0 = request.now();
    const hooks = { corrupt: request.corrupt === launched, hang: request.hang === launched, bloat: request.bloat === launched };
    // A candidate (not the default) is stopped where it would run past the search's share of the budget: a slow one
    // (a 256x1 work-group of one-column tiles took 21 s on tall-skinny) must not eat the confirmation's time.
    const own = i === 0 ? limitFor(i) : Math.min(limitFor(i), Math.max(1e-3, limit - spent));
    const screenAbove = i > 0 && best ? best.seconds! * SCREEN_FACTOR : undefined;
    const e = await runner.evaluate(candidate, new Set(byWgsl.keys()), hooks, own, screenAbove);
    let result: CandidateResult;
    if (e.hash !== undefined) compiled++;
    if (e.status === 'duplicate') {
      const same = byWgsl.get(e.hash)!;
      const original = results[same]!;
      result = { index: i, candidate, status: 'duplicate', sameAs: same, ...(original.seconds !== undefined ? { seconds: original.seconds } : {}) };
    } else {
      if (e.hash !== undefined) byWgsl.set(e.hash, i);
      // Launched: checked (timed or wrong), or stopped by the runner's limits (its WGSL unknown here).
      if (e.status === 'timed' || e.status === 'wrong' || (e.status === 'failed' && e.stopped)) launched++;
      if (e.status === 'timed') {
        timed.add(i);
        timingSeconds = Math.max(timingSeconds, e.timingSeconds);
        result = { index: i, candidate, status: 'timed', seconds: e.seconds, launches: e.launches };
      } else result = { index: i, candidate, status: e.status, message: e.message };
    }
    results.push(result);
    if (packed && result.status === 'failed' && PACKING_REFUSED.test(result.message ?? '')) unpackable.add(unpackedKey(candidate));
    const took = (request.now() - t0) / 1000;
    candidateSeconds += took;
    if (result.status !== 'failed') longestCandidate = Math.max(longestCandidate, took);
    if (e.status === 'timed') {
      setupSeconds = Math.max(setupSeconds, took - e.timingSeconds);
      setupSum += took - e.timingSeconds;
    }
    if (result.status === 'timed' && (!best || result.seconds! < best.seconds!)) best = result;
    request.progress?.({ done: i + 1, total: total(), elapsed: elapsed(), budget: request.budgetSeconds, last: result, best });
    return true;
  };
  const many = (request.candidates[0]?.collectives.length ?? 0) > 1;
  /** The candidates timed in full (not screened) whose first time beat the default's by the margin, fastest first. */
  const contenders = (): number[] => {
    const base = results[0]?.status === 'timed' ? results[0].seconds! : undefined;
    if (base === undefined) return [];
    return [...timed].filter((i) => i !== 0 && !results[i]!.launches?.screened && results[i]!.seconds! < base * CONFIRM_MARGIN).sort((a, b) => results[a]!.seconds! - results[b]!.seconds!);
  };
  const finalists = (): number => Math.min(CONFIRMED, Math.max(1, contenders().length));
  const setupReserve = (): number => setupSeconds + (timed.size ? (finalists() * setupSum) / timed.size : 0);
  const searchLimit = (): number => request.budgetSeconds - confirmReserve(contenders().length) * timingSeconds - setupReserve();
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
  // The confirmation: the default and the fastest few contenders (first timings that beat the default's by
  // CONFIRM_MARGIN) timed again, in rounds, with fresh timings only (a lucky or unlucky first timing under load does
  // not count). A contender is chosen only when it beat the default by CONFIRM_MARGIN in every round both were timed
  // in, and in at least CONFIRM_WINS rounds (the default and the best first, their order alternating, so that a change
  // of the machine's load between two timings favours neither always); else the default is kept, also when the
  // budget leaves no time for the confirmation: a schedule is never chosen on first timings alone. Each finalist's
  // time becomes its best confirmed one. Without a contender there is nothing to confirm: the default is kept.
  let confirmed = false;
  let confirmation: TuneOutcome['confirmation'];
  const top = contenders().slice(0, CONFIRMED);
  if (request.candidates.length > 1 && top.length > 0) {
    await runner.beforeConfirmation?.();
    const log = [0, ...top].map((index) => ({ index, first: results[index]!.seconds!, fresh: [] as number[] }));
    confirmation = log;
    /** Per round, the fresh time of each finalist timed in it. */
    const rounds: Map<number, number>[] = [];
    const dropped = new Set<number>();
    // A timing starts only when one more (as long as the longest so far) still fits in the budget.
    let longest = timingSeconds;
    let stop = false;
    for (let round = 0; round < CONFIRM_ROUNDS && !stop; round++) {
      // Each pair of rounds times every finalist once early and once late (the order reversed): a finalist always
      // timed after the others would gain from whatever favours that place (the run of a 0.72x schedule chosen at
      // 1.22x, bench/README.md "Tuned schedules").
      const order = round % 2 === 0 ? [0, ...top] : [...top].reverse().concat(0);
      const times = new Map<number, number>();
      rounds.push(times);
      for (const i of order) {
        if (dropped.has(i)) continue;
        if (elapsed() + longest > request.budgetSeconds) {
          stop = true;
          break;
        }
        const t0 = request.now();
        const seconds = await runner.retime(results[i]!.candidate, Math.max(MIN_CANDIDATE_LIMIT, CANDIDATE_LIMIT_FACTOR * longestCandidate));
        longest = Math.max(longest, (request.now() - t0) / 1000);
        if (typeof seconds !== 'number') {
          // Timed once, it fails now (a worker stopped for time or memory): it is not chosen. The default stays the reference.
          if (i === 0) {
            stop = true;
            break;
          }
          dropped.add(i);
          results[i] = { ...results[i]!, status: 'failed', message: `in the confirmation: ${seconds.failed}` };
          continue;
        }
        log.find((l) => l.index === i)!.fresh.push(seconds);
        times.set(i, seconds);
      }
    }
    const paired = (i: number): [number, number][] => rounds.filter((r) => r.has(0) && r.has(i)).map((r) => [r.get(i)!, r.get(0)!]);
    confirmed = top.some((i) => !dropped.has(i) && paired(i).length >= CONFIRM_WINS);
    for (const l of log) if (l.fresh.length && !dropped.has(l.index)) results[l.index] = { ...results[l.index]!, seconds: Math.min(...l.fresh) };
    const winners = top.filter((i) => !dropped.has(i) && paired(i).length >= CONFIRM_WINS && paired(i).every(([t, base]) => t < base * CONFIRM_MARGIN));
    best = winners.length ? results[winners.reduce((a, b) => (results[b]!.seconds! < results[a]!.seconds! ? b : a))] : results[0];
  } else if (timed.has(0)) best = results[0];
  const defaultResult = results[0]?.status === 'timed' ? results[0] : undefined;
  return { results, chosen: best, defaultResult, compiled, elapsed: elapsed(), stoppedByBudget, confirmed, ...(confirmation ? { confirmation } : {}), ...(inapplicable ? { inapplicable } : {}) };
}
