// The runtime on a WebGPU adapter (a CPU one without a GPU): the hand-written kernels of test/kernels/ run and
// give the results a plain JavaScript computation gives; WGSL errors come back at kernel source positions;
// manifests that disagree with their WGSL, devices too small and bad arguments are reported.
import { describe, expect, it } from 'vitest';
import { forEachIndex, getElement, GpuRuntimeError, ndarray, zeros, type NdArray } from '@tlir/runtime';
import { acquireNodeDevice } from '@tlir/runtime/node';
import { kernelSource, replaceOnce } from './support/kernel-files.js';
import { useWebGpuDevice } from './support/webgpu-adapter.js';

const device = useWebGpuDevice();

/** What `promise` was rejected with: a GpuRuntimeError of `kind`. */
async function rejection(promise: Promise<unknown>, kind: GpuRuntimeError['kind']): Promise<string> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GpuRuntimeError);
  expect((error as GpuRuntimeError).kind).toBe(kind);
  return (error as Error).message;
}

const range = (n: number, f: (i: number) => number): Float32Array => Float32Array.from({ length: n }, (_, i) => f(i));

describe('the adapter', () => {
  it('is reported', (ctx) => {
    const { report } = device(ctx);
    expect(['gpu', 'swiftshader', 'opengles']).toContain(report.recipe);
    expect(report.summary).toContain(` via ${report.backend}, ${report.featureLevel}`);
    expect(report.limits['maxComputeWorkgroupsPerDimension']).toBeGreaterThanOrEqual(65535);
    expect(report.timestamps).toBe(report.features.includes('timestamp-query'));
  });
});

describe('several tl groups per work-group (grid.groupsPerWorkgroup)', () => {
  // axpy edited to run 4 groups of 16 elements per work-group of 64 invocations: the runtime must dispatch
  // ceil(groups / 4) work-groups (too few leave elements unwritten) and the kernel's early return the rest.
  const packed = kernelSource('axpy', {
    wgsl: (w) =>
      replaceOnce(
        replaceOnce(w, 'let group_id = wid.x + nwg.x * (wid.y + nwg.y * wid.z);', 'let group_id = (wid.x + nwg.x * (wid.y + nwg.y * wid.z)) * 4u + lid / 16u;'),
        'let i = group_id * 64u + lid;',
        'let i = group_id * 16u + lid % 16u;',
      ),
    manifest: (m) => replaceOnce(m, '"folding": "linear-xyz"', '"folding": "linear-xyz", "groupsPerWorkgroup": 4'),
  });
  for (const maxGroupsPerDimension of [undefined, 5]) {
    it(`dispatches ceil(groups / 4) work-groups${maxGroupsPerDimension ? ', folded' : ''}`, async (ctx) => {
      const kernel = await device(ctx).loadKernel(packed);
      const n = 1000;
      const y = ndarray(range(n, (i) => i));
      // 63 groups of 16: 16 work-groups, the last running 3 groups.
      const result = await kernel.launch({ alpha: 1, x: ndarray(range(n, () => 1)), y }, { groups: Math.ceil(n / 16), ...(maxGroupsPerDimension ? { maxGroupsPerDimension } : {}) });
      expect(result.grid).toEqual(maxGroupsPerDimension ? [4, 4, 1] : [16, 1, 1]);
      expect(y.data).toEqual(range(n, (i) => i + 1));
    });
  }
});

describe('axpy: a strided memref, a dope vector, a scalar', () => {
  it('computes y := alpha x + y with x at stride 2, compiling without warnings', async (ctx) => {
    const kernel = await device(ctx).loadKernel(kernelSource('axpy'));
    expect(kernel.diagnostics).toEqual([]);
    expect(kernel.signature).toBe('axpy(alpha: f32, x: memref<f32x?,strided<2>>, y: memref<f32x?>)');
    const n = 1000;
    const x = ndarray(range(n, (i) => i - 500));
    const y = ndarray(range(n, (i) => i * 0.5));
    const result = await kernel.launch({ alpha: 2.5, x, y }, { groups: Math.ceil(n / 64) });
    expect(result.grid).toEqual([16, 1, 1]);
    expect(y.data).toEqual(range(n, (i) => 2.5 * (i - 500) + i * 0.5));
    expect(x.data).toEqual(range(n, (i) => i - 500)); // read-only: not copied back
    expect(result.timing.nanoseconds).toHaveLength(1);
    expect(result.timing.method).toBe(device(ctx).report.timestamps ? 'timestamp-query' : 'wall-clock');
  });

  it('launches again with other sizes, and repeats a dispatch', async (ctx) => {
    const kernel = await device(ctx).loadKernel(kernelSource('axpy'));
    for (const n of [1, 65, 300]) {
      const y = ndarray(new Float32Array(n).fill(1));
      await kernel.launch({ alpha: -1, x: ndarray(range(n, (i) => i)), y }, { groups: Math.ceil(n / 64) });
      expect(y.data).toEqual(range(n, (i) => 1 - i));
    }
    const y = ndarray(new Float32Array(100));
    const result = await kernel.launch({ alpha: 1, x: ndarray(new Float32Array(100).fill(2)), y }, { groups: 2, repetitions: 3 });
    expect(y.data).toEqual(new Float32Array(100).fill(6));
    expect(result.timing.nanoseconds).toHaveLength(3);
    for (const t of result.timing.nanoseconds) expect(t).toBeGreaterThanOrEqual(0);
  });

  it('times batches on buffers uploaded once (the benchmark\'s clock), with a second clock', async (ctx) => {
    const kernel = await device(ctx).loadKernel(kernelSource('axpy'));
    const y = ndarray(new Float32Array(100));
    let ticks = 0;
    const result = await kernel.launch({ alpha: 1, x: ndarray(new Float32Array(100).fill(2)), y }, { groups: 2, repetitions: 3, batches: 4, batchClock: () => ++ticks });
    // 3 x 4 dispatches on the same buffers, read back once.
    expect(y.data).toEqual(new Float32Array(100).fill(24));
    expect(result.timing.nanoseconds).toHaveLength(12);
    expect(result.timing.batches?.wallNanoseconds).toHaveLength(4);
    for (const t of result.timing.batches!.wallNanoseconds) expect(t).toBeGreaterThan(0);
    expect(result.timing.batches?.clockSeconds).toEqual([1, 1, 1, 1]);
    await expect(kernel.launch({ alpha: 1, x: ndarray(new Float32Array(100)), y }, { groups: 2, batches: 0 })).rejects.toThrow(/batches must be a positive integer, got 0/);
  });

  it('stops the batches where continueBatches answers false, and keeps the ones run', async (ctx) => {
    const kernel = await device(ctx).loadKernel(kernelSource('axpy'));
    const y = ndarray(new Float32Array(100));
    const asked: { index: number; wallSeconds: number; clockSeconds?: number }[] = [];
    let ticks = 0;
    const result = await kernel.launch(
      { alpha: 1, x: ndarray(new Float32Array(100).fill(2)), y },
      { groups: 2, repetitions: 3, batches: 5, batchClock: () => (ticks += 2), continueBatches: (b) => (asked.push(b), b.index < 1) },
    );
    // Batches 0 and 1 ran (asked after each), the other three did not: 2 x 3 dispatches, read back once.
    expect(asked.map((b) => b.index)).toEqual([0, 1]);
    for (const b of asked) expect(b.wallSeconds).toBeGreaterThan(0);
    expect(asked.map((b) => b.clockSeconds)).toEqual([2, 2]);
    expect(y.data).toEqual(new Float32Array(100).fill(12));
    expect(result.timing.batches?.wallNanoseconds).toHaveLength(2);
    expect(result.timing.nanoseconds).toHaveLength(6);
    // Not asked after the last batch: nothing is left to stop.
    const all: number[] = [];
    await kernel.launch({ alpha: 1, x: ndarray(new Float32Array(100)), y }, { groups: 2, batches: 3, continueBatches: (b) => (all.push(b.index), true) });
    expect(all).toEqual([0, 1]);
  });

  it('zero work-groups dispatch nothing', async (ctx) => {
    const kernel = await device(ctx).loadKernel(kernelSource('axpy'));
    const y = ndarray(new Float32Array([7, 8]));
    const result = await kernel.launch({ alpha: 1, x: ndarray(new Float32Array([1, 1])), y }, { groups: 0 });
    expect(result.grid).toEqual([0, 0, 0]);
    expect([...y.data]).toEqual([7, 8]);
  });
});

describe('scale_group: a group of memrefs with an offset table, two bind groups', () => {
  const M = 7;
  const G = 5;
  const aValue = (i: number, j: number, g: number): number => 100 * g + 10 * j + i;
  const bValue = (i: number, j: number, g: number): number => -(i + j + g);
  const fill = (order: 'C' | 'F', value: (i: number, j: number, g: number) => number): NdArray => {
    const array = zeros('f32', [M, 3, G], order);
    forEachIndex(array.shape, ([i, j, g]) => {
      const strides = order === 'F' ? [1, M, 3 * M] : [3 * G, G, 1];
      array.data[i! * strides[0]! + j! * strides[1]! + g! * strides[2]!] = value(i!, j!, g!);
    });
    return array;
  };
  const check = (B: NdArray): void => {
    forEachIndex(B.shape, ([i, j, g]) => expect(getElement(B, [i!, j!, g!])).toBe(2 * aValue(i!, j!, g!) + bValue(i!, j!, g!)));
  };

  for (const [aOrder, bOrder] of [['F', 'F'], ['C', 'F'], ['F', 'C']] as const) {
    it(`B(:, :, g) := 2 A_g + B(:, :, g), A in ${aOrder} order, B in ${bOrder} order`, async (ctx) => {
      const kernel = await device(ctx).loadKernel(kernelSource('scale-group'));
      expect(kernel.diagnostics).toEqual([]);
      const A = fill(aOrder, aValue);
      const B = fill(bOrder, bValue);
      const result = await kernel.launch({ A, B });
      expect(result.groups).toBe(G);
      check(B);
    });
  }

  it('takes the group as a list of member arrays', async (ctx) => {
    const kernel = await device(ctx).loadKernel(kernelSource('scale-group'));
    const members = Array.from({ length: G }, (_, g) => {
      const member = zeros('f32', [M, 3], g % 2 === 0 ? 'F' : 'C');
      forEachIndex(member.shape, ([i, j]) => void (member.data[g % 2 === 0 ? i! + j! * M : i! * 3 + j!] = aValue(i!, j!, g)));
      return member;
    });
    const B = fill('F', bValue);
    await kernel.launch({ A: members, B }, { groups: G });
    check(B);
  });
});

describe('scalars: i32, i1 and i8 scalars; i8, i32 and i1 memrefs', () => {
  it('computes out, back and mask', async (ctx) => {
    const kernel = await device(ctx).loadKernel(kernelSource('scalars'));
    expect(kernel.diagnostics).toEqual([]);
    const src = ndarray(new Int8Array([-128, -5, 0, 1, 127, 64, -64, 3, 2, 1, 0, -1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10, 33, 44]));
    const n = src.data.length;
    for (const [value, flag, bias] of [[1000, true, -3], [2 ** 31 - 1, false, 127], [-7, 1, -128]] as const) {
      const out = zeros('i32', [n]);
      const back = zeros('i8', [n]);
      const mask = zeros('bool', [n]);
      const result = await kernel.launch({ value, flag, bias, src, out, back, mask }, { groups: Math.ceil(n / 32) });
      expect(result.grid).toEqual([2, 1, 1]);
      const v = flag ? value : -value;
      expect([...out.data]).toEqual([...src.data].map((s) => (v + bias + s) | 0));
      expect([...back.data]).toEqual([...src.data].map((s) => (-s << 24) >> 24)); // -(-128) wraps to -128 in i8
      expect([...mask.data]).toEqual([...src.data].map((s) => (s > 0 ? 1 : 0)));
    }
  });
});

describe('grid folding', () => {
  const iota = async (ctx: Parameters<typeof device>[0], groups: number, maxGroupsPerDimension?: number) => {
    const kernel = await device(ctx).loadKernel(kernelSource('iota'));
    const out = ndarray(new Int32Array(groups + 100).fill(-1));
    const result = await kernel.launch({ out }, { groups, ...(maxGroupsPerDimension ? { maxGroupsPerDimension } : {}) });
    for (let g = 0; g < groups; g++) if (out.data[g] !== g) expect.fail(`out[${g}] is ${out.data[g]}`);
    expect([...out.data.subarray(groups)]).toEqual(new Array(100).fill(-1)); // the grid's extra groups did nothing
    return result.grid;
  };

  it('folds 70000 work-groups into y', async (ctx) => {
    expect(await iota(ctx, 70000)).toEqual([35000, 2, 1]);
  });

  it('folds into z at a smaller limit', async (ctx) => {
    expect(await iota(ctx, 234, 10)).toEqual([10, 8, 3]);
  });

  it('rejects grids that do not fit and limits beyond the device', async (ctx) => {
    const kernel = await device(ctx).loadKernel(kernelSource('iota'));
    const out = zeros('i32', [2000]);
    expect(await rejection(kernel.launch({ out }, { groups: 1001, maxGroupsPerDimension: 10 }), 'launch')).toBe('error: 1001 work-groups do not fit a grid of 10^3');
    expect(await rejection(kernel.launch({ out }, { groups: 1, maxGroupsPerDimension: 10 ** 6 }), 'launch')).toMatch(
      /^error: maxGroupsPerDimension must be an integer from 1 to the device's \d+, got 1000000$/,
    );
  });
});

describe('errors', () => {
  it('a WGSL error is reported at the kernel source line it was generated from, with the WGSL line', async (ctx) => {
    const source = kernelSource('axpy', { wgsl: (t) => replaceOnce(t, 'let p = params.alpha * a;', 'let p: u32 = params.alpha * a;') });
    const message = await rejection(device(ctx).loadKernel(source), 'shader');
    expect(message).toBe(
      [
        "axpy.tl:7:5: error: cannot initialize 'let' of type 'u32' with value of type 'f32'",
        '    %p = arith.mul %alpha, %a : f32',
        '    ^',
        'axpy.wgsl:25:9: note: in the WGSL generated from here',
        '    let p: u32 = params.alpha * a;',
        '        ^',
      ].join('\n'),
    );
  });

  it('a WGSL error above the source map is reported at the WGSL line', async (ctx) => {
    const source = kernelSource('axpy', { wgsl: (t) => replaceOnce(t, '  alpha: f32,', '  alpha: f33,') });
    const message = await rejection(device(ctx).loadKernel(source), 'shader');
    expect(message).toMatch(/^axpy\.wgsl:3:10: error: unresolved type 'f33'\n {2}alpha: f33,\n {9}\^/);
  });

  it('a manifest whose bindings disagree with the WGSL', async (ctx) => {
    const source = kernelSource('axpy', {
      manifest: (t) => replaceOnce(t, '"kind": "storage-read-write", "role": "memref-data", "argument": "y"', '"kind": "storage-read", "role": "memref-data", "argument": "y"'),
    });
    const message = await rejection(device(ctx).loadKernel(source), 'pipeline');
    expect(message).toMatch(/^axpy\.tl:2:1: error: the WGSL does not fit its manifest: .*(read_write|ReadOnlyStorage|read-only-storage|Storage)/);
    expect(message).toContain("axpy.wgsl:15:1: note: entry point 'axpy'");
  });

  it('an entry point the WGSL does not have', async (ctx) => {
    const source = kernelSource('axpy', { manifest: (t) => replaceOnce(t, '"entryPoint": "axpy"', '"entryPoint": "main"') });
    expect(await rejection(device(ctx).loadKernel(source), 'pipeline')).toBe("axpy.wgsl:1:1: error: the WGSL has no function 'main' (the manifest's entry point)");
  });

  it('a work-group size other than the WGSL one', async (ctx) => {
    const source = kernelSource('axpy', { manifest: (t) => replaceOnce(t, '"workgroupSize": [64, 1, 1]', '"workgroupSize": [32, 2, 1]') });
    expect(await rejection(device(ctx).loadKernel(source), 'pipeline')).toMatch(
      /^axpy\.wgsl:15:1: error: the entry point's @workgroup_size\(64, 1, 1\) is not the manifest's workgroupSize \[32, 2, 1\]/,
    );
  });

  it('a kernel the device cannot run', async (ctx) => {
    const source = kernelSource('axpy', {
      wgsl: (t) => replaceOnce(t, '@workgroup_size(64, 1, 1)', '@workgroup_size(2048, 1, 1)'),
      manifest: (t) => replaceOnce(replaceOnce(t, '"workgroupSize": [64, 1, 1]', '"workgroupSize": [2048, 1, 1]'), '"version": 1,', '"version": 1, "requiredFeatures": ["no-such-feature"],'),
    });
    const message = await rejection(device(ctx).loadKernel(source), 'device');
    expect(message).toContain("error: kernel 'axpy' cannot run on ");
    expect(message).toContain("it needs the feature 'no-such-feature'");
    expect(message).toMatch(/its work-group size in x is 2048; the device allows \d+ \(maxComputeWorkgroupSizeX\)/);
    expect(message).toMatch(/the number of invocations per work-group is 2048; the device allows \d+ \(maxComputeInvocationsPerWorkgroup\)/);
  });

  it('arguments that do not fit the signature', async (ctx) => {
    const kernel = await device(ctx).loadKernel(kernelSource('axpy'));
    const message = await rejection(kernel.launch({ alpha: 1, x: zeros('i32', [4]) }, { groups: 1 }), 'arguments');
    expect(message).toContain("axpy.tl:2:25: error: argument 'x' (memref<f32x?,strided<2>>): expected float32 elements, got int32");
    expect(message).toContain("axpy.tl:2:55: error: missing argument 'y' (memref<f32x?>)");
  });

  it('a buffer larger than the device allows', async (ctx) => {
    const source = kernelSource('axpy', { manifest: (t) => replaceOnce(t, '"shape": [null], "strides": [2]', '"shape": [null], "strides": [536870912]') });
    const kernel = await device(ctx).loadKernel(source);
    const message = await rejection(kernel.launch({ alpha: 1, x: zeros('f32', [3]), y: zeros('f32', [3]) }, { groups: 1 }), 'launch');
    expect(message).toMatch(/^error: argument 'x' needs a 4\.00 GiB memref-data buffer; the device allows [\d.]+ (GiB|MiB) \((maxStorageBufferBindingSize|maxBufferSize)\)$/);
  });

  it('a released device cannot be used', async (ctx) => {
    device(ctx); // skips when there is no adapter
    const own = await acquireNodeDevice({ recipes: [device(ctx).report.recipe as 'gpu' | 'swiftshader' | 'opengles'] });
    const kernel = await own.loadKernel(kernelSource('iota'));
    own.release();
    own.release(); // idempotent
    expect(own.released).toBe(true);
    expect(await rejection(own.loadKernel(kernelSource('iota')), 'device')).toBe('error: the device was released');
    expect(await rejection(kernel.launch({ out: zeros('i32', [1]) }, { groups: 1 }), 'device')).toBe('error: the device was released');
  });
});
