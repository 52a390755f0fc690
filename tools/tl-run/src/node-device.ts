// The device of the webgpu backend in Node: the runtime's Node recipes (the `webgpu` package). Kept apart from
// webgpu-backend.ts, which browsers run too.
import { GpuRuntimeError, type RuntimeDevice } from '@tlir/runtime';
import { acquireNodeDevice } from '@tlir/runtime/node';
import { ToolFailure } from './tool-failure.js';

/** A WebGPU device by the runtime's recipes; no adapter is a ToolFailure with the runtime's account (what to install). */
export async function acquireWebGpuDevice(): Promise<RuntimeDevice> {
  try {
    return await acquireNodeDevice();
  } catch (e) {
    if (!(e instanceof GpuRuntimeError)) throw e;
    throw ToolFailure.rendered(`${e.message}\ntl-run: --backend webgpu needs a WebGPU adapter (above); the reference interpreter needs none: --backend interpreter\n`);
  }
}
