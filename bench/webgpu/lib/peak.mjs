// The figures as fractions of a device's peak (bench/webgpu/gpu/run-on-nvidia.sh passes an H200's: 67 TFLOP/s
// FP32, 4.8 TB/s HBM): GFLOP/s and % of the FP32 peak for the cases that count flops, GB/s and % of the memory
// bandwidth for the cases that count bytes (the memory-bound ones, and the batched GEMM, whose least traffic
// its case gives as `bytes`). Plain arithmetic on run.mjs's rows; no GPU here.

/** The libraries in the order of the table, and their names. */
export const PEAK_LIBRARIES = { tlir: 'tlir', 'tlir-browser': 'tlir in Chromium', reference: 'hand-written WGSL', jax: 'jax-js', tfjs: 'TensorFlow.js' };

/**
 * One library's figure against `peaks` ({ gflops, gbs }: the FP32 peak in GFLOP/s and the memory bandwidth in
 * GB/s). `row`: { metric, work, referenceWork, bytes }; `figure`: { status, ms } (ms per launch). Returns
 * { gflops, flopsPercent } and/or { gbs, bandwidthPercent }, or undefined when the figure is not a time.
 */
export function ofPeak(row, key, figure, peaks) {
  if (figure?.status !== 'ok' || !(figure.ms > 0)) return undefined;
  const seconds = figure.ms / 1e3;
  const work = key === 'reference' ? (row.referenceWork ?? row.work) : row.work;
  const flops = row.metric === 'GFLOP/s' ? work : undefined;
  const bytes = row.metric === 'GB/s' ? work : key === 'reference' ? undefined : row.bytes;
  const out = {};
  if (flops !== undefined) {
    out.gflops = flops / seconds / 1e9;
    if (peaks?.gflops) out.flopsPercent = (100 * out.gflops) / peaks.gflops;
  }
  if (bytes !== undefined) {
    out.gbs = bytes / seconds / 1e9;
    if (peaks?.gbs) out.bandwidthPercent = (100 * out.gbs) / peaks.gbs;
  }
  return out;
}

/** Every row's figures against the peaks: [{ case, title, library, gflops?, flopsPercent?, gbs?, bandwidthPercent? }]. */
export function peakFigures(rows, peaks) {
  const out = [];
  for (const row of rows) {
    for (const [key, name] of Object.entries(PEAK_LIBRARIES)) {
      const figures = ofPeak(row, key, row.figures[key], peaks);
      if (figures) out.push({ case: row.case, title: row.title, library: name, ...figures });
    }
  }
  return out;
}

const number = (value) => (value === undefined ? '–' : value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toPrecision(3));
const percent = (value) => (value === undefined ? '–' : `${value >= 10 ? value.toFixed(1) : value.toPrecision(2)} %`);

/** The peak figures as a Markdown table. */
export function formatPeakTable(rows, peaks) {
  const header = ['case', 'library', 'GFLOP/s', `% of FP32 peak (${peaks.gflops / 1e3} TFLOP/s)`, 'GB/s', `% of bandwidth (${peaks.gbs / 1e3} TB/s)`];
  const body = peakFigures(rows, peaks).map((f) => [f.title, f.library, number(f.gflops), percent(f.flopsPercent), number(f.gbs), percent(f.bandwidthPercent)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
