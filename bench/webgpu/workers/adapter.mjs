// The WebGPU benchmark's adapter probe: which adapter @tlir/runtime picks here (TLIR_WEBGPU_ADAPTER and its
// defaults, docs/runtime.md "Adapters"); every library's worker then uses the same recipe. A process of its own,
// so that the benchmark's main process never loads Dawn (it aborted the main process when that started
// children after releasing its device).

import { acquireNodeDevice } from '../../../packages/runtime/dist/node/index.js';
import { serveWorker } from '../lib/common.mjs';

await serveWorker(async () => {
  const device = await acquireNodeDevice();
  const { recipe, backend, summary, timestamps } = device.report;
  device.release();
  return { results: { adapter: { status: 'ok', recipe, backend, summary, timestamps } }, impls: [] };
});
