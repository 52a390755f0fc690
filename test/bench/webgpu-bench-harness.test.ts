// The WebGPU benchmark's own logic, without a GPU: the comparison with the CPU's result, the clock's schedule
// (with launches that report made-up times; no time is measured or asserted here), and the chart. The kernels
// themselves are checked by webgpu-reference-kernels.test.ts; the benchmark is run by `pnpm bench:webgpu`.
import { describe, expect, it } from 'vitest';
import { CASES } from '../../bench/webgpu/cases.mjs';
import { renderChart } from '../../bench/webgpu/lib/chart.mjs';
import { compareResult, timeInterleaved } from '../../bench/webgpu/lib/common.mjs';

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
      expect(c.tl.file).toMatch(/\.tl$/);
      expect(['GFLOP/s', 'GB/s']).toContain(c.metric);
      expect(c.work).toBeGreaterThan(0);
      expect(typeof c.jax).toBe('function');
      expect(typeof c.tfjs).toBe('function');
    }
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
