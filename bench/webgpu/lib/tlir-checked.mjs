// One kernel of the WebGPU benchmark on a @tlir/runtime device, made ready for the one clock: loaded, its
// arguments bound and uploaded once (tlir-resident.mjs), one launch read back and checked against the CPU's
// float64 result. Shared by the Node worker (workers/tlir.mjs, on acquireNodeDevice's device) and the browser
// page (browser/page.mjs, on acquireBrowserDevice's): no Node imports, the device is a parameter.

import { compareResult } from './data.mjs';
import { MAX_RESIDENT_REPETITIONS, residentKernel } from './tlir-resident.mjs';

/** A host array of the runtime (column-major) over the case's data. */
const hostValue = (input) => (typeof input === 'number' ? input : { dtype: 'f32', shape: input.shape, order: 'F', data: input.data });

/**
 * Loads `source` (a KernelSource: wgsl, manifest and their file names) on `device` and checks one launch on the
 * case's inputs (`inputs`, from the case's inputs(); `side.arguments` maps them to the kernel's arguments when
 * given, `side.output` says which one is the result) against `expected`. Fills `result` (kernel, workgroupSize,
 * check, status: 'ok', 'wrong' or 'error', message) and returns `{ impl, launcher }`: the implementation to time
 * (`{ name, firstMs, maxRepetitions, launch }`, undefined unless the result was right) and the resident launcher
 * to destroy (undefined when it was not made).
 */
export async function checkedKernel(device, { name, source, inputs, groups, argumentsOf, output, expected }, result) {
  let launcher;
  try {
    result.adapter = device.report.summary;
    const kernel = await device.loadKernel(source);
    result.kernel = kernel.manifest.kernel;
    result.workgroupSize = kernel.manifest.workgroupSize;
    const values = (argumentsOf ? argumentsOf(inputs) : inputs).map(hostValue);
    const args = Object.fromEntries(kernel.manifest.arguments.map((argument, i) => [argument.name, values[i]]));
    launcher = await residentKernel(kernel, args, groups);
    const first = await launcher.launch(1);
    await launcher.readBack();
    result.check = compareResult(values[output].data, expected);
    if (!result.check.ok) {
      result.status = 'wrong';
      result.message = result.check.problem;
      return { launcher };
    }
    result.status = 'ok';
    return { launcher, impl: { name, firstMs: first.ms, maxRepetitions: MAX_RESIDENT_REPETITIONS, launch: launcher.launch } };
  } catch (error) {
    result.status = 'error';
    result.message = error instanceof Error ? error.message : String(error);
    return { launcher };
  }
}
