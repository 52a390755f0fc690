// The page of the WebGPU benchmark's browser worker (workers/tlir-browser.mjs), bundled by esbuild for the
// browser: the runtime's browser path (acquireBrowserDevice, navigator.gpu) with the very code the Node worker
// runs (lib/tlir-checked.mjs and lib/tlir-resident.mjs), the case's inputs made here by cases.mjs, the compiled
// kernel and the CPU's float64 result fetched from the worker's local server. The worker drives it through
// `globalThis.tlirBench`: setup(job) once, then launch(R) per timed batch (the time is taken here, in the page,
// from the first submission to the completion; nothing is read back inside it), then close().

import { acquireBrowserDevice } from '../../../packages/runtime/dist/index.js';
import { findCase } from '../cases.mjs';
import { checkedKernel } from '../lib/tlir-checked.mjs';

let device;
let launcher;
let impl;

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

/** `job`: { case, sizes, wgslFile, manifestFile } (file names for messages); returns what the page found. */
async function setup(job) {
  const result = { library: 'tlir in headless Chromium', case: job.case };
  try {
    device = await acquireBrowserDevice();
  } catch (error) {
    return { result: { ...result, status: 'error', message: error instanceof Error ? error.message : String(error) } };
  }
  const benchCase = findCase(job.case, job.sizes);
  const [wgsl, manifest, expectedBytes] = await Promise.all([
    fetchOk('/kernel.wgsl').then((r) => r.text()),
    fetchOk('/kernel.manifest.json').then((r) => r.text()),
    fetchOk('/expected.f64').then((r) => r.arrayBuffer()),
  ]);
  const made = await checkedKernel(
    device,
    {
      name: 'tlir-browser',
      source: { wgsl, manifest, wgslFile: job.wgslFile, manifestFile: job.manifestFile },
      inputs: benchCase.inputs(),
      groups: benchCase.tl.groups,
      output: benchCase.output,
      expected: new Float64Array(expectedBytes),
    },
    result,
  );
  launcher = made.launcher;
  impl = made.impl;
  result.timestamps = device.report.timestamps;
  result.userAgent = navigator.userAgent;
  return { result, firstMs: impl?.firstMs, maxRepetitions: impl?.maxRepetitions };
}

async function launch(repetitions) {
  if (!impl) throw new Error('the kernel is not ready (setup failed)');
  return impl.launch(repetitions);
}

function close() {
  launcher?.destroy();
  device?.release();
}

globalThis.tlirBench = { setup, launch, close };
