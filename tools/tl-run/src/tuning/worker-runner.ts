// A CandidateRunner in a worker process (tune-worker.ts), for Node's tl-run --tune. Dawn's pipeline creation can hang
// or grow without bound in a long-lived process after many pipelines (SwiftShader, ~100 candidates: bench/README.md),
// so the candidates are tried in a child process with its own device, replaced every RECYCLE_EVERY candidates and
// before the confirmation; a candidate that passes its time limit, or whose process passes the memory limit (its
// resident memory, read from /proc every POLL_MS where there is one), is stopped there (the process is killed) and
// reported failed with why, and the search goes on in a fresh process. Node only. docs/tuning.md.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { CandidateRunner, Evaluation, EvaluationHooks, SessionSetup } from './candidate-session.js';
import type { Candidate } from './search-space.js';
import type { WorkerAnswer, WorkerRequest } from './tune-worker.js';

/** Candidates tried in one worker process before it is replaced. */
export const RECYCLE_EVERY = 32;
/** How often the worker's memory is read (milliseconds). */
const POLL_MS = 200;
/** Seconds a worker may take to start (load tl-run, open its device). */
const START_SECONDS = 60;

/** The default memory limit of a worker: a quarter of the machine's memory, at most 8 GiB. */
export const defaultWorkerMemoryBytes = (): number => Math.min(8 * 2 ** 30, Math.floor(totalmem() / 4));

export interface WorkerOptions {
  /** Resident bytes the worker may use. */
  readonly memoryBytes: number;
  readonly recycleEvery?: number;
  /** The script to run (default: tl-run's bundle, which runs the worker under --tune-worker). */
  readonly entry?: string;
}

/** tl-run's bundle: this module is in it (dist/tl-run.bundle.mjs), or two levels under the package (src/tuning, dist/tuning). */
export function workerEntry(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.bundle.mjs') ? here : fileURLToPath(new URL('../../dist/tl-run.bundle.mjs', import.meta.url));
}

/** A process's resident memory in bytes (Linux's /proc), or undefined where it cannot be read. */
function residentBytes(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s*(\d+)\s*kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly why: string; readonly stopped: boolean };

/** Candidates tried in a worker process. start() first (it throws when no worker starts). */
export class WorkerRunner implements CandidateRunner {
  private child: ChildProcess | undefined;
  private tried = 0;
  private nextId = 0;
  private stderrTail = '';
  /** Processes started (the first included). */
  started = 0;

  private setup: Omit<SessionSetup, 'dialects' | 'registry'> | undefined;

  constructor(private readonly options: WorkerOptions) {}

  /**
   * Starts a worker process without waiting for it (it loads tl-run and opens its device meanwhile: the tuner calls
   * this before its own setup). Throws when tl-run's bundle is missing.
   */
  spawn(): void {
    if (this.child) return;
    const entry = this.options.entry ?? workerEntry();
    if (!existsSync(entry)) throw new Error(`${entry} is missing (pnpm build makes it)`);
    this.stderrTail = '';
    const child = fork(entry, ['--tune-worker'], { serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'], execArgv: [] });
    child.stderr?.on('data', (d: Buffer) => void (this.stderrTail = (this.stderrTail + d.toString()).slice(-2000)));
    this.child = child;
    this.tried = 0;
    this.started++;
  }

  /** Gives a worker (the spawned one, else a new one) the session's setup: resolves to its adapter's summary; throws an Error saying why it did not start. */
  async start(setup: Omit<SessionSetup, 'dialects' | 'registry'>): Promise<string> {
    this.setup = setup;
    this.spawn();
    const r = await this.request({ type: 'init', id: 0, setup }, START_SECONDS);
    if (!r.ok) throw new Error(`the worker process did not start: ${r.why}`);
    return String(r.value);
  }

  private stop(): void {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  /** Sends one request and waits for its answer, within `limitSeconds` and the memory limit (else the worker is killed). */
  private request(message: WorkerRequest, limitSeconds: number): Promise<Outcome> {
    const child = this.child!;
    const id = ++this.nextId;
    return new Promise<Outcome>((resolve) => {
      let settled = false;
      const finish = (o: Outcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(poll);
        child.off('message', onMessage);
        child.off('exit', onExit);
        child.off('error', onError);
        if (!o.ok) this.stop();
        resolve(o);
      };
      const onMessage = (a: WorkerAnswer): void => {
        if (a.id !== id) return;
        finish('error' in a ? { ok: false, why: a.error, stopped: false } : { ok: true, value: a.value });
      };
      const lastLine = (): string => this.stderrTail.trim().split('\n').pop() ?? '';
      const onExit = (code: number | null, signal: string | null): void =>
        finish({ ok: false, why: `its worker process ended (${signal ?? `exit code ${code}`})${lastLine() ? `: ${lastLine()}` : ''}`, stopped: true });
      const onError = (e: Error): void => finish({ ok: false, why: `its worker process failed: ${e.message}`, stopped: true });
      // setTimeout takes at most 2^31-1 ms (a longer delay fires at once).
      const timer = setTimeout(() => finish({ ok: false, why: `stopped after ${limitSeconds.toFixed(0)} s (the time limit of a candidate)`, stopped: true }), Math.min(limitSeconds * 1000, 2 ** 31 - 1));
      const poll = setInterval(() => {
        const rss = child.pid !== undefined ? residentBytes(child.pid) : undefined;
        if (rss !== undefined && rss > this.options.memoryBytes) {
          finish({ ok: false, why: `stopped at ${Math.round(rss / 2 ** 20)} MB (the memory limit of a candidate: ${Math.round(this.options.memoryBytes / 2 ** 20)} MB)`, stopped: true });
        }
      }, POLL_MS);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.once('error', onError);
      // A worker that ended while idle (no 'exit' event will come now).
      if (child.exitCode !== null || child.signalCode !== null || !child.connected) {
        onExit(child.exitCode, child.signalCode);
        return;
      }
      child.send({ ...message, id }, (e) => {
        if (e) onError(e);
      });
    });
  }

  /** A worker for the next candidate: the current one, or a fresh one when it has tried RECYCLE_EVERY. */
  private async ready(): Promise<string | undefined> {
    if (this.child && this.tried >= (this.options.recycleEvery ?? RECYCLE_EVERY)) this.stop();
    if (this.child) return undefined;
    try {
      await this.start(this.setup!);
      return undefined;
    } catch (e) {
      this.stop();
      return (e as Error).message;
    }
  }

  async evaluate(candidate: Candidate, known: ReadonlySet<string>, hooks: EvaluationHooks, limitSeconds: number, screenAbove?: number): Promise<Evaluation> {
    const notStarted = await this.ready();
    if (notStarted) return { status: 'failed', message: notStarted };
    this.tried++;
    const r = await this.request({ type: 'evaluate', id: 0, candidate, known: [...known], hooks, ...(screenAbove !== undefined ? { screenAbove } : {}) }, limitSeconds);
    if (r.ok) return r.value as Evaluation;
    return { status: 'failed', message: r.why, stopped: r.stopped };
  }

  async retime(candidate: Candidate, limitSeconds: number): Promise<number | { readonly failed: string }> {
    const notStarted = await this.ready();
    if (notStarted) return { failed: notStarted };
    const r = await this.request({ type: 'retime', id: 0, candidate }, limitSeconds);
    return r.ok ? (r.value as number | { failed: string }) : { failed: r.why };
  }

  /** The confirmation compiles its few finalists in a fresh worker. */
  async beforeConfirmation(): Promise<void> {
    this.stop();
  }

  async close(): Promise<void> {
    this.stop();
  }
}
