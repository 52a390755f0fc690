// The worker process of tl-run --tune (worker-runner.ts starts it: `tl-run --tune-worker`, an IPC channel with
// structured-clone messages): its own WebGPU device, on which it tries the candidates the tuner sends, one at a time,
// with a CandidateSession. The tuner stops it when a candidate takes too long or too much memory, and replaces it
// every few candidates. Node only. docs/tuning.md.
import { acquireNodeDevice } from '@tlir/runtime/node';
import { createPassRegistry, DEFAULT_DIALECTS } from '@tlir/registry';
import type { RuntimeDevice } from '@tlir/runtime';
import { CandidateSession, failureText, type EvaluationHooks, type SessionSetup } from './candidate-session.js';
import type { Candidate } from './search-space.js';

/** What the tuner sends (every request has an id, which the answer repeats). */
export type WorkerRequest =
  | { readonly type: 'init'; readonly id: number; readonly setup: Omit<SessionSetup, 'dialects' | 'registry'> }
  | { readonly type: 'evaluate'; readonly id: number; readonly candidate: Candidate; readonly known: readonly string[]; readonly hooks: EvaluationHooks; readonly screenAbove?: number }
  | { readonly type: 'retime'; readonly id: number; readonly candidate: Candidate };

/** What the worker answers: the value asked for, or the error that stopped it. */
export type WorkerAnswer = { readonly id: number; readonly value: unknown } | { readonly id: number; readonly error: string };

/** The worker's loop: answers requests until the channel closes. */
export function runTuneWorker(): void {
  let session: CandidateSession | undefined;
  let device: RuntimeDevice | undefined;
  // The device is opened at once, while the tuner prepares the session.
  const opening = acquireNodeDevice();
  opening.catch(() => undefined);
  const send = (answer: WorkerAnswer): void => void process.send?.(answer);
  const handle = async (m: WorkerRequest): Promise<unknown> => {
    if (m.type === 'init') {
      device = await opening;
      const cpuSeconds = (): number => {
        const u = process.cpuUsage();
        return (u.user + u.system) / 1e6;
      };
      session = new CandidateSession({ ...m.setup, dialects: DEFAULT_DIALECTS, registry: createPassRegistry() }, device, true, cpuSeconds);
      return device.report.summary;
    }
    if (!session) throw new Error('the worker has no session (init first)');
    if (m.type === 'evaluate') return session.evaluate(m.candidate, new Set(m.known), m.hooks, undefined, m.screenAbove);
    return session.retime(m.candidate);
  };
  // One request at a time, in order.
  let queue: Promise<void> = Promise.resolve();
  process.on('message', (m: WorkerRequest) => {
    queue = queue.then(async () => {
      try {
        send({ id: m.id, value: await handle(m) });
      } catch (e) {
        send({ id: m.id, error: failureText(e) });
      }
    });
  });
  process.on('disconnect', () => {
    device?.release();
    process.exit(0);
  });
}
