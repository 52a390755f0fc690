// tl-run --tune on a WebGPU adapter (the CPU one in CI; failing under CI=true without one:
// packages/runtime/test/support/webgpu-adapter.ts), with small budgets: a candidate whose results are corrupted (the
// test hook --tune-test-corrupt) is discarded and never cached; a second run hits the cache and compiles only the
// chosen schedule, and an ordinary run uses it and says so; a different kernel text or adapter description misses;
// a truncated cache file is a warning and a fresh tuning; the budget is kept; a candidate that hangs or passes the
// memory limit (the test hooks --tune-test-hang and --tune-test-bloat) is stopped in its worker process, reported
// failed and never chosen, and the search goes on. docs/tuning.md.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import type { RuntimeDevice } from '@tlir/runtime';
import { useWebGpuDevice } from '../../../packages/runtime/test/support/webgpu-adapter.js';
import { ndarray } from '@tlir/runtime';
import { createPassRegistry, DEFAULT_DIALECTS } from '@tlir/registry';
import { processRunIO, runTlRun } from '../src/index.js';
import type { HostArguments } from '../src/host-arguments.js';
import { loadOnWebGpu } from '../src/webgpu-backend.js';
import { lowerCandidate, timeLaunches } from '../src/tuning/tuner.js';

const device = useWebGpuDevice();
const dir = mkdtempSync(join(tmpdir(), 'tl-run-tune-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const kernelText = (alpha: string, comment = ''): string => `; a gemm to tune${comment}
func @tune_gemm(%A: memref<f32x32x16>, %B: memref<f32x16x32>, %C: memref<f32x32x32>) {
  gemm.n.n ${alpha}, %A, %B, 0.0, %C : f32, memref<f32x32x16>, memref<f32x16x32>, f32, memref<f32x32x32>
}
`;
const KERNEL = join(dir, 'tune-gemm.tl');
writeFileSync(KERNEL, kernelText('1.0'));

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs tl-run in this process on the test's device, or on `gpu` (a device with another report). */
async function tlRun(ctx: TestContext, argv: string[], gpu: RuntimeDevice = device(ctx)): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const io = { ...processRunIO, stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
  const code = await runTlRun(argv, io, { acquire: async () => gpu, done: () => undefined });
  return { code, stdout, stderr };
}

/** The device with another adapter description (what a different driver or GPU says). */
function otherAdapter(gpu: RuntimeDevice): RuntimeDevice {
  return Object.create(gpu, { report: { value: { ...gpu.report, description: `${gpu.report.description} (another driver)` } } }) as RuntimeDevice;
}

const cacheEntries = (file: string): { schedule: unknown; kernelName: string }[] => Object.values(JSON.parse(readFileSync(file, 'utf8')).entries);

describe('tl-run --tune', { timeout: 240_000 }, () => {
  const cache = join(dir, 'cache.json');
  const report = join(dir, 'report');
  const args = (file = KERNEL): string[] => [file, '--random', '--groups', '1', '--cache', cache];

  it('discards a candidate that disagrees with the interpreter, never chooses nor caches it, and reports', async (ctx) => {
    const r = await tlRun(ctx, [...args(), '--tune', '--budget', '30', '--tune-test-corrupt', '1', '--report', report]);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.code).toBe(0);
    const json = JSON.parse(readFileSync(join(report, 'tuning.json'), 'utf8'));
    // The candidate launched second (the first after the default whose WGSL is new) is the corrupted one.
    const wrong = json.candidates.filter((c: { status: string }) => c.status === 'wrong');
    expect(wrong).toHaveLength(1);
    const corrupted = wrong[0];
    expect(corrupted.index).toBe(json.candidates.findIndex((c: { index: number; status: string }) => c.index > 0 && c.status !== 'duplicate' && c.status !== 'failed'));
    expect(r.stdout).toMatch(new RegExp(`tune: DISCARDED #${corrupted.index} \\(disagrees with the interpreter: C: \\d+ elements? differs? from the interpreter\\)`));
    expect(json.candidates.filter((c: { status: string }) => c.status === 'timed').length).toBeGreaterThan(1);
    expect(json.chosen).not.toBe(corrupted.index);
    // The chosen schedule, in the schedule file syntax, and the cache holds it, not the corrupted one.
    expect(r.stdout).toMatch(/tune: chosen #\d+.*\n; tl-run --tune: @tune_gemm.*\nkernel @tune_gemm/);
    const entries = cacheEntries(cache);
    expect(entries).toHaveLength(1);
    const chosen = json.candidates[json.chosen].candidate;
    expect(entries[0]!.schedule).toEqual(chosen.workGroupSize === null ? { collectives: chosen.collectives } : chosen);
    expect(entries[0]!.schedule).not.toEqual(corrupted.candidate.workGroupSize === null ? { collectives: corrupted.candidate.collectives } : corrupted.candidate);
    expect(readFileSync(join(report, 'tuning.svg'), 'utf8')).toMatch(/^<svg [^]*<circle [^]*<\/svg>\n$/);
  });

  it('a second run hits the cache and compiles only the chosen schedule; ordinary runs use it and say so', async (ctx) => {
    const again = await tlRun(ctx, [...args(), '--tune', '--budget', '8']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`tl-run: schedule: tuned (cache ${cache})`);
    expect(again.stdout).toMatch(/^tune: cache hit \([^)]*\): compiled 1 schedule;/);
    expect(again.stdout).not.toContain('enumerated');
    const run = await tlRun(ctx, [...args(), '--check']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('check: @tune_gemm on WebGPU against the interpreter');
    expect(run.stderr).toContain(`tl-run: schedule: tuned (cache ${cache})`);
    expect(run.stdout).toMatch(/\ncheck: ok /);
    // A comment changes no IR: still a hit.
    const commented = join(dir, 'commented.tl');
    writeFileSync(commented, kernelText('1.0', ', with another comment'));
    expect((await tlRun(ctx, args(commented))).stderr).toContain('schedule: tuned');
    // --no-tuned-schedules: the lowering's own schedule.
    const off = await tlRun(ctx, [...args(), '--no-tuned-schedules']);
    expect(off.stderr).not.toContain('schedule: tuned');
    expect(off.code).toBe(0);
  });

  it('another kernel text or adapter description misses the cache', async (ctx) => {
    const changed = join(dir, 'changed.tl');
    writeFileSync(changed, kernelText('2.0'));
    const text = await tlRun(ctx, args(changed));
    expect(text.code).toBe(0);
    expect(text.stderr).not.toContain('schedule: tuned');
    const adapter = await tlRun(ctx, args(), otherAdapter(device(ctx)));
    expect(adapter.code).toBe(0);
    expect(adapter.stderr).not.toContain('schedule: tuned');
    // And the same device as it is still hits (so the misses above are the key's doing).
    expect((await tlRun(ctx, args())).stderr).toContain('schedule: tuned');
  });

  it('a truncated cache file is a warning, a fresh tuning, and a valid cache again', async (ctx) => {
    const text = readFileSync(cache, 'utf8');
    writeFileSync(cache, text.slice(0, Math.floor(text.length / 2)));
    const plain = await tlRun(ctx, args());
    expect(plain.code).toBe(0);
    expect(plain.stderr).toMatch(/tl-run: warning: the tuning cache .* is not valid JSON .*; it is ignored/);
    const r = await tlRun(ctx, [...args(), '--tune', '--budget', '4']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/tl-run: warning: the tuning cache .* is not valid JSON/);
    expect(r.stdout).toMatch(/tune: \d+ schedules enumerated/);
    expect(cacheEntries(cache)).toHaveLength(1);
    writeFileSync(cache, JSON.stringify({ format: 'something else', entries: {} }));
    const foreign = await tlRun(ctx, args());
    expect(foreign.code).toBe(0);
    expect(foreign.stderr).toMatch(/is not a tlir tuning cache/);
  });

  it('stops a candidate that hangs at its time limit, reports it failed, never chooses it, and goes on within the budget', async (ctx) => {
    const budget = 25;
    const out = join(dir, 'hang');
    const t0 = performance.now();
    const r = await tlRun(ctx, [...args(), '--tune', '--retune', '--budget', String(budget), '--candidate-timeout', '3', '--tune-test-hang', '1', '--report', out]);
    const wall = (performance.now() - t0) / 1000;
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.code).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'tuning.json'), 'utf8'));
    // A packing of several groups per work-group refused (the kernel has a barrier: docs/tuning.md) aside.
    const packing = /cannot run \d+ groups per work-group \(groups-per-work-group\)/;
    const failed = json.candidates.filter((c: { status: string; message: string }) => c.status === 'failed' && !packing.test(c.message));
    // The hung one first; under load another may reach its limit too (3 s, or the end of the search's share of the
    // budget), never anything else.
    expect(failed.length).toBeGreaterThanOrEqual(1);
    for (const f of failed) expect(f.message).toMatch(/^stopped after \d+ s \(the time limit of a candidate\)$/);
    const hung = failed[0];
    expect(hung.message).toBe('stopped after 3 s (the time limit of a candidate)');
    expect(r.stdout).toContain(`tune: failed #${hung.index} (stopped after 3 s (the time limit of a candidate))`);
    expect(json.chosen).not.toBe(hung.index);
    // The search went on in a fresh worker process: candidates after the hung one were timed.
    expect(json.candidates.some((c: { index: number; status: string }) => c.index > hung.index && c.status === 'timed')).toBe(true);
    // The hung candidate cost its limit, not the run: the budget (and about one candidate more) is kept.
    expect(wall).toBeLessThan(budget + 3 + 5);
  });

  it('stops a candidate whose worker passes the memory limit, reports it failed and goes on', async (ctx) => {
    const out = join(dir, 'bloat');
    // 60 s: the search leaves the confirmation three rounds and a fresh worker's compilations, and a candidate is
    // stopped at the end of the search's share; the bloating one must have time to reach the memory limit first.
    const r = await tlRun(ctx, [...args(), '--tune', '--retune', '--budget', '60', '--tune-memory-limit', '1500', '--tune-test-bloat', '1', '--report', out]);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.code).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'tuning.json'), 'utf8'));
    // The bloating one first, and the only one past the memory limit; under load another may reach the end of its
    // time (the search's share of the budget); and a packing of several groups per work-group is refused where the
    // kernel has a barrier (docs/tuning.md); never anything else.
    const packing = /cannot run \d+ groups per work-group \(groups-per-work-group\)/;
    const failed = json.candidates.filter((c: { status: string; message: string }) => c.status === 'failed' && !packing.test(c.message));
    expect(failed[0].message).toMatch(/^stopped at \d+ MB \(the memory limit of a candidate: 1500 MB\)$/);
    for (const f of failed.slice(1)) expect(f.message).toMatch(/^stopped after \d+ s \(the time limit of a candidate\)$/);
    expect(json.chosen).not.toBe(failed[0].index);
    expect(json.candidates.some((c: { index: number; status: string }) => c.index > failed[0].index && c.status === 'timed')).toBe(true);
  });

  it('refuses the hang hook in this process (nothing could stop it there)', async (ctx) => {
    const r = await tlRun(ctx, [...args(), '--tune', '--tune-in-process', '--tune-test-hang', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--tune-test-hang and --tune-test-bloat need the worker process that --tune-in-process turns off/);
  });

  it('times every candidate on the real arguments, as the benchmark times a kernel (batches of launches, median of 5)', async (ctx) => {
    // tall-and-skinny on 8 work-groups of 64 rows: the check runs on 2 work-groups (the small instance), the timing
    // on all 8 and the shapes given (the benchmark's case on its sizes: bench/webgpu/run.mjs --tuned).
    const file = fileURLToPath(new URL('../../../examples/kernels/tall-and-skinny-gemm.tl', import.meta.url));
    const out = join(dir, 'instance');
    const shapes = ['--shape', 'A=512x8', '--shape', 'B=8x4', '--shape', 'C=512x4'];
    const r = await tlRun(ctx, [file, '--random', '--groups', '8', ...shapes, '--cache', join(dir, 'instance.json'), '--tune', '--budget', '8', '--report', out]);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.code).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'tuning.json'), 'utf8'));
    expect(json.clock).toBe(device(ctx).report.software ? 'cpu' : 'wall');
    const timed = json.candidates.filter((c: { status: string }) => c.status === 'timed');
    expect(timed.length).toBeGreaterThan(0);
    for (const c of timed) {
      // A candidate whose first timed batch was 1.25x slower than the best so far stops there (screened).
      expect(c.launches).toMatchObject({ groups: 8, batches: c.launches.screened ? 1 : 5, shapes: { A: [512, 8], B: [8, 4], C: [512, 4] } });
      expect(c.launches.repetitions).toBeGreaterThanOrEqual(1);
      expect(c.launches.repetitions).toBeLessThanOrEqual(32);
    }
  });

  it('stops a timing after its first timed batch when that is slower than screenAbove', async (ctx) => {
    const gpu = device(ctx);
    const setup = { text: kernelText('1.0'), file: KERNEL, kernel: 'tune_gemm', passOptions: '', dialects: DEFAULT_DIALECTS, registry: createPassRegistry(), device: gpu };
    const { translated, signature } = lowerCandidate(setup, { workGroupSize: undefined, collectives: [{}] });
    const { kernel } = await loadOnWebGpu(gpu, translated, {});
    const array = (m: number, n: number) => ({ kind: 'array' as const, array: ndarray(new Float32Array(m * n).fill(1), [m, n]), origin: 'test' });
    const host: HostArguments = { values: new Map([['A', array(32, 16)], ['B', array(16, 32)], ['C', array(32, 32)]]), groups: 1 };
    const screened = await timeLaunches(kernel, translated, signature, host, 5, undefined, 0);
    expect(screened).toMatchObject({ screened: true, batches: 1 });
    expect(screened.seconds).toBeGreaterThan(0);
    const full = await timeLaunches(kernel, translated, signature, host, 5, undefined, 1e9);
    expect(full.batches).toBe(5);
    expect(full.screened).toBeUndefined();
    expect((await timeLaunches(kernel, translated, signature, host, 3)).batches).toBe(3);
  });

  it('keeps to the budget', async (ctx) => {
    const budget = 3;
    const out = join(dir, 'budget');
    const t0 = performance.now();
    const r = await tlRun(ctx, [...args(), '--tune', '--retune', '--budget', String(budget), '--report', out]);
    const wall = (performance.now() - t0) / 1000;
    expect(r.code).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'tuning.json'), 'utf8'));
    expect(json.stoppedByBudget).toBe(true);
    // A candidate starts only while the budget, less the mean cost of one, is left: it ends within about one more.
    const perCandidate = json.elapsed / json.candidates.length;
    expect(json.elapsed).toBeLessThanOrEqual(budget + 2 * perCandidate + 0.5);
    expect(wall).toBeLessThan(budget + 2 * perCandidate + 3);
  });
});
