// What every process of the WebGPU benchmark shares: deterministic inputs, the comparison with the CPU's
// float64 result, and the one clock (see bench/README.md, "WebGPU benchmark"). No GPU code here.

import { readFileSync } from 'node:fs';

// The inputs and the check, shared with the benchmark's browser page (lib/data.mjs has no Node imports).
export { compareResult, fillRandom } from './data.mjs';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The one clock. Each implementation is `{ name, launch(R), firstMs?, maxRepetitions? }`: `launch(R)` submits R
 * launches on inputs that are already on the device and resolves when the device has finished them, with
 * `{ ms }`: the wall time from the first submission (the library call that starts it) to the completion, with
 * no read-back inside (optionally `timestamps`: nanoseconds per launch from timestamp queries).
 *
 * R is chosen per implementation so that a batch takes at least `minBatchMs`, at most `maxRepetitions`: from
 * `firstMs`, a clean time of one launch, else from a probe launch (which counts as the first batch when it took
 * that long already). Then `batches` batches of R launches each, the implementations taking turns (the order
 * reversed every other batch), so that a change of load on the machine hits all of them alike. The figure is
 * the median over the batches of the time per launch (batch time / R). An implementation whose launch throws
 * is dropped, with its error.
 */
export async function timeInterleaved(impls, { batches, minBatchMs, maxRepetitions }) {
  const plans = [];
  const result = {};
  for (const impl of impls) {
    const limit = Math.max(1, Math.min(maxRepetitions, impl.maxRepetitions ?? maxRepetitions));
    try {
      const plan = { impl, msPerLaunch: [], timestampMsPerLaunch: [] };
      let oneMs = impl.firstMs;
      if (oneMs === undefined) {
        const probe = await impl.launch(1);
        oneMs = probe.ms;
        // A probe that is already long enough is a batch of one launch: it counts as the first batch.
        if (oneMs >= minBatchMs && batches > 0) {
          plan.msPerLaunch.push(probe.ms);
          if (probe.timestamps) plan.timestampMsPerLaunch.push(...probe.timestamps.map((ns) => ns / 1e6));
        }
      }
      plan.repetitions = Math.max(1, Math.min(limit, Math.ceil(minBatchMs / Math.max(oneMs, 1e-3))));
      plans.push(plan);
    } catch (error) {
      result[impl.name] = { error: errorMessage(error) };
    }
  }
  for (let b = 0; b < batches; b++) {
    const order = b % 2 === 0 ? plans : [...plans].reverse();
    for (const plan of order) {
      if (plan.error || plan.msPerLaunch.length >= batches) continue;
      try {
        const { ms, timestamps } = await plan.impl.launch(plan.repetitions);
        plan.msPerLaunch.push(ms / plan.repetitions);
        if (timestamps) plan.timestampMsPerLaunch.push(...timestamps.map((ns) => ns / 1e6));
      } catch (error) {
        plan.error = errorMessage(error);
      }
    }
  }
  for (const plan of plans) {
    if (plan.error) {
      result[plan.impl.name] = { error: plan.error };
      continue;
    }
    result[plan.impl.name] = {
      method: 'wall clock, from the first submission to the completion of the batch',
      repetitions: plan.repetitions,
      batches,
      msPerLaunch: plan.msPerLaunch,
      medianMs: median(plan.msPerLaunch),
      minMs: Math.min(...plan.msPerLaunch),
      ...(plan.timestampMsPerLaunch.length > 0
        ? { timestamps: { launches: plan.timestampMsPerLaunch.length, medianMs: median(plan.timestampMsPerLaunch), minMs: Math.min(...plan.timestampMsPerLaunch) } }
        : {}),
    };
  }
  return result;
}

/**
 * The worker side of a worker process (bench/webgpu/workers; started by run.mjs with an IPC channel):
 * `setup(job)` makes the device, uploads and checks, and returns `{ results, impls }`: what it found for each
 * implementation (status, check, adapter...) and the implementations ready to be timed (`{ name, launch,
 * firstMs?, maxRepetitions? }`). This reports them to run.mjs, then runs the launches it asks for, one message
 * at a time, until it says to exit. run.mjs keeps the clock schedule (timeInterleaved) across all workers.
 */
export async function serveWorker(setup) {
  const job = readJob();
  let ready;
  try {
    ready = await setup(job);
  } catch (error) {
    process.send({ type: 'ready', error: errorMessage(error) }, () => process.exit(0));
    return;
  }
  const impls = new Map(ready.impls.map((impl) => [impl.name, impl]));
  process.on('disconnect', () => process.exit(0));
  process.on('message', async (message) => {
    if (message.type === 'exit') {
      try {
        await ready.close?.();
      } finally {
        process.exit(0);
      }
    }
    if (message.type !== 'launch') return;
    try {
      const { ms, timestamps } = await impls.get(message.name).launch(message.repetitions);
      process.send({ type: 'launched', id: message.id, ms, timestamps });
    } catch (error) {
      process.send({ type: 'launched', id: message.id, error: errorMessage(error) });
    }
  });
  process.send({
    type: 'ready',
    results: ready.results,
    impls: ready.impls.map(({ name, firstMs, maxRepetitions }) => ({ name, firstMs, maxRepetitions })),
  });
}

/** The job a worker process was given (a JSON file named on its command line). */
export function readJob() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node WORKER.mjs JOB.json (the benchmark runs its workers itself: pnpm bench:webgpu)');
  return JSON.parse(readFileSync(file, 'utf8'));
}

export function readExpected(file) {
  const bytes = readFileSync(file);
  return new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8);
}

/** The chromium of the browser worker (workers/tlir-browser.mjs): TLIR_CHROMIUM, else /usr/bin/chromium. */
export function chromiumPath() {
  return process.env.TLIR_CHROMIUM ?? '/usr/bin/chromium';
}

/** An error's first line, for tables (the whole message goes to results.json). */
export function errorMessage(error) {
  return error instanceof Error ? error.message : String(error);
}
