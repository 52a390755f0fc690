// Work-groups launched one-dimensional (targets/wgsl/src/launch-shape.ts, docs/wgsl.md "One-dimensional launch") on a
// WebGPU adapter against the interpreter: a kernel's x by y work-items, x not a multiple of 8, run as x y invocations
// along x with their thread ids derived from lid.x. A wrong derivation would leave register tiles unwritten or write
// them twice: the batched gemm's 19x23 outputs (edges in both axes) on 4x3 work-items, with direct loads and with
// staged tiles (work-group memory and barriers, which need the ids uniform where they were), and the spec's sample
// (a fused gemm chain on 2x4 work-items).
import { describe, expect, it } from 'vitest';
import { useWebGpuDevice } from '../../../../packages/runtime/test/support/webgpu-adapter.js';
import { batchedGemmSource, END_TO_END_ADAPTERS, expectSameResults, specSampleCase } from '../support/end-to-end.js';

const device = useWebGpuDevice(END_TO_END_ADAPTERS);

// Sums of products in f32: the device may contract a * b + c.
const SUMS = 1e-5;
const GROUPS = 3;

const batched = batchedGemmSource(4, 3);

describe('work-groups launched one-dimensional on WebGPU', () => {
  for (const lowering of ['lower-to-krnl', 'lower-to-krnl{copy=true tile-k=4}']) {
    it(`a batched gemm on 4x3 work-items (${lowering})`, async (ctx) => {
      const translated = await expectSameResults(device(ctx), {
        source: batched,
        file: 'batched.tl',
        kernel: 'batched',
        args: [{ sizes: [GROUPS] }, { sizes: [GROUPS] }, { sizes: [GROUPS] }],
        groups: GROUPS,
        tolerance: SUMS,
        lowering,
      });
      expect(translated.manifest.workgroupSize).toEqual([12, 1, 1]);
      expect(translated.wgsl).toContain('@workgroup_size(12, 1, 1)');
      expect(translated.wgsl).toContain('let thread_id_x = i32(lid.x % 4u);');
      expect(translated.wgsl).toContain('let thread_id_y = i32(lid.x / 4u);');
    }, 120_000);
  }

  it("the spec's sample (a fused gemm chain on 2x4 work-items)", async (ctx) => {
    const translated = await expectSameResults(device(ctx), specSampleCase(GROUPS, SUMS));
    expect(translated.manifest.workgroupSize).toEqual([8, 1, 1]);
    expect(translated.wgsl).toContain('let thread_id_y = i32(lid.x / 2u);');
  }, 120_000);
});
