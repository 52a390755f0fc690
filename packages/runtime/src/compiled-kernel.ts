/**
 * A kernel loaded on a device: its manifest, compute pipeline and bind group layouts, and what the WGSL
 * compiler warned about. launch() may be called any number of times.
 */
import type { Diagnostic, SourceManager } from '@tlir/ir';
import type { KernelArguments } from './argument-binding.js';
import type { KernelManifest } from './kernel-manifest.js';
import { formatKernelSignature } from './kernel-signature-format.js';
import { launchKernel, type LaunchOptions, type LaunchResult } from './kernel-launch.js';
import type { RuntimeDevice } from './runtime-device.js';
import { renderDiagnostics } from './runtime-error.js';

export class CompiledKernel {
  /** @internal Made by RuntimeDevice.loadKernel. */
  constructor(
    readonly runtime: RuntimeDevice,
    readonly manifest: KernelManifest,
    /** @internal */
    readonly pipeline: GPUComputePipeline,
    /** @internal One per bind group index. */
    readonly bindGroupLayouts: readonly GPUBindGroupLayout[],
    /** The WGSL compiler's warnings and remarks, located like errors; empty for a clean kernel. */
    readonly diagnostics: readonly Diagnostic[],
    /** The WGSL and kernel source texts, for rendering diagnostics. */
    readonly sources: SourceManager,
  ) {}

  /** `name(arg: type, ...)`. */
  get signature(): string {
    return formatKernelSignature(this.manifest);
  }

  /** The compiler's warnings rendered as text (empty when there are none). */
  renderDiagnostics(): string {
    return renderDiagnostics(this.diagnostics, this.sources);
  }

  /**
   * Runs the kernel on `args` (values by argument name): checks them, uploads them, dispatches `groups`
   * work-groups (`options.repetitions` times), and copies every read-write memref and group back into the
   * caller's arrays. Throws a GpuRuntimeError saying what is wrong with the arguments or the launch.
   */
  launch(args: KernelArguments, options: LaunchOptions = {}): Promise<LaunchResult> {
    return this.runtime.exclusive(() => launchKernel(this, args, options));
  }
}
