/**
 * A WebGPU device the runtime runs kernels on, with the report of the adapter it came from. It serializes the
 * work that uses error scopes (loading and launching kernels), notices when the device is lost, and releases
 * everything on release(): the device is destroyed and the object it came from dropped (in Node, the
 * `webgpu` package's GPU object keeps the process alive while it is referenced).
 */
import { Diagnostic, UnknownLoc } from '@tlir/ir';
import { reportAdapter, type AdapterFacts, type AdapterReport } from './adapter-report.js';
import type { CompiledKernel } from './compiled-kernel.js';
import { loadKernel, type KernelSource } from './kernel-loading.js';
import { probeLoopIterationLimit } from './loop-iteration-limit.js';
import { GpuRuntimeError } from './runtime-error.js';

/** Features the runtime asks for whenever the adapter has them: kernels may use them, launches time with them. */
const USEFUL_FEATURES = ['timestamp-query', 'subgroups', 'shader-f16'];

/** Limits that bound what compute kernels can do; the runtime asks for the adapter's best values. */
const COMPUTE_LIMITS = [
  'maxBindGroups',
  'maxBindingsPerBindGroup',
  'maxStorageBuffersPerShaderStage',
  'maxUniformBuffersPerShaderStage',
  'maxStorageBufferBindingSize',
  'maxUniformBufferBindingSize',
  'maxBufferSize',
  'maxComputeWorkgroupStorageSize',
  'maxComputeInvocationsPerWorkgroup',
  'maxComputeWorkgroupSizeX',
  'maxComputeWorkgroupSizeY',
  'maxComputeWorkgroupSizeZ',
  'maxComputeWorkgroupsPerDimension',
];

export interface DeviceOptions {
  /** Features the device must have (an error names the missing ones); the useful ones are added when present. */
  readonly requiredFeatures?: readonly string[];
}

export class RuntimeDevice {
  private gpuDevice: GPUDevice | undefined;
  private lost: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly uncaptured: string[] = [];
  private loopLimit: Promise<number | undefined> | undefined;

  private constructor(
    device: GPUDevice,
    readonly report: AdapterReport,
    private onRelease: (() => void) | undefined,
  ) {
    this.gpuDevice = device;
    void device.lost.then((info) => {
      if (this.gpuDevice === device) this.lost = `the device was lost (${info.reason}): ${info.message}`;
    });
    device.addEventListener('uncapturederror', (event) => {
      this.uncaptured.push((event as GPUUncapturedErrorEvent).error.message);
    });
  }

  /**
   * Opens a device on `adapter`: the required features plus the useful ones it has, and the adapter's best
   * compute limits. `onRelease` runs on release() (to drop what the adapter came from).
   */
  static async open(adapter: GPUAdapter, facts: AdapterFacts, options: DeviceOptions = {}, onRelease?: () => void): Promise<RuntimeDevice> {
    const required = options.requiredFeatures ?? [];
    const missing = required.filter((f) => !adapter.features.has(f));
    if (missing.length > 0) {
      const description = adapter.info.description || adapter.info.vendor || 'the adapter';
      throw new GpuRuntimeError('adapter', [
        new Diagnostic('error', UnknownLoc.instance, `${description} (${facts.recipe}) lacks the required feature${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`),
      ]);
    }
    const features = [...new Set([...required, ...USEFUL_FEATURES.filter((f) => adapter.features.has(f))])] as GPUFeatureName[];
    const requiredLimits: Record<string, number> = {};
    const limits = adapter.limits as unknown as Record<string, unknown>;
    for (const name of COMPUTE_LIMITS) {
      const value = limits[name];
      if (typeof value === 'number') requiredLimits[name] = value;
    }
    let device: GPUDevice;
    try {
      device = await adapter.requestDevice({ requiredFeatures: features, requiredLimits, label: 'tlir runtime' });
    } catch (error) {
      throw new GpuRuntimeError('adapter', [new Diagnostic('error', UnknownLoc.instance, `could not open a device on the adapter: ${error instanceof Error ? error.message : String(error)}`)]);
    }
    return new RuntimeDevice(device, reportAdapter(adapter, device, facts), onRelease);
  }

  /** The GPUDevice; throws when the device was released or lost. */
  get device(): GPUDevice {
    if (this.lost !== undefined) throw new GpuRuntimeError('device', [new Diagnostic('error', UnknownLoc.instance, this.lost)]);
    if (!this.gpuDevice) throw new GpuRuntimeError('device', [new Diagnostic('error', UnknownLoc.instance, 'the device was released')]);
    return this.gpuDevice;
  }

  /** Whether release() was called. */
  get released(): boolean {
    return this.gpuDevice === undefined;
  }

  /** Errors the device raised outside any error scope since the last call (then forgotten). */
  takeUncapturedErrors(): string[] {
    return this.uncaptured.splice(0);
  }

  /** Runs `work` after every earlier exclusive work has finished (error scopes are per device, not per task). */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * The number of loop iterations after which the adapter ends a work-item's loops (Mesa's llvmpipe: 65,535), or
   * undefined when it runs them to the end; probed once, on the first call (loop-iteration-limit.ts). Dawn's null
   * backend runs nothing: undefined. Tools translate kernels with loop checks when this is defined.
   */
  loopIterationLimit(): Promise<number | undefined> {
    if (this.report.recipe === 'null') return Promise.resolve(undefined);
    this.loopLimit ??= this.exclusive(() => probeLoopIterationLimit(this.device));
    return this.loopLimit;
  }

  /** Compiles a kernel (WGSL + manifest) for this device; see KernelSource. */
  loadKernel(source: KernelSource): Promise<CompiledKernel> {
    return this.exclusive(() => loadKernel(this, source));
  }

  /** Destroys the device and drops what it came from; the device cannot be used afterwards. Idempotent. */
  release(): void {
    const device = this.gpuDevice;
    this.gpuDevice = undefined;
    device?.destroy();
    const onRelease = this.onRelease;
    this.onRelease = undefined;
    onRelease?.();
  }
}
