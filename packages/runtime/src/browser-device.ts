/**
 * Acquiring a device from a WebGPU implementation's GPU object: a browser's navigator.gpu, or any other
 * (the Node recipes in node/ use this too). Nothing here needs Node.
 */
import { Diagnostic, UnknownLoc } from '@tlir/ir';
import type { AdapterRecipe } from './adapter-report.js';
import { RuntimeDevice, type DeviceOptions } from './runtime-device.js';
import { GpuRuntimeError } from './runtime-error.js';

export interface GpuDeviceOptions extends DeviceOptions {
  readonly requestAdapterOptions?: GPURequestAdapterOptions;
  /** How the GPU object was obtained, for the report; default 'browser'. */
  readonly recipe?: AdapterRecipe;
  /** The backend, for the report; default 'unknown'. */
  readonly backend?: string;
  /** Whether the adapter is known to be a CPU one (beyond what its name says). */
  readonly software?: boolean;
  /** Runs on release() (to drop the GPU object). */
  readonly onRelease?: () => void;
}

/** A device on the adapter `gpu` gives; undefined when it gives none. */
export async function acquireDeviceFrom(gpu: GPU, options: GpuDeviceOptions = {}): Promise<RuntimeDevice | undefined> {
  const adapter = await gpu.requestAdapter(options.requestAdapterOptions);
  if (!adapter) return undefined;
  const facts = { recipe: options.recipe ?? 'browser', backend: options.backend ?? 'unknown', ...(options.software === undefined ? {} : { software: options.software }) };
  return RuntimeDevice.open(adapter, facts, options, options.onRelease);
}

/** A device from the browser's navigator.gpu; throws a GpuRuntimeError of kind 'adapter' saying why there is none. */
export async function acquireBrowserDevice(options: GpuDeviceOptions = {}): Promise<RuntimeDevice> {
  const gpu = (globalThis as { navigator?: { gpu?: GPU } }).navigator?.gpu;
  const none = (why: string): never => {
    throw new GpuRuntimeError('adapter', [new Diagnostic('error', UnknownLoc.instance, why)]);
  };
  if (!gpu) {
    return none('navigator.gpu is undefined: this browser has no WebGPU here (it needs a secure context, https or localhost; headless Chromium also needs --enable-unsafe-webgpu, and --enable-unsafe-swiftshader without a GPU)');
  }
  const device = await acquireDeviceFrom(gpu, options);
  return device ?? none('navigator.gpu.requestAdapter() gave no adapter (WebGPU is disabled or no GPU is usable)');
}
