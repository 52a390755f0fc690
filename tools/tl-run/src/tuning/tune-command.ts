// tl-run --tune, and the tuned schedules of ordinary runs: the cache file read (a warning for a corrupt or foreign
// one), the search space of the kernel, the tuner with a progress bar on a terminal (plain lines otherwise), the
// report, the chosen schedule in the schedule file syntax, and the cache written back. Node only (the cache is a
// file). docs/tuning.md.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { findKernel } from '@tlir/dialect-tl';
import { printOperation, type Context, type Dialect, type Operation } from '@tlir/ir';
import type { PassRegistry } from '@tlir/pass';
import type { RuntimeDevice } from '@tlir/runtime';
import { formatSeconds } from '../bench-report.js';
import { hostArguments, type HostArguments } from '../host-arguments.js';
import type { TlRunOptions } from '../options.js';
import { DEFAULT_TUNE_REPETITIONS } from '../options.js';
import { processRunIO, type RunIO } from '../run-io.js';
import { ToolFailure } from '../tool-failure.js';
import type { KernelSignature } from '../kernel-signature.js';
import { collectiveShape, kernelCollectives, loweringWorkGroupSize } from './apply-schedule.js';
import { applyCachedSchedule } from './cached-schedule.js';
import { defaultCachePath, readCacheFile, writeCacheFile } from './cache-file.js';
import { adapterLimits, describeCandidate, scheduleFileText, searchSpace } from './search-space.js';
import { formatTuneTable, tuneReportJson, tuneReportSvg, type ReportFacts } from './tune-report.js';
import { tune, type TuneProgress } from './tuner.js';
import { CandidateSession, type CandidateRunner, type SessionSetup } from './candidate-session.js';
import { defaultWorkerMemoryBytes, WorkerRunner } from './worker-runner.js';
import { lookup, withEntry, emptyCache, type TuningCache, type TuningEntry } from './tuning-cache.js';
import { tuningKey, type TuningKey } from './tuning-key.js';

/** The pass options a schedule is tuned for (part of the key). */
const passOptionsOf = (opts: TlRunOptions): string => opts.lowerToKrnl.trim();

/** The cache file of a run. */
export const cachePathOf = (opts: TlRunOptions): string => opts.cache ?? defaultCachePath();

/** The key of the kernel `fn` (a tl.func) on `device` with `host`. */
export function keyOf(fn: Operation, opts: TlRunOptions, device: RuntimeDevice, host: HostArguments): TuningKey {
  return tuningKey(printOperation(fn), passOptionsOf(opts), device.report, host);
}

/**
 * For an ordinary run of a tl kernel on WebGPU: the cached schedule put on the kernel (as schedule attributes), said
 * on stderr; nothing under --no-tuned-schedules or without an entry. A bad cache file is a warning.
 */
export function useTunedSchedule(ctx: Context, module: Operation, opts: TlRunOptions, device: RuntimeDevice, host: HostArguments, io: RunIO): void {
  if (opts.noTunedSchedules) return;
  const path = cachePathOf(opts);
  const { cache, warning } = readCacheFile(path);
  if (warning) io.stderr(`tl-run: warning: ${warning}\n`);
  const entry = applyCachedSchedule(cache, ctx, module, opts.kernel!, passOptionsOf(opts), device.report, host);
  if (entry) io.stderr(`tl-run: schedule: tuned (cache ${path}): ${describeCandidate(entry.schedule)}\n`);
}

/** A progress bar on a terminal, else one plain line per candidate. */
function progressReporter(io: RunIO, tty: boolean): { update: (p: TuneProgress) => void; end: () => void } {
  let drawn = false;
  return {
    update(p) {
      const best = p.best ? `best ${formatSeconds(p.best.seconds!)} (#${p.best.index})` : 'no timing yet';
      const last = `#${p.last.index} ${p.last.status}${p.last.seconds !== undefined ? ` ${formatSeconds(p.last.seconds)}` : ''}`;
      if (tty) {
        const width = 30;
        const filled = Math.min(width, Math.round((width * p.elapsed) / p.budget));
        io.stderr(`\rtune [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.elapsed.toFixed(0)}/${p.budget} s, ${p.done} of ${p.total} tried, ${best}   `);
        drawn = true;
      } else {
        io.stderr(`tune: [${p.done}/${p.total}, ${p.elapsed.toFixed(1)} s] ${last}: ${describeCandidate(p.last.candidate)}; ${best}\n`);
      }
    },
    end() {
      if (drawn) io.stderr('\n');
    },
  };
}

export interface TuneSetup {
  readonly ctx: Context;
  readonly registry: PassRegistry;
  readonly dialects: readonly Dialect[];
}

/** --tune: see the file's comment. Returns the exit code. */
export async function runTune(
  opts: TlRunOptions,
  io: RunIO,
  setup: TuneSetup,
  program: { file: string; text: string; language: string },
  module: Operation,
  signature: KernelSignature,
  host: HostArguments,
  countFlops: () => number,
  acquireDevice: () => Promise<RuntimeDevice>,
): Promise<number> {
  if (program.language !== 'tl') throw ToolFailure.message(`--tune tunes a tensor-language kernel (a .tl file); ${program.file} is MLIR`);
  const kernelName = opts.kernel!;
  const fn = findKernel(module, kernelName);
  const kernel = kernelCollectives(module, kernelName);
  if (!fn || !kernel) throw ToolFailure.message(`no kernel named '${kernelName}' in ${program.file}`);
  const start = performance.now();
  const flops = countFlops();
  const device = await acquireDevice();
  io.stderr(`tl-run: WebGPU adapter: ${device.report.summary}\n`);
  const key = keyOf(fn, opts, device, host);
  const path = cachePathOf(opts);
  const read = opts.noTunedSchedules ? { cache: emptyCache() } : readCacheFile(path);
  if ('warning' in read && read.warning) io.stderr(`tl-run: warning: ${read.warning}\n`);
  // The small instance the candidates are checked on: at most 2 work-groups (when every argument is --random).
  const smallGroups = Math.min(host.groups, 2);
  const small = smallGroups < host.groups && opts.args.length === 0 ? hostArguments(signature, { ...opts, groups: smallGroups }, (p) => io.readNpy(p)) : host;
  // The worker process that tries the candidates starts now, loading while the space is enumerated.
  const worker = opts.tuneInProcess ? undefined : spawnWorker(opts, io);
  try {
    return await search(opts, io, setup, program, kernelName, kernel, host, small, device, key, path, read.cache, flops, start, worker);
  } finally {
    await worker?.close();
  }
}

/** --tune once the worker is spawned: the cached schedule checked, or the search; the report and the cache written. */
async function search(
  opts: TlRunOptions,
  io: RunIO,
  setup: TuneSetup,
  program: { file: string; text: string },
  kernelName: string,
  kernel: { fn: Operation; collectives: readonly Operation[] },
  host: HostArguments,
  small: HostArguments,
  device: RuntimeDevice,
  key: TuningKey,
  path: string,
  cache: TuningCache,
  flops: number,
  start: number,
  worker: WorkerRunner | undefined,
): Promise<number> {
  const cached = opts.retune ? undefined : lookup(cache, key);
  const limits = adapterLimits(device.report.limits);
  const space = searchSpace(kernel.collectives.map(collectiveShape), limits, 1, loweringWorkGroupSize(kernel.fn));
  const progress = progressReporter(io, isTerminal(io));
  const request = {
    text: program.text,
    file: program.file,
    kernel: kernelName,
    passOptions: passOptionsOf(opts),
    dialects: setup.dialects,
    registry: setup.registry,
    device,
    host,
    small,
    budgetSeconds: opts.budget,
    repetitions: opts.repetitionsGiven ? opts.repetitions : DEFAULT_TUNE_REPETITIONS,
    now: () => performance.now(),
    start,
    progress: progress.update,
    ...(opts.tuneCorrupt !== undefined ? { corrupt: opts.tuneCorrupt } : {}),
    ...(opts.tuneHang !== undefined ? { hang: opts.tuneHang } : {}),
    ...(opts.tuneBloat !== undefined ? { bloat: opts.tuneBloat } : {}),
    ...(opts.candidateTimeout !== undefined ? { candidateSeconds: opts.candidateTimeout } : {}),
    ...(worker ? { runner: (s: SessionSetup) => workerRunner(worker, s, device, opts, io) } : {}),
  };
  if (cached) {
    // The cached schedule alone (nothing else is compiled): checked against the interpreter and timed again.
    io.stderr(`tl-run: schedule: tuned (cache ${path}): ${describeCandidate(cached.schedule)}\n`);
    const check = await tune({ ...request, candidates: [cached.schedule], budgetSeconds: Infinity, progress: undefined, start: performance.now() });
    const r = check.results[0]!;
    if (r.status === 'timed') {
      io.stdout(`tune: cache hit (${path}): compiled ${check.compiled} schedule${check.compiled === 1 ? '' : 's'}; ${formatSeconds(r.seconds!)} per launch (tuned ${cached.tunedAt}, ${formatSeconds(cached.seconds)}; the default then ${formatSeconds(cached.defaultSeconds)})\n`);
      io.stdout(cached.scheduleText);
      return 0;
    }
    io.stderr(`tl-run: warning: the cached schedule ${r.status === 'wrong' ? 'disagrees with the interpreter' : 'fails'} (${r.message ?? r.status}): tuning again\n`);
  }
  const outcome = await tune({ ...request, candidates: space.candidates });
  progress.end();
  const clock = worker ? tuneClockOf(opts, device) : 'wall';
  const facts: ReportFacts = { kernel: kernelName, adapter: device.report.summary, flops, enumerated: space.enumerated, pruned: space.pruned, budget: opts.budget, clock };
  io.stdout(formatTuneTable(outcome, facts));
  const chosen = outcome.chosen;
  const chosenText = chosen
    ? scheduleFileText(kernelName, chosen.candidate, `tl-run --tune: @${kernelName}, ${formatSeconds(chosen.seconds!)} per launch (default ${outcome.defaultResult ? formatSeconds(outcome.defaultResult.seconds!) : 'failed'}); give it back with --lower-to-krnl='schedule=FILE'`)
    : '';
  if (opts.report !== undefined) writeReport(opts.report, outcome, facts, chosenText);
  if (!chosen) {
    io.stderr('tl-run: no candidate compiled, agreed with the interpreter and was timed: nothing is cached\n');
    return 1;
  }
  io.stdout(`tune: chosen #${chosen.index}${outcome.defaultResult ? `, ${(outcome.defaultResult.seconds! / chosen.seconds!).toFixed(2)}x the default` : ''}:\n`);
  io.stdout(chosenText);
  const entry: TuningEntry = {
    key,
    kernelName,
    schedule: chosen.candidate,
    scheduleText: chosenText,
    seconds: chosen.seconds!,
    defaultSeconds: outcome.defaultResult?.seconds ?? NaN,
    tunedAt: new Date().toISOString(),
  };
  const error = writeCacheFile(path, withEntry(emptyCache(), entry));
  if (error) io.stderr(`tl-run: warning: ${error}\n`);
  else io.stderr(`tl-run: cached in ${path}\n`);
  return 0;
}

/**
 * The tuner's clock (--tune-clock): auto is the worker process's CPU time on a CPU adapter (its threads run the
 * work-groups; other processes' load moves it much less than the wall clock) and the wall clock on a GPU
 * (docs/tuning.md, "Timing").
 */
export function tuneClockOf(opts: TlRunOptions, device: RuntimeDevice): 'wall' | 'cpu' {
  if (opts.tuneClock !== 'auto') return opts.tuneClock;
  return device.report.software === true ? 'cpu' : 'wall';
}

/** A worker process for the candidates (worker-runner.ts), spawned; undefined (with a warning) when there is none to spawn. */
function spawnWorker(opts: TlRunOptions, io: RunIO): WorkerRunner | undefined {
  const memoryBytes = opts.tuneMemoryLimit !== undefined ? opts.tuneMemoryLimit * 2 ** 20 : defaultWorkerMemoryBytes();
  const runner = new WorkerRunner({ memoryBytes });
  try {
    runner.spawn();
    return runner;
  } catch (e) {
    if (opts.tuneHang !== undefined || opts.tuneBloat !== undefined) throw ToolFailure.message(`--tune: ${(e as Error).message}`);
    io.stderr(`tl-run: warning: --tune: ${(e as Error).message}; the candidates are tried in this process, without a time or memory limit\n`);
    return undefined;
  }
}

/**
 * The candidates' runner: the worker process, given the session (time and memory limits); when it does not start
 * (no adapter there), a warning and this process.
 */
async function workerRunner(worker: WorkerRunner, setup: SessionSetup, device: RuntimeDevice, opts: TlRunOptions, io: RunIO): Promise<CandidateRunner> {
  const { text, file, kernel, passOptions, host, small, expected, repetitions } = setup;
  const clock = tuneClockOf(opts, device);
  try {
    await worker.start({ text, file, kernel, passOptions, host, small, expected, repetitions, clock });
    return worker;
  } catch (e) {
    await worker.close();
    if (opts.tuneHang !== undefined || opts.tuneBloat !== undefined) throw ToolFailure.message(`--tune: ${(e as Error).message}`);
    io.stderr(`tl-run: warning: --tune: ${(e as Error).message}; the candidates are tried in this process, without a time or memory limit\n`);
    return new CandidateSession(setup, device);
  }
}

function writeReport(dir: string, outcome: Parameters<typeof formatTuneTable>[0], facts: ReportFacts, chosenText: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'tuning.json'), tuneReportJson(outcome, facts, chosenText));
    writeFileSync(join(dir, 'tuning.svg'), tuneReportSvg(outcome, facts));
  } catch (e) {
    throw ToolFailure.message(`--report ${dir}: ${(e as Error).message}`);
  }
}

/** Whether the run writes to a terminal (the process's stderr, not a captured one). */
function isTerminal(io: RunIO): boolean {
  return io.stderr === processRunIO.stderr && process.stderr.isTTY === true;
}
