// The WebGPU benchmark's tlir worker: one case in a process of its own, started by bench/webgpu/run.mjs, on
// one @tlir/runtime device: the kernel compiled from the tensor language (its WGSL and manifest made by run.mjs
// with tl-opt and tl-translate) and the case's hand-written reference (bench/webgpu/kernels). For each, the
// arguments are bound and uploaded once, and one launch is read back and checked against the CPU's float64
// result (lib/tlir-checked.mjs, shared with the browser page of workers/tlir-browser.mjs). Then it serves run.mjs's timed batches: R launches timed from the
// recording of the first to the queue's completion of the last (with the passes' timestamp queries where the
// adapter has them, read after the clock stopped). Nothing is read back inside the window.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireNodeDevice } from '../../../packages/runtime/dist/node/index.js';
import { readExpected, serveWorker } from '../lib/common.mjs';
import { checkedKernel } from '../lib/tlir-checked.mjs';
import { findCase } from '../cases.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const KERNELS = path.join(ROOT, 'bench/webgpu/kernels');

await serveWorker(async (job) => {
  const results = { tlir: { library: 'tlir', case: job.case }, reference: { library: 'hand-written WGSL', case: job.case } };
  const device = await acquireNodeDevice({ recipes: [job.recipe] });
  const benchCase = findCase(job.case, job.sizes);
  const sides = [{ name: 'tlir', files: job.tl, groups: benchCase.tl.groups, expectedFile: job.expectedFile }];
  // --tuned: the same kernel compiled with the schedule tl-run --tune chose, timed next to it.
  if (job.tuned) {
    results.tuned = { library: 'tlir (tuned)', case: job.case };
    sides.push({ name: 'tuned', files: job.tuned, groups: benchCase.tl.groups, expectedFile: job.expectedFile });
  }
  const ref = benchCase.reference;
  if (ref) {
    sides.push({
      name: 'reference',
      files: { wgslFile: path.join(KERNELS, `${ref.kernel}.wgsl`), manifestFile: path.join(KERNELS, `${ref.kernel}.manifest.json`) },
      groups: ref.groups,
      arguments: ref.arguments,
      output: ref.output,
      expectedFile: job.referenceExpectedFile ?? job.expectedFile,
    });
  } else {
    results.reference.status = 'none';
    results.reference.message = 'no hand-written reference for this case';
  }
  const impls = [];
  const resident = [];
  for (const side of sides) {
    const { impl, launcher } = await checkedKernel(
      device,
      {
        name: side.name,
        source: {
          wgsl: readFileSync(side.files.wgslFile, 'utf8'),
          manifest: readFileSync(side.files.manifestFile, 'utf8'),
          wgslFile: path.relative(ROOT, side.files.wgslFile),
          manifestFile: path.relative(ROOT, side.files.manifestFile),
        },
        inputs: benchCase.inputs(),
        groups: side.groups,
        argumentsOf: side.arguments,
        output: side.output ?? benchCase.output,
        expected: readExpected(side.expectedFile),
      },
      results[side.name],
    );
    if (launcher) resident.push(launcher);
    if (impl) impls.push(impl);
  }
  const close = () => {
    for (const launcher of resident) launcher.destroy();
    device.release();
  };
  return { results, impls, close };
});
