// Several tl groups per WebGPU work-group (tl-to-krnl's groups-per-work-group, docs/wgsl.md "Several groups per
// work-group") on a WebGPU adapter against the interpreter. The entry point runs G copies of a kernel's work-items,
// the runtime dispatches ceil(groups / G) work-groups, and the copies past the last group return early. The group
// counts are not multiples of G, so a wrong packed index, a wrong grid or a missing early return shows: groups left
// unwritten (the grid too small, or two copies computing the same group), or a read-modify-write of C applied twice.
import { describe, expect, it, type TestContext } from 'vitest';
import { useWebGpuDevice } from '../../../../packages/runtime/test/support/webgpu-adapter.js';
import { batchedGemmSource, END_TO_END_ADAPTERS, expectSameResults, specSampleCase } from '../support/end-to-end.js';

const device = useWebGpuDevice(END_TO_END_ADAPTERS);

// Sums of products in f32: the device may contract a * b + c.
const SUMS = 1e-5;
const GROUPS = 10;

// An M x N output within one work-group tile (x by y work-items of 4x4 register tiles), with edges: a gemm of
// several tiles has a storage barrier between them, and a kernel with a barrier is refused (see the file test
// targets/wgsl/test/translate/groups-per-work-group-errors.mlir).

const args = [{ sizes: [GROUPS] }, { sizes: [GROUPS] }, { sizes: [GROUPS] }];

/** The batched gemm on x by y work-items with an m x n output, G groups per work-group, against the interpreter. */
const packedBatched = (ctx: TestContext, [x, y, m, n]: readonly [number, number, number, number], g: number, launch: { maxGroupsPerDimension?: number } = {}) =>
  expectSameResults(device(ctx), {
    source: batchedGemmSource(x, y, m, n),
    file: 'batched.tl',
    kernel: 'batched',
    args,
    groups: GROUPS,
    tolerance: SUMS,
    lowering: `lower-to-krnl{groups-per-work-group=${g}}`,
    ...launch,
  });

describe('several groups per work-group on WebGPU', () => {
  it('a batched gemm (C read and written) on 8x2 work-items, 4 groups per work-group along z', async (ctx) => {
    const translated = await packedBatched(ctx, [8, 2, 29, 7], 4);
    expect(translated.manifest.workgroupSize).toEqual([8, 2, 4]);
    expect(translated.manifest.grid.groupsPerWorkgroup).toBe(4);
    expect(translated.wgsl).toContain('let group_linear = (wid.x + nwg.x * (wid.y + nwg.y * wid.z)) * 4u + lid.z;');
  }, 120_000);

  it('a batched gemm on 4x3 work-items, 8 groups per work-group launched one-dimensional', async (ctx) => {
    const translated = await packedBatched(ctx, [4, 3, 15, 11], 8);
    expect(translated.manifest.workgroupSize).toEqual([96, 1, 1]);
    expect(translated.wgsl).toContain('* 8u + lid.x / 12u;');
    expect(translated.wgsl).toContain('let thread_id_y = i32((lid.x / 4u) % 3u);');
  }, 120_000);

  it('a batched gemm on 4x3 work-items, 2 groups per work-group, the grid of 5 work-groups folded into (2, 2, 2)', async (ctx) => {
    const translated = await packedBatched(ctx, [4, 3, 15, 11], 2, { maxGroupsPerDimension: 2 });
    expect(translated.manifest.workgroupSize).toEqual([24, 1, 1]);
    expect(translated.wgsl).toContain('* 2u + lid.x / 12u;');
  }, 120_000);

  it("the spec's sample (a fused gemm chain on 2x4 work-items, D read and written), 4 groups per work-group", async (ctx) => {
    const translated = await expectSameResults(device(ctx), { ...specSampleCase(GROUPS, SUMS), lowering: 'lower-to-krnl{groups-per-work-group=4}' });
    expect(translated.manifest.workgroupSize).toEqual([32, 1, 1]);
    expect(translated.wgsl).toContain('* 4u + lid.x / 8u;');
  }, 120_000);
});
