// A WebGPU device for the runtime's tests. Without an adapter the tests are skipped with a message saying what
// to install; under CI=true (as .ci/run sets it) they fail instead, like the file tests that need mlir-opt.
import { afterAll, beforeAll, type TestContext } from 'vitest';
import { acquireDeviceFrom, GpuRuntimeError, type RuntimeDevice } from '@tlir/runtime';
import { acquireNodeDevice, type NodeDeviceOptions } from '@tlir/runtime/node';
import { isCiEnvironment } from '../../../../test/lit/harness.js';

export interface AdapterOutcome {
  readonly device?: RuntimeDevice;
  /** Why there is no device, and what to install. */
  readonly missing?: string;
}

/**
 * A device by the Node recipes (options.recipes, else all of them). Under CI=true a missing adapter throws,
 * so that the test (or the hook) that asked fails; otherwise the outcome says what is missing.
 */
export async function requireWebGpuAdapter(options: NodeDeviceOptions = {}): Promise<AdapterOutcome> {
  try {
    return { device: await acquireNodeDevice(options) };
  } catch (error) {
    if (!(error instanceof GpuRuntimeError) || error.kind !== 'adapter') throw error;
    if (isCiEnvironment()) throw new Error(`${error.message}\n(CI=true: a missing WebGPU adapter fails these tests instead of skipping them)`);
    return { missing: error.message };
  }
}

/**
 * Acquires one device for the test file (released after it) and returns the function each test calls to get
 * it: the device; or, without an adapter, the test is skipped with the reason (CI=true: the test fails).
 */
export function useWebGpuDevice(options: NodeDeviceOptions = {}): (ctx: TestContext) => RuntimeDevice {
  let outcome: AdapterOutcome = { missing: 'the device was not acquired' };
  let failure: unknown;
  let warned = false;
  beforeAll(async () => {
    try {
      outcome = await requireWebGpuAdapter(options);
    } catch (error) {
      failure = error; // every test that asks for the device fails with it
    }
  });
  afterAll(() => outcome.device?.release());
  return (ctx) => {
    if (failure !== undefined) throw failure;
    if (outcome.device) return outcome.device;
    if (!warned) console.warn(`WebGPU tests skipped (set CI=true to make this an error):\n${outcome.missing}`);
    warned = true;
    ctx.skip(outcome.missing);
    throw new Error('unreachable: skipped');
  };
}

/**
 * A device on Dawn's null backend (the `webgpu` package's `create(['backend=null'])`), for WGSL that needs a feature
 * (`shader-f16`) that no adapter here has: it offers every feature, and loading a kernel on it runs Dawn's WGSL
 * compiler (Tint: parsing, type checking, validation, the same messages as on a real adapter) and checks the
 * pipeline against the manifest's bindings, but it runs nothing. Acquired on first use, released after the file.
 * Without it (the `webgpu` package does not load) the test is skipped with the reason; under CI=true it fails.
 */
export function useWgslValidator(requiredFeatures: readonly string[]): (ctx: TestContext) => Promise<RuntimeDevice> {
  let acquired: Promise<RuntimeDevice | string> | undefined;
  afterAll(async () => {
    const outcome = await acquired;
    if (typeof outcome === 'object') outcome.release();
  });
  const acquire = async (): Promise<RuntimeDevice | string> => {
    let create: (flags: string[]) => GPU;
    try {
      ({ create } = (await import('webgpu')) as { create: (flags: string[]) => GPU });
    } catch (error) {
      return `the 'webgpu' package could not be loaded: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    }
    const holder: { gpu?: GPU } = { gpu: create(['backend=null']) };
    const device = await acquireDeviceFrom(holder.gpu!, { recipe: 'null', backend: 'null', requiredFeatures, onRelease: () => delete holder.gpu });
    return device ?? "Dawn's null backend gave no adapter";
  };
  return async (ctx) => {
    acquired ??= acquire();
    const outcome = await acquired;
    if (typeof outcome === 'object') return outcome;
    const why = `no WGSL validator: ${outcome}`;
    if (isCiEnvironment()) throw new Error(`${why}\n(CI=true: a check that cannot run fails instead of being skipped)`);
    ctx.skip(why);
    throw new Error('unreachable: skipped');
  };
}
