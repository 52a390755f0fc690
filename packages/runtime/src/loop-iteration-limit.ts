/**
 * Whether the adapter ends a work-item's loops after a fixed number of iterations. Mesa's llvmpipe does (65,535 in
 * all, per invocation, then every loop exits and the kernel goes on without an error; docs/runtime.md), which turns
 * a long kernel's results silently wrong. The probe runs one work-item that counts PROBE_ITERATIONS loop iterations
 * into a storage buffer, the bound read from that buffer so that no compiler can fold the loop; a count short of the
 * bound is the adapter's limit. Tools translate kernels with loop checks on such an adapter (--loop-check), so that a
 * loop the adapter ended is an error rather than a wrong answer.
 */
import { BufferUsage, MapMode } from './gpu-constants.js';

/** The iterations the probe asks for: twice llvmpipe's limit, a few milliseconds on any adapter. */
export const PROBE_ITERATIONS = 131_072;

const PROBE_WGSL = `@group(0) @binding(0) var<storage, read_write> words: array<u32, 2>;

@compute @workgroup_size(1)
fn probe() {
  words[1] = 0u;
  for (var i = 0u; i < words[0]; i = i + 1u) {
    words[1] = words[1] + 1u;
  }
}
`;

/**
 * The number of loop iterations after which `device` ends a work-item's loops, or undefined when the probe's
 * loop ran to its end. Rejects when the probe cannot run (the caller decides what that means).
 */
export async function probeLoopIterationLimit(device: GPUDevice): Promise<number | undefined> {
  const module = device.createShaderModule({ code: PROBE_WGSL, label: 'tlir loop-limit probe' });
  const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'probe' }, label: 'tlir loop-limit probe' });
  const words = device.createBuffer({ size: 8, usage: BufferUsage.STORAGE | BufferUsage.COPY_SRC, mappedAtCreation: true, label: 'tlir loop-limit probe' });
  new Uint32Array(words.getMappedRange()).set([PROBE_ITERATIONS, 0]);
  words.unmap();
  const readback = device.createBuffer({ size: 8, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST, label: 'tlir loop-limit probe readback' });
  try {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: words } }] }));
    pass.dispatchWorkgroups(1);
    pass.end();
    encoder.copyBufferToBuffer(words, 0, readback, 0, 8);
    device.queue.submit([encoder.finish()]);
    await readback.mapAsync(MapMode.READ);
    const count = new Uint32Array(readback.getMappedRange().slice(0))[1]!;
    readback.unmap();
    return count < PROBE_ITERATIONS ? count : undefined;
  } finally {
    words.destroy();
    readback.destroy();
  }
}
