// The webgpu backend: the kernel's gpu IR (after lower-to-gpu) translated to WGSL with its manifest
// (@tlir/target-wgsl), loaded and launched by @tlir/runtime on the adapter it picks. The host function of the gpu
// stage launches the kernel once on a grid of `groups` work-groups, which is what the runtime's launch does; the
// arguments go by position to the manifest's (the kernel's, in signature order). index arrays travel as int32 (WGSL
// has no 64-bit integers). Nothing here needs Node (the playground runs it in a browser); the device of the command
// comes from node-device.ts.
import { translateToWgsl, WGSL_FEATURES, type TranslatedKernel, type WgslFeatureName } from '@tlir/target-wgsl';
import { Diagnostic, type Operation } from '@tlir/ir';
import { GpuRuntimeError, type CompiledKernel, type KernelArgumentValue, type LaunchOptions, type LaunchTiming, type NdArray, type RuntimeDevice } from '@tlir/runtime';
import type { HostArguments } from './host-arguments.js';
import type { KernelSignature } from './kernel-signature.js';
import { ToolFailure } from './tool-failure.js';

/** The gpu.launch_func ops of the host function. */
function launchesOf(host: Operation): Operation[] {
  const launches: Operation[] = [];
  host.walk((op) => {
    if (op.name === 'gpu.launch_func') launches.push(op);
  });
  return launches;
}

/**
 * The WGSL and manifest of the kernel of the gpu stage (`host` is its host function, in `module`), for a device
 * with `features`. Translation errors are reported to the module's context (a ToolFailure without text).
 */
export function translateKernelToWgsl(
  module: Operation,
  host: Operation,
  kernel: string,
  features: readonly string[],
  sourceLine: (file: string, line: number) => string | undefined,
  boundsCheck = false,
  loopCheck = false,
): TranslatedKernel {
  const launches = launchesOf(host);
  if (launches.length !== 1) {
    throw ToolFailure.located([new Diagnostic('error', host.loc, `the webgpu backend launches one kernel; the host function of @${kernel} launches ${launches.length}`)]);
  }
  const usable = WGSL_FEATURES.filter((f) => features.includes(f)) as WgslFeatureName[];
  const translated = translateToWgsl(module, { kernel, features: usable, sourceLine, ...(boundsCheck ? { boundsCheck } : {}), ...(loopCheck ? { loopCheck } : {}) });
  if (!translated || translated.length !== 1) {
    throw ToolFailure.message(`@${kernel} cannot run on WebGPU (above); the interpreter runs it at every stage: --backend interpreter`);
  }
  return translated[0]!;
}

/** A copy of a host array as the runtime takes it (index elements as int32: checked to fit). */
function runtimeArray(array: NdArray, isIndex: boolean, name: string): NdArray {
  if (isIndex && array.dtype === 'i64') {
    const data = new Int32Array(array.data.length);
    (array.data as BigInt64Array).forEach((v, i) => {
      if (v > 2147483647n || v < -2147483648n) throw ToolFailure.message(`argument '${name}': the index element ${v} does not fit the 32 bits of index on WebGPU`);
      data[i] = Number(v);
    });
    return { dtype: 'i32', shape: array.shape, order: array.order, data };
  }
  return { ...array, data: array.data.slice() } as NdArray;
}

/** The runtime's array after a launch, back in the dtype the host gave. */
function hostArray(runtime: NdArray, given: NdArray): NdArray {
  if (given.dtype === 'i64' && runtime.dtype === 'i32') {
    return { dtype: 'i64', shape: given.shape, order: given.order, data: BigInt64Array.from(runtime.data as Int32Array, (v) => BigInt(v)) };
  }
  return runtime;
}

export interface WebGpuRun {
  readonly arrays: Map<string, NdArray>;
  readonly timing: LaunchTiming;
  /** The work-groups dispatched. */
  readonly groups: number;
}

/** Runtime errors (WGSL the device refuses, arguments, the launch) as ToolFailures with the runtime's messages. */
async function runtimeStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (e instanceof GpuRuntimeError) throw ToolFailure.rendered(e.message);
    throw e;
  }
}

/**
 * Compiles the translated kernel on the device; `sources` (the kernel's source texts by file name) show the source
 * lines under WGSL messages. The WGSL compiler's warnings come rendered (empty when there are none).
 */
export async function loadOnWebGpu(device: RuntimeDevice, translated: TranslatedKernel, sources: Readonly<Record<string, string>>): Promise<{ kernel: CompiledKernel; warnings: string }> {
  const kernel = await runtimeStep(() => device.loadKernel({ wgsl: translated.wgsl, manifest: translated.manifest, wgslFile: `${translated.name}.wgsl`, sources }));
  return { kernel, warnings: kernel.renderDiagnostics() };
}

/**
 * Launches the kernel on copies of the host arguments (`repetitions` dispatches on the same buffers) and returns
 * the memref and group arrays after the launches, with the timing of each dispatch. The arguments go by position
 * to the manifest's.
 */
export async function launchOnWebGpu(
  kernel: CompiledKernel,
  translated: TranslatedKernel,
  signature: KernelSignature,
  host: HostArguments,
  repetitions = 1,
  /** Timed batches (the runtime's LaunchOptions: the benchmark's clock, for the tuner). */
  batched: Pick<LaunchOptions, 'batches' | 'batchClock'> = {},
): Promise<WebGpuRun> {
  const manifest = translated.manifest;
  const parameters = signature.parameters;
  if (manifest.arguments.length !== parameters.length || manifest.arguments.some((a, i) => a.kind !== parameters[i]!.kind)) {
    throw ToolFailure.message(`internal: the manifest's arguments (${manifest.arguments.map((a) => `${a.name}: ${a.kind}`).join(', ')}) are not the kernel's`);
  }
  const args: Record<string, KernelArgumentValue> = {};
  const copies = new Map<string, NdArray>();
  parameters.forEach((p, i) => {
    const value = host.values.get(p.name)!;
    const name = manifest.arguments[i]!.name;
    if (value.kind === 'scalar') args[name] = Number(value.value);
    else {
      const copy = runtimeArray(value.array, p.elementName === 'index', p.name);
      copies.set(p.name, copy);
      args[name] = copy;
    }
  });
  const result = await runtimeStep(() => kernel.launch(args, { groups: host.groups, repetitions, ...batched }));
  const arrays = new Map<string, NdArray>();
  for (const [name, copy] of copies) {
    const given = host.values.get(name)!;
    if (given.kind === 'array') arrays.set(name, hostArray(copy, given.array));
  }
  return { arrays, timing: result.timing, groups: result.groups };
}
