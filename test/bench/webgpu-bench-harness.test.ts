// The WebGPU benchmark's own logic, without a GPU: the comparison with the CPU's result, the clock's schedule
// (with launches that report made-up times; no time is measured or asserted here), and the chart. The kernels
// themselves are checked by webgpu-reference-kernels.test.ts; the benchmark is run by `pnpm bench:webgpu`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CASES, findCase, squareGemmSource } from '../../bench/webgpu/cases.mjs';
import { renderChart } from '../../bench/webgpu/lib/chart.mjs';
import { compareResult, timeInterleaved } from '../../bench/webgpu/lib/common.mjs';
import { formatPeakTable, ofPeak, peakFigures } from '../../bench/webgpu/lib/peak.mjs';

describe('compareResult', () => {
  it('accepts errors within 1e-4 of the largest expected magnitude, and reports the first one beyond', () => {
    const expected = Float64Array.from([100, -50, 0.25]);
    expect(compareResult(Float32Array.from([100.005, -50, 0.25]), expected).ok).toBe(true);
    const wrong = compareResult(Float32Array.from([100, -50.02, Number.NaN]), expected);
    expect(wrong.ok).toBe(false);
    expect(wrong.problem).toMatch(/^element 1 is -50.0/);
    expect(wrong.maxError).toBe(Infinity);
  });

  it('refuses a result of another length', () => {
    expect(compareResult(new Float32Array(2), new Float64Array(3)).ok).toBe(false);
  });
});

describe('timeInterleaved', () => {
  /** An implementation whose launches of R take `perLaunch` R made-up milliseconds, logging what was asked. */
  const fake = (log: string[], name: string, perLaunch: number, firstMs?: number) => ({
    name,
    firstMs,
    launch: async (repetitions: number) => {
      log.push(`${name}*${repetitions}`);
      return { ms: perLaunch * repetitions };
    },
  });

  it('sizes the batches per implementation, lets them take turns, and reports the median per launch', async () => {
    const log: string[] = [];
    const result = await timeInterleaved(
      [fake(log, 'fast', 10, 10), fake(log, 'slow', 300), fake(log, 'medium', 50), { name: 'broken', launch: async () => Promise.reject(new Error('lost')) }],
      { batches: 3, minBatchMs: 200, maxRepetitions: 32 },
    );
    // 'fast' is sized from its first launch, 'slow' and 'medium' from a probe; the slow probe is its first batch.
    expect(log).toEqual(['slow*1', 'medium*1', 'fast*20', 'slow*1', 'medium*4', 'medium*4', 'slow*1', 'fast*20', 'fast*20', 'medium*4']);
    expect(result.fast).toMatchObject({ repetitions: 20, batches: 3, medianMs: 10 });
    expect(result.slow).toMatchObject({ repetitions: 1, medianMs: 300, msPerLaunch: [300, 300, 300] });
    expect(result.medium).toMatchObject({ repetitions: 4, medianMs: 50 });
    expect(result.broken).toEqual({ error: 'lost' });
  });

  it('keeps to the implementation\'s own limit on launches per batch', async () => {
    const log: string[] = [];
    const limited = { ...fake(log, 'limited', 1, 1), maxRepetitions: 3 };
    const result = await timeInterleaved([limited], { batches: 2, minBatchMs: 200, maxRepetitions: 32 });
    expect(result.limited.repetitions).toBe(3);
  });
});

describe('the cases', () => {
  it('each has a tl kernel, a metric and work, and formulas for both peers', () => {
    for (const c of CASES) {
      // A committed kernel, or one generated for a size without a file (gemm-4096).
      if (c.tl.file) expect(c.tl.file).toMatch(/\.tl$/);
      else expect(c.tl.source).toMatch(/^func @/m);
      expect(['GFLOP/s', 'GB/s']).toContain(c.metric);
      expect(c.work).toBeGreaterThan(0);
      expect(typeof c.jax).toBe('function');
      expect(typeof c.tfjs).toBe('function');
    }
  });
});

describe('the sizes of the cases', () => {
  it('squareGemmSource gives the committed 512^3 and 1024^3 kernels byte for byte', () => {
    for (const n of [512, 1024]) {
      expect(squareGemmSource(n)).toBe(readFileSync(new URL(`../../bench/webgpu/kernels/gemm-${n}.tl`, import.meta.url), 'utf8'));
    }
  });

  it('gemm-4096 is for GPU adapters only, and --size makes it small: a generated kernel, its groups and work', () => {
    const large = findCase('gemm-4096');
    expect(large.gpuOnly).toBe(true);
    expect(CASES.filter((c) => c.gpuOnly).map((c) => c.name)).toEqual(['gemm-4096']);
    expect(large.work).toBe(2 * 4096 ** 3);
    expect(large.tl.groups).toBe(64 * 64);
    const small = findCase('gemm-4096', { 'gemm-4096': 128 });
    expect(small).toMatchObject({ name: 'gemm-4096', title: '128^3 GEMM', work: 2 * 128 ** 3, gpuOnly: true });
    expect(small.tl).toEqual({ source: squareGemmSource(128), groups: 4 });
    expect(small.tl.source).toContain('$n = 128\n$tile = 64\n$blocks = 2\n');
    expect(small.inputs()[1].shape).toEqual([128, 128]);
    expect(() => findCase('gemm-4096', { 'gemm-4096': 100 })).toThrow(/multiple of 64/);
    expect(() => findCase('spec-sample', { 'spec-sample': 5 })).toThrow(/no size to change/);
  });

  it('the batched cases take their number of groups, and count their bytes', () => {
    const batched = findCase('batched-gemm-32', { 'batched-gemm-32': 5 });
    expect(batched.tl.groups).toBe(5);
    expect(batched.bytes).toBe(5 * 4 * 32 * 32 * 4);
    expect(batched.expected(batched.inputs())).toHaveLength(5 * 32 * 32);
    const axpby = findCase('axpby-batch', { 'axpby-batch': 8 });
    expect(axpby).toMatchObject({ work: 12 * 4096 * 8, bytes: 12 * 4096 * 8, metric: 'GB/s' });
    expect(axpby.reference.groups).toBe(8);
  });
});

describe('% of peak', () => {
  const peaks = { gflops: 67_000, gbs: 4_800 };
  const ok = (ms: number) => ({ status: 'ok', ms });

  it('a GEMM: GFLOP/s and % of the FP32 peak from the time per launch', () => {
    // 2 * 4096^3 flops in 4.1 ms: 33.5 TFLOP/s, 50 % of 67.
    const row = { metric: 'GFLOP/s', work: 2 * 4096 ** 3 };
    const f = ofPeak(row, 'tlir', ok(4.1), peaks)!;
    expect(f.gflops).toBeCloseTo((2 * 4096 ** 3) / 4.1e-3 / 1e9, 6);
    expect(f.flopsPercent).toBeCloseTo((100 * f.gflops!) / 67_000, 9);
    expect(f.flopsPercent).toBeCloseTo(50.02, 1);
    expect(f.gbs).toBeUndefined();
  });

  it('a batched GEMM: also GB/s and % of the bandwidth from its bytes; a memory-bound case: GB/s only', () => {
    const batched = { metric: 'GFLOP/s', work: 1000, bytes: 4.8e9 };
    const close = (actual: Record<string, number> | undefined, expected: Record<string, number>) => {
      expect(Object.keys(actual!).sort()).toEqual(Object.keys(expected).sort());
      for (const [key, value] of Object.entries(expected)) expect(actual![key]).toBeCloseTo(value, 12);
    };
    close(ofPeak(batched, 'jax', ok(2000), peaks), { gflops: 5e-7, flopsPercent: 5e-7 / 670, gbs: 2.4, bandwidthPercent: 0.05 });
    const axpby = { metric: 'GB/s', work: 9.6e9, referenceWork: 4.8e9 };
    close(ofPeak(axpby, 'tlir', ok(1000), peaks), { gbs: 9.6, bandwidthPercent: 0.2 });
    // The reference (a copy) moves its own bytes.
    close(ofPeak(axpby, 'reference', ok(1000), peaks), { gbs: 4.8, bandwidthPercent: 0.1 });
  });

  it('no figure for a library that was not timed; the table lists those that were', () => {
    expect(ofPeak({ metric: 'GB/s', work: 1 }, 'tfjs', { status: 'wrong' }, peaks)).toBeUndefined();
    const rows = [
      {
        case: 'g',
        title: 'a GEMM',
        metric: 'GFLOP/s',
        work: 67e9,
        figures: { tlir: ok(1000), 'tlir-browser': ok(2000), reference: { status: 'none' }, jax: { status: 'error' }, tfjs: ok(4000) },
      },
    ];
    expect(peakFigures(rows, peaks).map((f) => [f.library, f.flopsPercent])).toEqual([
      ['tlir', 0.1],
      ['tlir in Chromium', 0.05],
      ['TensorFlow.js', 0.025],
    ]);
    const table = formatPeakTable(rows, peaks);
    expect(table.split('\n')).toHaveLength(5);
    expect(table).toContain('% of FP32 peak (67 TFLOP/s)');
    expect(table).toMatch(/\| a GEMM +\| tlir +\| 67\.0 +\| 0\.10 % +\| – +\| – +\|/);
  });
});

describe('renderChart', () => {
  it('draws one bar per library with a figure, and the status of the others', () => {
    const svg = renderChart(
      [{ title: 'case <1>', metric: 'GB/s', libraries: { tlir: { value: 2 }, reference: { status: '–', label: 'hand-written copy' }, jax: { value: 4 }, tfjs: { status: 'WRONG RESULT' } } }],
      ['heading', 'adapter'],
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<rect /g)).toHaveLength(3); // the background and two bars
    expect(svg).toContain('case &lt;1&gt; (GB/s)');
    expect(svg).toContain('hand-written copy');
    expect(svg).toContain('WRONG RESULT');
  });
});
