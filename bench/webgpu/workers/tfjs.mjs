// The WebGPU benchmark's TensorFlow.js worker (tfjs-core with tfjs-backend-webgpu): one case in a process of its
// own, started by bench/webgpu/run.mjs. The inputs become tensors and go to the device with the first call,
// which is read back and checked against the CPU's float64 result. Then it serves run.mjs's timed batches: R
// calls (each a tf.tidy of the case's formula; TensorFlow.js does not fuse, so a call is several kernels) timed
// from the first call to the completion of the last: the backend's pending commands are submitted
// (endComputePassEncoder, submitQueue) and the device queue's onSubmittedWorkDone awaited. Nothing is read back
// inside the window.

import { compareResult, readExpected, serveWorker } from '../lib/common.mjs';
import { installNavigatorGpu } from '../lib/peer-gpu.mjs';
import { findCase } from '../cases.mjs';

await serveWorker(async (job) => {
  const result = { library: 'TensorFlow.js', case: job.case };
  const adapters = await installNavigatorGpu(job.recipe);
  // navigator.gpu must exist before the backend's module registers itself.
  const tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-backend-webgpu');
  if (!(await tf.setBackend('webgpu'))) throw new Error('TensorFlow.js could not start its webgpu backend');
  await tf.ready();
  const backend = tf.backend();
  result.adapter = adapters[0];
  const benchCase = findCase(job.case, job.sizes);
  if (!benchCase.tfjs) {
    result.status = 'unsupported';
    result.message = benchCase.tfjsUnsupported ?? 'not expressed for TensorFlow.js';
    return { results: { tfjs: result }, impls: [] };
  }
  const inputs = benchCase.inputs();
  const x = inputs.map((input) => (typeof input === 'number' ? input : tf.tensor(input.data, [...input.shape].reverse(), 'float32')));
  const call = () => tf.tidy(() => benchCase.tfjs(tf, x));
  const first = call();
  const actual = await first.data();
  first.dispose();
  result.check = compareResult(actual, readExpected(job.expectedFile));
  if (!result.check.ok) {
    result.status = 'wrong';
    result.message = result.check.problem;
    return { results: { tfjs: result }, impls: [] };
  }
  result.status = 'ok';
  const launch = async (repetitions) => {
    const start = performance.now();
    const outs = [];
    for (let r = 0; r < repetitions; r++) outs.push(call());
    if (backend.commandEncoder) {
      backend.endComputePassEncoder();
      backend.submitQueue();
    }
    await backend.device.queue.onSubmittedWorkDone();
    const ms = performance.now() - start;
    for (const out of outs) out.dispose();
    return { ms };
  };
  // Every result of a batch stays alive until the batch completes.
  const maxRepetitions = Math.floor(job.maxBatchBytes / (inputs[benchCase.output].data.length * 4));
  return { results: { tfjs: result }, impls: [{ name: 'tfjs', launch, maxRepetitions }] };
});
