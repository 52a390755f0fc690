// Launching a kernel loaded by @tlir/runtime with its inputs kept on the device, for the benchmark's one clock.
// The runtime's kernel.launch() uploads the arguments, dispatches and reads the results back every time (what a
// user running a kernel once wants); the benchmark needs the inputs uploaded once and the launches timed alone.
// This binds and packs the arguments exactly as the runtime does (its own bindArguments, parameter blocks and
// strided packing, from packages/runtime/dist), keeps the buffers, and then:
//   launch(R): records R compute passes (one per launch, as kernel.launch does), submits them, and waits for
//              the queue: { ms } from the start of the recording to the completion, plus the passes' timestamps
//              (nanoseconds) when the device has 'timestamp-query', read after the clock has stopped;
//   readBack(): copies the read-write buffers back into the caller's arrays (the check, outside any window).

import { bindArguments, dispatchedWorkgroups, foldDispatchGrid } from '../../../packages/runtime/dist/index.js';
import { BufferUsage, MapMode } from '../../../packages/runtime/dist/gpu-constants.js';
import { buildParameterBlocks, slotKey } from '../../../packages/runtime/dist/parameter-block.js';
import { packIntoWords, unpackFromWords } from '../../../packages/runtime/dist/strided-transfer.js';

/** The most launches one launch(R) may record (two timestamp queries each; Dawn allows 4096 queries per set). */
export const MAX_RESIDENT_REPETITIONS = 1024;

async function checkScope(device, what) {
  const validation = await device.popErrorScope();
  const outOfMemory = await device.popErrorScope();
  const problems = [validation, outOfMemory].filter(Boolean).map((e) => e.message.trim());
  if (problems.length > 0) throw new Error(`${what}: ${problems.join('; ')}`);
}

export async function residentKernel(kernel, args, groups) {
  const device = kernel.runtime.device;
  const { manifest } = kernel;
  const bound = bindArguments(manifest, args, groups);
  const grid = foldDispatchGrid(dispatchedWorkgroups(bound.groups, manifest.grid.groupsPerWorkgroup), device.limits.maxComputeWorkgroupsPerDimension);
  if (!grid) throw new Error(`${bound.groups} work-groups do not fit a grid`);
  const parameters = buildParameterBlocks(manifest, bound);
  const created = [];
  const buffers = new Map();
  const readbacks = [];
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  for (const binding of manifest.bindings) {
    if (binding.kind === 'uniform') {
      const buffer = device.createBuffer({ size: binding.sizeBytes, usage: BufferUsage.UNIFORM | BufferUsage.COPY_DST, mappedAtCreation: true });
      new Uint8Array(buffer.getMappedRange()).set(new Uint8Array(parameters.get(slotKey(binding))));
      buffer.unmap();
      created.push(buffer);
      buffers.set(slotKey(binding), buffer);
      continue;
    }
    const arg = bound.byName.get(binding.argument);
    const offsets = binding.role === 'group-offsets';
    const elements = offsets ? arg.members : arg.bufferElements;
    // As the runtime: any data buffer can be an array of vec4; an offset table keeps its length (--bounds-check).
    const bytes = offsets ? Math.max(4, elements * 4) : Math.max(16, Math.ceil((elements * 4) / 16) * 16);
    const buffer = device.createBuffer({ size: bytes, usage: BufferUsage.STORAGE | BufferUsage.COPY_SRC | BufferUsage.COPY_DST, mappedAtCreation: true });
    const range = buffer.getMappedRange();
    if (offsets) {
      const table = new Uint32Array(range);
      for (let m = 0; m < arg.members; m++) table[m] = m * arg.memberStride;
    } else {
      const words = binding.elementType === 'f32' ? new Float32Array(range) : new Int32Array(range);
      for (const piece of arg.pieces) packIntoWords(piece.array, piece.layout, words, piece.base);
    }
    buffer.unmap();
    created.push(buffer);
    buffers.set(slotKey(binding), buffer);
    if (binding.kind === 'storage-read-write') {
      const staging = device.createBuffer({ size: bytes, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST });
      created.push(staging);
      readbacks.push({ binding, arg, buffer, staging, bytes });
    }
  }
  const bindGroups = kernel.bindGroupLayouts.map((layout, group) =>
    device.createBindGroup({
      layout,
      entries: manifest.bindings.filter((b) => b.group === group).map((b) => ({ binding: b.binding, resource: { buffer: buffers.get(slotKey(b)) } })),
    }),
  );
  const timestamps = kernel.runtime.report.timestamps;
  let querySet;
  let resolved;
  let readable;
  if (timestamps) {
    querySet = device.createQuerySet({ type: 'timestamp', count: 2 * MAX_RESIDENT_REPETITIONS });
    resolved = device.createBuffer({ size: 16 * MAX_RESIDENT_REPETITIONS, usage: BufferUsage.QUERY_RESOLVE | BufferUsage.COPY_SRC });
    readable = device.createBuffer({ size: 16 * MAX_RESIDENT_REPETITIONS, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST });
  }
  await checkScope(device, `preparing '${manifest.kernel}'`);

  async function launch(repetitions) {
    if (repetitions > MAX_RESIDENT_REPETITIONS) throw new Error(`at most ${MAX_RESIDENT_REPETITIONS} launches per batch`);
    device.pushErrorScope('out-of-memory');
    device.pushErrorScope('validation');
    const start = performance.now();
    const encoder = device.createCommandEncoder();
    for (let r = 0; r < repetitions; r++) {
      const pass = encoder.beginComputePass(timestamps ? { timestampWrites: { querySet, beginningOfPassWriteIndex: 2 * r, endOfPassWriteIndex: 2 * r + 1 } } : {});
      pass.setPipeline(kernel.pipeline);
      bindGroups.forEach((group, index) => pass.setBindGroup(index, group));
      pass.dispatchWorkgroups(grid[0], grid[1], grid[2]);
      pass.end();
    }
    if (timestamps) {
      encoder.resolveQuerySet(querySet, 0, 2 * repetitions, resolved, 0);
      encoder.copyBufferToBuffer(resolved, 0, readable, 0, 16 * repetitions);
    }
    device.queue.submit([encoder.finish()]);
    await device.queue.onSubmittedWorkDone();
    const ms = performance.now() - start;
    await checkScope(device, `launching '${manifest.kernel}'`);
    if (!timestamps) return { ms };
    await readable.mapAsync(MapMode.READ, 0, 16 * repetitions);
    const stamps = new BigInt64Array(readable.getMappedRange(0, 16 * repetitions).slice(0));
    readable.unmap();
    const nanoseconds = [];
    for (let r = 0; r < repetitions; r++) nanoseconds.push(Math.max(0, Number(stamps[2 * r + 1] - stamps[2 * r])));
    return { ms, timestamps: nanoseconds };
  }

  async function readBack() {
    const encoder = device.createCommandEncoder();
    for (const { buffer, staging, bytes } of readbacks) encoder.copyBufferToBuffer(buffer, 0, staging, 0, bytes);
    device.queue.submit([encoder.finish()]);
    for (const { binding, arg, staging } of readbacks) {
      await staging.mapAsync(MapMode.READ);
      const range = staging.getMappedRange();
      const words = binding.elementType === 'f32' ? new Float32Array(range) : new Int32Array(range);
      for (const piece of arg.pieces) unpackFromWords(piece.array, piece.layout, words, piece.base);
      staging.unmap();
    }
  }

  function destroy() {
    for (const buffer of created) buffer.destroy();
    querySet?.destroy();
    resolved?.destroy();
    readable?.destroy();
  }

  return { launch, readBack, destroy, grid, groups: bound.groups };
}
