// The tuner's pure parts: the search space comes from the lowering's option definitions (a knob added there is
// searched), pruning by the adapter's limits and the cost bound, the per-collective candidates, the cache key (shape
// buckets, adapter identity, kernel hash), and the cache: parsing with warnings, merging, atomic writes that keep
// what another tuner wrote. docs/tuning.md.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { KERNEL_ONLY_OPTIONS, TL_TO_KRNL_OPTIONS } from '@tlir/conversion-tl-to-krnl';
import { option } from '@tlir/pass';
import { ndarray } from '@tlir/runtime';
import { COLLECTIVE_KNOBS, DEFAULT_LIMITS, NOT_TUNED, knobValues, knobValuesOf, pruneReason, scheduleFileText, searchSpace, workGroupSizes, type Candidate } from '../src/tuning/search-space.js';
import { perCollectiveCandidates } from '../src/tuning/tuner.js';
import { adapterIdentity, bucketSize, kernelHash, shapeBucket, tuningKey } from '../src/tuning/tuning-key.js';
import { CACHE_VERSION, emptyCache, lookup, mergeCaches, parseCache, serializeCache, withEntry, type TuningEntry } from '../src/tuning/tuning-cache.js';
import { defaultCachePath, readCacheFile, writeCacheFile } from '../src/tuning/cache-file.js';
import type { HostArguments } from '../src/host-arguments.js';
import { loadStoredCache, saveStoredCache, STORAGE_ITEM } from '../src/tuning/browser-storage.js';
import { parseScheduleFile } from '@tlir/conversion-tl-to-krnl';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { Context } from '@tlir/ir';
import { DEFAULT_DIALECTS } from '@tlir/registry';
import { applySchedule, collectiveShape, kernelCollectives } from '../src/tuning/apply-schedule.js';
import { lowerToStage } from '../src/stages.js';
import { createPassRegistry } from '@tlir/registry';
import { printOperation } from '@tlir/ir';

const dir = mkdtempSync(join(tmpdir(), 'tl-run-tuning-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the search space', () => {
  it('searches every option of the lowering but the kernel-wide and non-schedule ones', () => {
    const all = Object.keys(TL_TO_KRNL_OPTIONS);
    expect(COLLECTIVE_KNOBS.length + KERNEL_ONLY_OPTIONS.filter((o) => all.includes(o)).length + NOT_TUNED.filter((o) => !KERNEL_ONLY_OPTIONS.includes(o)).length).toBe(all.length);
    for (const k of COLLECTIVE_KNOBS) expect(knobValues(k).length, k).toBeGreaterThan(1);
    expect(knobValues('copy')).toEqual([false, true]);
    expect(knobValues('tile-k')).toEqual([2, 4, 8, 16, 32]); // default 8: 8/4 .. 8*4
    expect(knobValues('tile-m')).toEqual([0, 16, 32, 64]); // default 0 (derived)
    for (const k of COLLECTIVE_KNOBS) expect(knobValues(k)).toContain((TL_TO_KRNL_OPTIONS as Record<string, { default: unknown }>)[k]!.default);
  });

  it('a knob added to the lowering later is searched by its kind', () => {
    expect(knobValuesOf(option.enum('layout', { rows: '', columns: '', tiles: '' }, 'rows'))).toEqual(['rows', 'columns', 'tiles']);
    expect(knobValuesOf(option.uint('vector width', 4))).toEqual([1, 2, 4, 8, 16]);
    expect(knobValuesOf(option.bool('swizzle'))).toEqual([false, true]);
    expect(knobValuesOf(option.string('name'))).toEqual([]);
    expect(knobValuesOf(option.list(option.uint('', 0), 'sizes'))).toEqual([]);
  });

  it('work-group sizes stay within the adapter limits', () => {
    const small = { ...DEFAULT_LIMITS, maxComputeInvocationsPerWorkgroup: 64, maxComputeWorkgroupSizeY: 4 };
    const sizes = workGroupSizes(small).filter((s) => s !== undefined);
    expect(sizes.length).toBeGreaterThan(0);
    for (const [x, y] of sizes) {
      expect(x * y).toBeLessThanOrEqual(64);
      expect(y).toBeLessThanOrEqual(4);
    }
  });

  it('prunes by the limits and the cost bound', () => {
    const gemm = { name: 'tl.gemm', rows: 32, columns: 32, elementBytes: 4 };
    expect(pruneReason({}, [8, 8], gemm, DEFAULT_LIMITS)).toBeUndefined();
    expect(pruneReason({}, [32, 16], gemm, DEFAULT_LIMITS)).toMatch(/^invalid: work-group-size/);
    expect(pruneReason({ 'register-m': 16, 'register-n': 8 }, [8, 8], gemm, DEFAULT_LIMITS)).toMatch(/^bound: 128 accumulators/);
    expect(pruneReason({ 'tile-m': 16, 'register-m': 4 }, [8, 8], gemm, DEFAULT_LIMITS)).toMatch(/^bound: idle work-items along x/);
    expect(pruneReason({ 'tile-m': 6 }, [8, 8], gemm, DEFAULT_LIMITS)).toMatch(/^invalid: tile-m/);
    expect(pruneReason({ copy: true, 'tile-k': 16 }, [16, 16], { ...gemm, rows: 64, columns: 64 }, { ...DEFAULT_LIMITS, maxComputeWorkgroupStorageSize: 4096 })).toMatch(/^limit: the tiles staged/);
    expect(pruneReason({ copy: true, 'tile-k': 16 }, [16, 16], { ...gemm, rows: 64, columns: 64 }, DEFAULT_LIMITS)).toBeUndefined();
    // A work-group of 32 x register-m 8 = 256 rows for an output of 32 rows; a tile of 128 rows for 32.
    expect(pruneReason({ 'register-m': 8 }, [32, 4], gemm, DEFAULT_LIMITS)).toMatch(/^bound: idle work-items \(32 x register-m 8 rows for an output of 32\)/);
    expect(pruneReason({ 'register-m': 8, 'register-n': 1 }, [4, 32], gemm, DEFAULT_LIMITS)).toBeUndefined();
    expect(pruneReason({ 'register-n': 2 }, [4, 32], gemm, DEFAULT_LIMITS)).toMatch(/^bound: idle work-items \(32 x register-n 2 columns/);
    expect(pruneReason({ 'tile-m': 128, 'register-m': 1 }, [4, 8], gemm, DEFAULT_LIMITS)).toMatch(/^bound: a work-group tile of 128 rows/);
    // A vector output: the whole work-group lies along its rows.
    expect(pruneReason({ 'register-m': 1 }, [8, 8], { ...gemm, columns: 1 }, DEFAULT_LIMITS)).toMatch(/^bound: idle work-items \(64 x register-m 1 rows for an output of 32\)/);
    // Sizes known only at run time: no bound from them.
    expect(pruneReason({ 'register-m': 8 }, [32, 4], { ...gemm, rows: undefined }, DEFAULT_LIMITS)).toBeUndefined();
  });

  it('puts the default first and only survivors after it, deterministically', () => {
    const shapes = [{ name: 'tl.gemm', rows: 32, columns: 32, elementBytes: 4 }];
    const a = searchSpace(shapes, DEFAULT_LIMITS, 7);
    const b = searchSpace(shapes, DEFAULT_LIMITS, 7);
    expect(a.candidates.slice(0, 50)).toEqual(b.candidates.slice(0, 50));
    expect(a.candidates[0]).toEqual({ workGroupSize: undefined, collectives: [{}] });
    expect(a.candidates.length + Object.values(a.pruned).reduce((x, y) => x + y, 0)).toBe(a.enumerated);
    for (const c of a.candidates.slice(1, 200)) expect(pruneReason(c.collectives[0]!, c.workGroupSize, shapes[0], DEFAULT_LIMITS)).toBeUndefined();
    // The default's neighbours first: one change, then two, then more.
    const changes = (c: Candidate): number => (c.workGroupSize ? 1 : 0) + ((c.groupsPerWorkGroup ?? 1) > 1 ? 1 : 0) + Object.keys(c.collectives[0]!).length;
    const counts = a.candidates.slice(1).map((c) => Math.min(3, changes(c)));
    expect(counts[0]).toBe(1);
    expect(counts.every((n, i) => i === 0 || counts[i - 1]! <= n)).toBe(true);
    expect(counts.filter((n) => n === 1).length).toBeGreaterThan(10);
  });

  it('enumerates groups-per-work-group (a kernel knob) with the default and its neighbours, pruned by the invocations', () => {
    const shapes = [{ name: 'tl.gemm', rows: 32, columns: 32, elementBytes: 4 }];
    // The lowering's work-group for the kernel: 8x8 (as batched-gemm-32's), so 8 groups need 512 invocations.
    const space = (limits = DEFAULT_LIMITS) => searchSpace(shapes, limits, 7, () => [8, 8]);
    const packed = (s: ReturnType<typeof searchSpace>): Candidate[] => s.candidates.filter((c) => (c.groupsPerWorkGroup ?? 1) > 1);
    const alone = (s: ReturnType<typeof searchSpace>): number[] => packed(s).filter((c) => !c.workGroupSize && !Object.keys(c.collectives[0]!).length).map((c) => c.groupsPerWorkGroup!);
    const base = space();
    expect(alone(base).sort()).toEqual([2, 4]);
    expect(alone(space({ ...DEFAULT_LIMITS, maxComputeInvocationsPerWorkgroup: 1024 })).sort()).toEqual([2, 4, 8]);
    // Every packed candidate fits the adapter, none stages tiles in workgroup memory (copy=true, inapplicable).
    expect(packed(base).length).toBeGreaterThan(10);
    for (const c of packed(base)) {
      const [x, y] = c.workGroupSize ?? [8, 8];
      expect(x * y * c.groupsPerWorkGroup!).toBeLessThanOrEqual(256);
      expect(c.collectives[0]!['copy']).not.toBe(true);
    }
    expect(base.pruned['inapplicable']).toBeGreaterThan(0);
    // Among the default's neighbours (one change): G alone comes before any two changes.
    const firstTwo = base.candidates.findIndex((c) => (c.workGroupSize ? 1 : 0) + Object.keys(c.collectives[0]!).length + ((c.groupsPerWorkGroup ?? 1) > 1 ? 1 : 0) >= 2);
    expect(base.candidates.findIndex((c) => c.groupsPerWorkGroup === 2 && !c.workGroupSize && !Object.keys(c.collectives[0]!).length)).toBeLessThan(firstTwo);
    expect(base.candidates.length + Object.values(base.pruned).reduce((x, y) => x + y, 0)).toBe(base.enumerated);
  });

  it('puts groups-per-work-group on the kernel in the schedule file syntax, and the lowering reads it back', () => {
    const c: Candidate = { workGroupSize: undefined, groupsPerWorkGroup: 4, collectives: [{ 'register-m': 2 }] };
    expect(scheduleFileText('k', c, 't')).toBe('; t\nkernel @k groups-per-work-group=4 register-m=2\n');
    const file = fileURLToPath(new URL('../../../examples/kernels/tall-and-skinny-gemm.tl', import.meta.url));
    const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
    const module = parseTensorLanguage(ctx, readFileSync(file, 'utf8'), file)!;
    applySchedule(ctx, kernelCollectives(module, 'tall_and_skinny')!, c);
    const lowered = printOperation(lowerToStage(module, 'tall_and_skinny', 'tl', 'krnl', '', createPassRegistry()));
    expect(lowered).toContain('groups_per_work_group = 4 : i32');
  });

  it('prints a candidate as a schedule file the lowering reads back', () => {
    const c: Candidate = { workGroupSize: [16, 4], collectives: [{ 'tile-m': 32, copy: true }, {}] };
    const text = scheduleFileText('k', c, 'tuned');
    expect(text).toBe('; tuned\nkernel @k work-group-size=16,4\n  collective 0 tile-m=32 copy=true\n');
    const parsed = parseScheduleFile('s', text);
    expect('message' in parsed).toBe(false);
    // A uniform candidate (the same knobs on every collective) goes on the kernel, as --lower-to-krnl gives it.
    expect(scheduleFileText('k', { workGroupSize: undefined, collectives: [{ 'register-m': 16 }, { 'register-m': 16 }] }, 't')).toBe('; t\nkernel @k register-m=16\n');
    expect(scheduleFileText('k', { workGroupSize: [4, 1], collectives: [{ 'register-m': 16 }] }, 't')).toBe('; t\nkernel @k work-group-size=4,1 register-m=16\n');
  });

  it('lowers a uniform candidate as the same options on the command line (the work-group size derived from its knobs)', () => {
    // tall-skinny: register-m=16 on the collective alone kept the default register tile's work-group (16x1 at the
    // time: 12 of 16 work-items idle); as an option, the lowering derives it from the knob (4x1 then: 64 rows / 16).
    // The tuner must time what the option gives.
    const file = fileURLToPath(new URL('../../../examples/kernels/tall-and-skinny-gemm.tl', import.meta.url));
    const text = readFileSync(file, 'utf8');
    const sizeOf = (candidate: Candidate | undefined, options: string): string => {
      const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
      const module = parseTensorLanguage(ctx, text, file)!;
      if (candidate) applySchedule(ctx, kernelCollectives(module, 'tall_and_skinny')!, candidate);
      const lowered = lowerToStage(module, 'tall_and_skinny', 'tl', 'krnl', options, createPassRegistry());
      return printOperation(lowered).match(/work_group_size = array<i32: (\d+), (\d+)>/)!.slice(1).join(',');
    };
    for (const knobs of [{ 'register-m': 16 }, { 'register-m': 8 }, { 'register-m': 8, 'register-n': 2 }]) {
      const options = Object.entries(knobs).map(([k, v]) => `${k}=${v}`).join(' ');
      expect(sizeOf({ workGroupSize: undefined, collectives: [knobs] }, '')).toBe(sizeOf(undefined, options));
    }
    // The knob changes the derived size (on the collective alone it did not: the default's stayed).
    expect(sizeOf({ workGroupSize: undefined, collectives: [{ 'register-m': 16 }] }, '')).not.toBe(sizeOf(undefined, ''));
  });

  it('prunes what the lowering would refuse on a collective (schedule applicability), and sets matmul only on gemms', () => {
    // A transposed A: krnl.matmul needs copy=true (the tile buffers hold A in m x k order); axpby has no matrix product.
    const text = `func @k(%A: memref<f32x16x32>, %B: memref<f32x16x32>, %C: memref<f32x32x32>, %D: memref<f32x32x32>) {
  gemm.t.n 1.0, %A, %B, 0.0, %C : f32, memref<f32x16x32>, memref<f32x16x32>, f32, memref<f32x32x32>
  axpby.n 2.0, %C, 1.0, %D : f32, memref<f32x32x32>, f32, memref<f32x32x32>
}
`;
    const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
    const module = parseTensorLanguage(ctx, text, 'k.tl')!;
    const shapes = kernelCollectives(module, 'k')!.collectives.map(collectiveShape);
    expect(shapes.map((s) => s.name)).toEqual(['tl.gemm', 'tl.axpby']);
    expect(shapes[0]!.scheduleProblem!({ matmul: true }, true)?.message).toMatch(/transposed/);
    expect(shapes[1]!.scheduleProblem!({ matmul: true }, true)?.message).toMatch(/gemm only/);
    expect(shapes[1]!.scheduleProblem!({ matmul: true }, false)).toBeUndefined();
    const space = searchSpace(shapes, { ...DEFAULT_LIMITS, maxComputeInvocationsPerWorkgroup: 32 });
    expect(space.pruned['inapplicable']).toBeGreaterThan(0);
    expect(space.candidates.length + Object.values(space.pruned).reduce((x, y) => x + y, 0)).toBe(space.enumerated);
    let matmuls = 0;
    for (const c of space.candidates) {
      c.collectives.forEach((k, i) => expect(shapes[i]!.scheduleProblem!(k, true)).toBeUndefined());
      expect(c.collectives[1]!['matmul']).toBeUndefined();
      if (c.collectives[0]!['matmul'] === true) {
        matmuls++;
        expect(c.collectives[0]!['copy']).toBe(true);
      }
    }
    expect(matmuls).toBeGreaterThan(0);
    // No two candidates alike (matmul=true and false on the axpby alone would be).
    expect(new Set(space.candidates.map((c) => JSON.stringify(c))).size).toBe(space.candidates.length);
  });

  it('per-collective candidates change one collective at a time', () => {
    const best: Candidate = { workGroupSize: [8, 8], collectives: [{ 'tile-k': 4 }, { 'tile-k': 4 }] };
    const ranked: Candidate[] = [best, { workGroupSize: [8, 8], collectives: [{ copy: true }, { copy: true }] }];
    const out = perCollectiveCandidates(best, ranked);
    expect(out).toEqual([
      { workGroupSize: [8, 8], collectives: [{ copy: true }, { 'tile-k': 4 }] },
      { workGroupSize: [8, 8], collectives: [{ 'tile-k': 4 }, { copy: true }] },
    ]);
  });
});

const host = (shapes: Record<string, number[]>, groups: number): HostArguments => ({
  values: new Map(Object.entries(shapes).map(([name, shape]) => [name, { kind: 'array' as const, array: ndarray(new Float32Array(shape.reduce((a, b) => a * b, 1)), shape), origin: 'test' }])),
  groups,
});
const swiftshader = { vendor: 'google', architecture: 'swiftshader', device: '', description: 'SwiftShader driver 5.0.0', backend: 'vulkan' };

describe('the cache key', () => {
  it('buckets sizes to powers of two', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1 << 20 }), (n) => {
        const b = bucketSize(n);
        expect(Number.isInteger(Math.log2(b))).toBe(true);
        expect(b).toBeGreaterThanOrEqual(n);
        expect(b).toBeLessThan(2 * n);
      }),
    );
    expect(shapeBucket(host({ A: [33, 16], B: [16, 5] }, 3))).toBe('A=64x16 B=16x8 groups=4');
    expect(shapeBucket(host({ A: [64, 16], B: [16, 8] }, 4))).toBe(shapeBucket(host({ A: [33, 9], B: [9, 5] }, 3)));
    expect(shapeBucket(host({ A: [65, 16], B: [16, 8] }, 4))).not.toBe(shapeBucket(host({ A: [64, 16], B: [16, 8] }, 4)));
  });

  it('changes with the adapter, the kernel and the options', () => {
    const h = host({ A: [8] }, 1);
    const k = tuningKey('tl.func @k', '', swiftshader, h);
    expect(tuningKey('tl.func @k', '', swiftshader, h)).toEqual(k);
    expect(tuningKey('tl.func @k', '', { ...swiftshader, description: 'SwiftShader driver 5.0.1' }, h).adapter).not.toBe(k.adapter);
    expect(tuningKey('tl.func @k2', '', swiftshader, h).kernel).not.toBe(k.kernel);
    expect(tuningKey('tl.func @k', 'copy=true', swiftshader, h).kernel).not.toBe(k.kernel);
    expect(adapterIdentity(swiftshader)).toBe('google|swiftshader||SwiftShader driver 5.0.0|vulkan');
    expect(kernelHash('x', ' a ')).toBe(kernelHash('x', 'a'));
  });
});

const entry = (kernel: string, tunedAt: string, seconds = 1): TuningEntry => ({
  key: { adapter: 'a', kernel, bucket: 'b' },
  kernelName: 'k',
  schedule: { workGroupSize: [8, 8], collectives: [{ 'tile-k': 4 }] },
  scheduleText: 'kernel @k\n',
  seconds,
  defaultSeconds: 2,
  tunedAt,
});

describe('the cache', () => {
  it('round-trips, and reports what is corrupt or foreign', () => {
    const cache = withEntry(withEntry(emptyCache(), entry('x', '2026-01-01')), entry('y', '2026-01-02'));
    const text = serializeCache(cache);
    expect(parseCache(text, 'f')).toEqual({ cache });
    expect(lookup(parseCache(text, 'f').cache, entry('y', '').key)?.tunedAt).toBe('2026-01-02');
    expect(parseCache(text.slice(0, text.length / 2), 'f').warning).toMatch(/not valid JSON/);
    expect(parseCache('{"format":"other"}', 'f').warning).toMatch(/not a tlir tuning cache/);
    expect(parseCache(text.replace(`"version": ${CACHE_VERSION}`, '"version": 99'), 'f').warning).toMatch(/version 99/);
    expect(parseCache(text.replace(`"version": ${CACHE_VERSION}`, '"version": 1'), 'f').warning).toMatch(/version 1, this tlir reads version 2/);
    const oneBad = JSON.parse(text);
    oneBad.entries[Object.keys(oneBad.entries)[0]!].schedule = 'tile-m=8';
    const parsed = parseCache(JSON.stringify(oneBad), 'f');
    expect(parsed.warning).toMatch(/1 malformed entry/);
    expect(Object.keys(parsed.cache.entries)).toHaveLength(1);
  });

  it('merges: every key of both, the newer tuning of a key in both', () => {
    const theirs = withEntry(withEntry(emptyCache(), entry('x', '2026-01-01', 1)), entry('y', '2026-01-05', 5));
    const ours = withEntry(withEntry(emptyCache(), entry('y', '2026-01-03', 3)), entry('z', '2026-01-04', 4));
    const merged = mergeCaches(theirs, ours);
    expect(Object.keys(merged.entries).sort()).toHaveLength(3);
    expect(lookup(merged, entry('y', '').key)?.seconds).toBe(5);
  });

  it('writes atomically and keeps what another tuner wrote meanwhile', () => {
    const file = join(dir, 'sub', 'tuning.json');
    expect(writeCacheFile(file, withEntry(emptyCache(), entry('first', '2026-01-01')))).toBeUndefined();
    // A second tuner that read the file before the first wrote: its write keeps the first's entry.
    expect(writeCacheFile(file, withEntry(emptyCache(), entry('second', '2026-01-02')))).toBeUndefined();
    const { cache, warning } = readCacheFile(file);
    expect(warning).toBeUndefined();
    expect(Object.values(cache.entries).map((e) => e.key.kernel).sort()).toEqual(['first', 'second']);
    expect(readdirSync(join(dir, 'sub'))).toEqual(['tuning.json']); // no temporary file left
    // A corrupt file is replaced by a valid one on the next write.
    writeFileSync(file, '{"format": "tlir-tuning-cache", "vers');
    expect(readCacheFile(file).warning).toMatch(/not valid JSON/);
    expect(writeCacheFile(file, withEntry(emptyCache(), entry('third', '2026-01-03')))).toBeUndefined();
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('tlir-tuning-cache');
  });

  it('a cache path that cannot be written (a file where a directory should be) gives a message, never a throw', () => {
    const notADirectory = join(dir, 'plain-file');
    writeFileSync(notADirectory, 'x');
    const message = writeCacheFile(join(notADirectory, 'tuning.json'), withEntry(emptyCache(), entry('first', '2026-01-01')));
    expect(message).toMatch(/^could not write the tuning cache .*plain-file\/tuning\.json: .*(ENOTDIR|EEXIST)/);
    expect(readCacheFile(join(notADirectory, 'tuning.json')).warning).toMatch(/could not read the tuning cache/);
  });

  it('lives in $XDG_CACHE_HOME/tlir, else ~/.cache/tlir', () => {
    expect(defaultCachePath({ XDG_CACHE_HOME: '/x' })).toBe('/x/tlir/tuning.json');
    expect(defaultCachePath({})).toMatch(/\/\.cache\/tlir\/tuning\.json$/);
  });

  it('in a browser: a localStorage item, merged on save, a warning when corrupt', () => {
    const items = new Map<string, string>();
    const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
    expect(loadStoredCache(storage)).toEqual({ cache: emptyCache() });
    expect(saveStoredCache(storage, withEntry(emptyCache(), entry('tab1', '2026-01-01')))).toBeUndefined();
    expect(saveStoredCache(storage, withEntry(emptyCache(), entry('tab2', '2026-01-02')))).toBeUndefined();
    expect(Object.keys(loadStoredCache(storage).cache.entries)).toHaveLength(2);
    items.set(STORAGE_ITEM, '{"format"');
    expect(loadStoredCache(storage).warning).toMatch(/localStorage\['tlir-tuning-cache'\] is not valid JSON/);
    const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(saveStoredCache(full, emptyCache())).toMatch(/could not save the tuning cache: QuotaExceededError/);
  });
});

describe('the tests', () => {
  it('keep the tuning cache in the test output, not the user cache directory', () => {
    expect(defaultCachePath()).toMatch(/test\/\.output\/xdg-cache\/tlir\/tuning\.json$/);
  });
});
