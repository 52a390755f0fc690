// A WebGPU device for the runtime's tests. Without an adapter the tests are skipped with a message saying what
// to install; under CI=true (as .ci/run sets it) they fail instead, like the file tests that need mlir-opt.
import { afterAll, beforeAll, type TestContext } from 'vitest';
import { GpuRuntimeError, type RuntimeDevice } from '@tlir/runtime';
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
