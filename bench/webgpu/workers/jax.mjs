// The WebGPU benchmark's jax-js worker: one case in a process of its own, started by bench/webgpu/run.mjs. The
// inputs go to the device once (np.array, then blockUntilReady); the case's formula is jit-compiled; one call
// is read back and checked against the CPU's float64 result. Then it serves run.mjs's timed batches: R calls
// timed from the first call to the completion of the last, awaited by blockUntilReady on every result (jax-js
// submits lazily, and waits with a zero-byte read) and then the device queue's onSubmittedWorkDone. Nothing is
// read back inside the window.

import { compareResult, readExpected, serveWorker } from '../lib/common.mjs';
import { installNavigatorGpu } from '../lib/peer-gpu.mjs';
import { findCase } from '../cases.mjs';

await serveWorker(async (job) => {
  const result = { library: 'jax-js', case: job.case };
  const adapters = await installNavigatorGpu(job.recipe);
  const jax = await import('@jax-js/jax');
  const { numpy: np } = jax;
  const available = await jax.init('webgpu');
  if (!available.includes('webgpu')) throw new Error(`jax-js found no WebGPU device (backends: ${available.join(', ')})`);
  jax.defaultDevice('webgpu');
  const device = jax.getWebGPUDevice();
  result.adapter = adapters[0];
  const benchCase = findCase(job.case, job.sizes);
  if (!benchCase.jax) {
    result.status = 'unsupported';
    result.message = benchCase.jaxUnsupported ?? 'not expressed for jax-js';
    return { results: { jax: result }, impls: [] };
  }
  const inputs = benchCase.inputs();
  const x = inputs.map((input) => (typeof input === 'number' ? input : np.array(input.data, { shape: [...input.shape].reverse(), dtype: 'float32' })));
  await jax.blockUntilReady(x.filter((v) => typeof v !== 'number'));
  // The arrays are the jit's arguments; the scalars are captured as constants (the same values every call).
  const arrays = x.flatMap((v, i) => (typeof v === 'number' ? [] : [i]));
  const f = jax.jit((...traced) => {
    const args = [...x];
    arrays.forEach((at, j) => (args[at] = traced[j]));
    return benchCase.jax(np, args);
  });
  const call = () => f(...arrays.map((at) => x[at].ref));
  const actual = await call().data();
  result.check = compareResult(actual, readExpected(job.expectedFile));
  if (!result.check.ok) {
    result.status = 'wrong';
    result.message = result.check.problem;
    return { results: { jax: result }, impls: [] };
  }
  result.status = 'ok';
  const launch = async (repetitions) => {
    const start = performance.now();
    const outs = [];
    for (let r = 0; r < repetitions; r++) outs.push(call());
    await jax.blockUntilReady(outs);
    await device.queue.onSubmittedWorkDone();
    const ms = performance.now() - start;
    for (const out of outs) out.dispose();
    return { ms };
  };
  // Every result of a batch stays alive until the batch completes.
  const maxRepetitions = Math.floor(job.maxBatchBytes / (inputs[benchCase.output].data.length * 4));
  return { results: { jax: result }, impls: [{ name: 'jax', launch, maxRepetitions }] };
});
