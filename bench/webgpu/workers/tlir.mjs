// The WebGPU benchmark's tlir worker: one case in a process of its own, started by bench/webgpu/run.mjs, on
// one @tlir/runtime device: the kernel compiled from the tensor language (its WGSL and manifest made by run.mjs
// with tl-opt and tl-translate) and the case's hand-written reference (bench/webgpu/kernels). For each, the
// arguments are bound and uploaded once (lib/tlir-resident.mjs), and one launch is read back and checked
// against the CPU's float64 result. Then it serves run.mjs's timed batches: R launches timed from the
// recording of the first to the queue's completion of the last (with the passes' timestamp queries where the
// adapter has them, read after the clock stopped). Nothing is read back inside the window.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireNodeDevice } from '../../../packages/runtime/dist/node/index.js';
import { compareResult, errorMessage, readExpected, serveWorker } from '../lib/common.mjs';
import { MAX_RESIDENT_REPETITIONS, residentKernel } from '../lib/tlir-resident.mjs';
import { findCase } from '../cases.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const KERNELS = path.join(ROOT, 'bench/webgpu/kernels');

/** A host array of the runtime (column-major) over the case's data. */
const hostValue = (input) => (typeof input === 'number' ? input : { dtype: 'f32', shape: input.shape, order: 'F', data: input.data });

await serveWorker(async (job) => {
  const results = { tlir: { library: 'tlir', case: job.case }, reference: { library: 'hand-written WGSL', case: job.case } };
  const device = await acquireNodeDevice({ recipes: [job.recipe] });
  const benchCase = findCase(job.case);
  const sides = [{ name: 'tlir', files: job.tl, groups: benchCase.tl.groups, expectedFile: job.expectedFile }];
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
    const result = results[side.name];
    result.adapter = device.report.summary;
    try {
      const kernel = await device.loadKernel({
        wgsl: readFileSync(side.files.wgslFile, 'utf8'),
        manifest: readFileSync(side.files.manifestFile, 'utf8'),
        wgslFile: path.relative(ROOT, side.files.wgslFile),
        manifestFile: path.relative(ROOT, side.files.manifestFile),
      });
      result.kernel = kernel.manifest.kernel;
      result.workgroupSize = kernel.manifest.workgroupSize;
      const inputs = benchCase.inputs();
      const values = (side.arguments ? side.arguments(inputs) : inputs).map(hostValue);
      const output = values[side.output ?? benchCase.output];
      const args = Object.fromEntries(kernel.manifest.arguments.map((argument, i) => [argument.name, values[i]]));
      const launcher = await residentKernel(kernel, args, side.groups);
      resident.push(launcher);
      const first = await launcher.launch(1);
      await launcher.readBack();
      result.check = compareResult(output.data, readExpected(side.expectedFile));
      if (!result.check.ok) {
        result.status = 'wrong';
        result.message = result.check.problem;
        continue;
      }
      result.status = 'ok';
      impls.push({ name: side.name, firstMs: first.ms, maxRepetitions: MAX_RESIDENT_REPETITIONS, launch: launcher.launch });
    } catch (error) {
      result.status = 'error';
      result.message = errorMessage(error);
    }
  }
  const close = () => {
    for (const launcher of resident) launcher.destroy();
    device.release();
  };
  return { results, impls, close };
});
