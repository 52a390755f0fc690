/**
 * One launch of a compiled kernel: bind the arguments, fill the storage buffers (each array at its memref's
 * places, a group's members one after the other with their offset table) and the parameter uniforms, dispatch
 * the folded grid, copy the read-write buffers back into the caller's arrays, and time the dispatches.
 * Validation and out-of-memory errors of the device are caught in error scopes and reported.
 */
import { Diagnostic, UnknownLoc } from '@tlir/ir';
import { bindArguments, type BoundArgument, type KernelArguments, type PlacedArray } from './argument-binding.js';
import type { CompiledKernel } from './compiled-kernel.js';
import { dispatchedWorkgroups, foldDispatchGrid, type DispatchGrid } from './dispatch-grid.js';
import { BufferUsage, MapMode } from './gpu-constants.js';
import { BOUNDS_RECORD_WORDS, type StorageBinding } from './kernel-manifest.js';
import { boundsViolation } from './bounds-check.js';
import { PassTimestamps, type LaunchTiming } from './launch-timing.js';
import { buildParameterBlocks, slotKey } from './parameter-block.js';
import { GpuRuntimeError } from './runtime-error.js';
import { packIntoWords, unpackFromWords, type WordArray } from './strided-transfer.js';

export interface LaunchOptions {
  /** The number of work-groups; default: the member count of the group arguments. */
  readonly groups?: number;
  /** Dispatch the kernel this many times on the same buffers (for timing); default 1. */
  readonly repetitions?: number;
  /** Fold the grid at this many work-groups per dimension (at most the device's limit, the default). */
  readonly maxGroupsPerDimension?: number;
  /**
   * Timed batches (for benchmarks and the tuner): the arguments are uploaded once, then `batches` times the
   * `repetitions` dispatches are recorded in one command encoder, submitted, and waited for, each batch timed by the
   * wall clock from its recording to the queue's completion (nothing is read back inside; the timestamps of every
   * pass are taken too where the device has them); the results are read back after the last batch. Default: one
   * batch, untimed by the wall clock where timestamps are taken.
   */
  readonly batches?: number;
  /** A second clock read around each batch (seconds; Node's process CPU time, say): `timing.batches.clockSeconds`. */
  readonly batchClock?: () => number;
  /**
   * Asked after each batch with its times (its index, wall seconds, and the batchClock's seconds where given): false
   * stops the batches there (the tuner stops a candidate whose first timed batch is far behind the best so far).
   * `timing.batches` then holds the batches run.
   */
  readonly continueBatches?: (batch: { readonly index: number; readonly wallSeconds: number; readonly clockSeconds?: number }) => boolean;
}

export interface LaunchResult {
  readonly groups: number;
  /** The work-groups dispatched in x, y and z. */
  readonly grid: DispatchGrid;
  readonly timing: LaunchTiming;
}

const fail = (message: string): never => {
  throw new GpuRuntimeError('launch', [new Diagnostic('error', UnknownLoc.instance, message)]);
};

/** Where a storage buffer's elements come from and go back to. */
interface StorageContents {
  readonly binding: StorageBinding;
  readonly elements: number;
  readonly pieces: readonly PlacedArray[];
  /** For an offset table: the element offset of each member. */
  readonly offsets?: { readonly members: number; readonly stride: number };
}

function storageContents(binding: StorageBinding, arg: BoundArgument): StorageContents {
  if (arg.kind === 'scalar') throw new Error(`internal: storage binding for scalar '${arg.argument.name}'`);
  if (binding.role === 'group-offsets') {
    if (arg.kind !== 'group') throw new Error(`internal: offset table of memref '${arg.argument.name}'`);
    return { binding, elements: arg.members, pieces: [], offsets: { members: arg.members, stride: arg.memberStride } };
  }
  return { binding, elements: arg.bufferElements, pieces: arg.pieces };
}

function describeBytes(bytes: number): string {
  return bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(2)} GiB` : bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MiB` : `${bytes} bytes`;
}

export async function launchKernel(kernel: CompiledKernel, args: KernelArguments, options: LaunchOptions): Promise<LaunchResult> {
  const { manifest, runtime } = kernel;
  const device = runtime.device;
  const repetitions = options.repetitions ?? 1;
  if (!Number.isSafeInteger(repetitions) || repetitions < 1) fail(`repetitions must be a positive integer, got ${String(repetitions)}`);
  const batches = options.batches;
  if (batches !== undefined && (!Number.isSafeInteger(batches) || batches < 1)) fail(`batches must be a positive integer, got ${String(batches)}`);
  const deviceMax = device.limits.maxComputeWorkgroupsPerDimension;
  const maxPerDimension = options.maxGroupsPerDimension ?? deviceMax;
  if (!Number.isSafeInteger(maxPerDimension) || maxPerDimension < 1 || maxPerDimension > deviceMax) {
    fail(`maxGroupsPerDimension must be an integer from 1 to the device's ${deviceMax}, got ${String(maxPerDimension)}`);
  }

  const bound = bindArguments(manifest, args, options.groups);
  // Several tl groups per work-group (grid.groupsPerWorkgroup): fewer work-groups, each running that many groups.
  const workgroups = dispatchedWorkgroups(bound.groups, manifest.grid.groupsPerWorkgroup);
  const grid = foldDispatchGrid(workgroups, maxPerDimension) ?? fail(`${workgroups} work-groups do not fit a grid of ${maxPerDimension}^3`);
  const parameters = buildParameterBlocks(manifest, bound);

  const contents: StorageContents[] = [];
  for (const binding of manifest.bindings) {
    if (binding.kind === 'uniform') continue;
    const entry = storageContents(binding, bound.byName.get(binding.argument)!);
    const bytes = entry.elements * 4;
    for (const limit of ['maxStorageBufferBindingSize', 'maxBufferSize'] as const) {
      if (bytes > device.limits[limit]) {
        fail(`argument '${binding.argument}' needs a ${describeBytes(bytes)} ${binding.role} buffer; the device allows ${describeBytes(device.limits[limit])} (${limit})`);
      }
    }
    contents.push(entry);
  }

  const created: GPUBuffer[] = [];
  const buffers = new Map<string, GPUBuffer>();
  const readbacks: { entry: StorageContents; staging: GPUBuffer; bytes: number }[] = [];
  let boundsBuffer: GPUBuffer | undefined;
  let boundsStaging: GPUBuffer | undefined;
  let timestamps: PassTimestamps | undefined;
  const wallClock: number[] = [];
  let batchTimes: { wallNanoseconds: number[]; clockSeconds?: number[] } | undefined;
  const release = (): void => {
    for (const buffer of created) buffer.destroy();
    timestamps?.destroy();
  };
  runtime.takeUncapturedErrors();
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  let thrown: unknown;
  try {
    for (const binding of manifest.bindings) {
      if (binding.kind !== 'uniform') continue;
      const buffer = device.createBuffer({ size: binding.sizeBytes, usage: BufferUsage.UNIFORM | BufferUsage.COPY_DST, mappedAtCreation: true, label: `${manifest.kernel} parameters` });
      created.push(buffer);
      new Uint8Array(buffer.getMappedRange()).set(new Uint8Array(parameters.get(slotKey(binding))!));
      buffer.unmap();
      buffers.set(slotKey(binding), buffer);
    }
    for (const entry of contents) {
      // Bindings cannot be empty, and a multiple of 16 bytes lets the kernel read any data buffer as an array of
      // vec4 (docs/wgsl.md, "Vector loads": arrayLength rounds down, so the padding is never read). An offset table
      // keeps its length: --bounds-check compares member indices with its arrayLength.
      const bytes = entry.offsets ? Math.max(4, entry.elements * 4) : Math.max(16, Math.ceil((entry.elements * 4) / 16) * 16);
      const buffer = device.createBuffer({
        size: bytes,
        usage: BufferUsage.STORAGE | BufferUsage.COPY_SRC | BufferUsage.COPY_DST,
        mappedAtCreation: true,
        label: `${manifest.kernel} ${entry.binding.argument} ${entry.binding.role}`,
      });
      created.push(buffer);
      const range = buffer.getMappedRange();
      if (entry.offsets) {
        const table = new Uint32Array(range);
        for (let m = 0; m < entry.offsets.members; m++) table[m] = m * entry.offsets.stride;
      } else {
        const words: WordArray = entry.binding.elementType === 'f32' ? new Float32Array(range) : new Int32Array(range);
        for (const piece of entry.pieces) packIntoWords(piece.array, piece.layout, words, piece.base);
      }
      buffer.unmap();
      buffers.set(slotKey(entry.binding), buffer);
      if (entry.binding.kind === 'storage-read-write') {
        const staging = device.createBuffer({ size: bytes, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST, label: `${entry.binding.argument} readback` });
        created.push(staging);
        readbacks.push({ entry, staging, bytes });
      }
    }
    // The bounds-check record: zeroed (mappedAtCreation gives zeros), read back after the launches.
    const bounds = manifest.boundsCheck?.slot;
    if (bounds) {
      const bytes = BOUNDS_RECORD_WORDS * 4;
      boundsBuffer = device.createBuffer({ size: bytes, usage: BufferUsage.STORAGE | BufferUsage.COPY_SRC, label: `${manifest.kernel} bounds-check record` });
      boundsStaging = device.createBuffer({ size: bytes, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST, label: `${manifest.kernel} bounds-check readback` });
      created.push(boundsBuffer, boundsStaging);
    }
    const bindGroups = kernel.bindGroupLayouts.map((layout, group) =>
      device.createBindGroup({
        layout,
        entries: manifest.bindings
          .filter((b) => b.group === group)
          .map((b) => ({ binding: b.binding, resource: { buffer: buffers.get(slotKey(b))! } }))
          .concat(bounds?.group === group ? [{ binding: bounds.binding, resource: { buffer: boundsBuffer! } }] : []),
      }),
    );
    const dispatches = grid[0] > 0;
    const encodePass = (encoder: GPUCommandEncoder, index: number): void => {
      const pass = encoder.beginComputePass(timestamps ? { timestampWrites: timestamps.writesFor(index) } : {});
      pass.setPipeline(kernel.pipeline);
      bindGroups.forEach((group, index) => pass.setBindGroup(index, group));
      pass.dispatchWorkgroups(grid[0], grid[1], grid[2]);
      pass.end();
    };
    if (dispatches && batches !== undefined) {
      // Timed batches on the buffers uploaded above (docs/runtime.md, "Launching").
      if (runtime.report.timestamps) timestamps = new PassTimestamps(device, repetitions * batches);
      batchTimes = { wallNanoseconds: [], ...(options.batchClock ? { clockSeconds: [] } : {}) };
      for (let b = 0; b < batches; b++) {
        const clock0 = options.batchClock?.();
        const start = performance.now();
        const encoder = device.createCommandEncoder();
        for (let r = 0; r < repetitions; r++) encodePass(encoder, b * repetitions + r);
        device.queue.submit([encoder.finish()]);
        await device.queue.onSubmittedWorkDone();
        const wallSeconds = (performance.now() - start) / 1000;
        batchTimes.wallNanoseconds.push(Math.round(wallSeconds * 1e9));
        const clockSeconds = clock0 !== undefined ? options.batchClock!() - clock0 : undefined;
        if (clockSeconds !== undefined) batchTimes.clockSeconds!.push(clockSeconds);
        if (options.continueBatches && b + 1 < batches && !options.continueBatches({ index: b, wallSeconds, ...(clockSeconds !== undefined ? { clockSeconds } : {}) })) break;
      }
      if (timestamps) {
        // Batches stopped early leave the rest of the queries unwritten: only those written are read.
        timestamps.limit(batchTimes.wallNanoseconds.length * repetitions);
        const encoder = device.createCommandEncoder();
        timestamps.resolve(encoder);
        device.queue.submit([encoder.finish()]);
      } else for (const ns of batchTimes.wallNanoseconds) for (let r = 0; r < repetitions; r++) wallClock.push(Math.round(ns / repetitions));
    } else if (dispatches && runtime.report.timestamps) {
      timestamps = new PassTimestamps(device, repetitions);
      const encoder = device.createCommandEncoder();
      for (let r = 0; r < repetitions; r++) encodePass(encoder, r);
      timestamps.resolve(encoder);
      device.queue.submit([encoder.finish()]);
    } else if (dispatches) {
      for (let r = 0; r < repetitions; r++) {
        const encoder = device.createCommandEncoder();
        encodePass(encoder, r);
        const start = performance.now();
        device.queue.submit([encoder.finish()]);
        await device.queue.onSubmittedWorkDone();
        wallClock.push(Math.round((performance.now() - start) * 1e6));
      }
    }
    const encoder = device.createCommandEncoder();
    for (const { entry, staging, bytes } of readbacks) encoder.copyBufferToBuffer(buffers.get(slotKey(entry.binding))!, 0, staging, 0, bytes);
    if (boundsBuffer && boundsStaging) encoder.copyBufferToBuffer(boundsBuffer, 0, boundsStaging, 0, BOUNDS_RECORD_WORDS * 4);
    device.queue.submit([encoder.finish()]);
  } catch (error) {
    thrown = error;
  }
  const validation = await device.popErrorScope();
  const outOfMemory = await device.popErrorScope();
  const messages = [validation, outOfMemory].flatMap((e) => (e ? [e.message] : [])).concat(runtime.takeUncapturedErrors());
  if (thrown !== undefined) messages.unshift(thrown instanceof Error ? thrown.message : String(thrown));
  if (messages.length > 0) {
    release();
    throw new GpuRuntimeError(
      'launch',
      messages.map((m) => new Diagnostic('error', UnknownLoc.instance, `launching '${manifest.kernel}' failed: ${m.trim()}`)),
    );
  }
  try {
    await Promise.all([...readbacks.map(({ staging }) => staging.mapAsync(MapMode.READ)), boundsStaging?.mapAsync(MapMode.READ)]);
    if (boundsStaging) {
      const record = new Uint32Array(boundsStaging.getMappedRange().slice(0));
      boundsStaging.unmap();
      const violation = boundsViolation(manifest, record);
      if (violation) throw new GpuRuntimeError('bounds', [violation], kernel.sources);
    }
    for (const { entry, staging } of readbacks) {
      const range = staging.getMappedRange();
      const words: WordArray = entry.binding.elementType === 'f32' ? new Float32Array(range) : new Int32Array(range);
      for (const piece of entry.pieces) unpackFromWords(piece.array, piece.layout, words, piece.base);
      staging.unmap();
    }
    const timing: LaunchTiming = {
      ...(timestamps ? { method: 'timestamp-query' as const, nanoseconds: await timestamps.read() } : { method: 'wall-clock' as const, nanoseconds: wallClock }),
      ...(batchTimes ? { batches: batchTimes } : {}),
    };
    return { groups: bound.groups, grid, timing };
  } catch (error) {
    if (error instanceof GpuRuntimeError) throw error;
    return fail(`reading the results of '${manifest.kernel}' failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    release();
  }
}
