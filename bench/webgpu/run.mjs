#!/usr/bin/env node
// WebGPU GEMM benchmarks: kernels compiled from the tensor language (tl-opt --lower-to-krnl --lower-to-gpu,
// then tl-translate --mlir-to-wgsl) side by side with hand-written WGSL references (bench/webgpu/kernels), in one
// process on one device (@tlir/runtime). Run from the repository root: `pnpm bench:webgpu [-- options]`; see
// bench/README.md, section "WebGPU GEMM".
//
// For each case: compile the tl kernel; load both kernels; launch each once on fresh inputs and compare its
// result with a computation on the CPU (float64); then launch each `--repetitions` times on the same buffers,
// the kernels alternately after one untimed warm-up launch each, and report GFLOP/s from the median time per
// launch (timestamp queries when the adapter has them, else wall clock). Nothing here asserts a time.

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GpuRuntimeError, zeros } from '../../packages/runtime/dist/index.js';
import { acquireNodeDevice } from '../../packages/runtime/dist/node/index.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const KERNELS = path.join(HERE, 'kernels');
const OUT_DIR = path.join(ROOT, 'bench/out/webgpu');

// ---------------------------------------------------------------------------------------------------------
// Inputs and the CPU computations the results are checked against (column-major, as the kernels take them).

/** Deterministic values in [-1, 1) (a 32-bit LCG), so that every run times the same data. */
function fillRandom(array, seed) {
  let state = seed >>> 0;
  for (let i = 0; i < array.data.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    array.data[i] = state / 2 ** 31 - 1;
  }
  return array;
}

/** C := alpha A B + beta C on column-major arrays (float64 sums). */
function cpuGemm(alpha, A, B, beta, C, m, n, k) {
  const out = new Float64Array(m * n);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < m; i++) {
      let sum = 0;
      for (let p = 0; p < k; p++) sum += A[i + p * m] * B[p + j * k];
      out[i + j * m] = alpha * sum + (beta === 0 ? 0 : beta * C[i + j * m]);
    }
  }
  return out;
}

/** D_g := alpha (A_g B^T) C + D_g for every g, A 16 x 8 x G, B 8 x 8, C 8 x 16, D 16 x 16 x G. */
function cpuBatchedSmallGemm(alpha, A, B, C, D, groups) {
  const out = new Float64Array(D.length);
  const t = new Float64Array(16 * 8);
  for (let g = 0; g < groups; g++) {
    for (let col = 0; col < 8; col++) {
      for (let row = 0; row < 16; row++) {
        let sum = 0;
        for (let k = 0; k < 8; k++) sum += A[g * 128 + row + 16 * k] * B[col + 8 * k];
        t[row + 16 * col] = sum;
      }
    }
    for (let col = 0; col < 16; col++) {
      for (let row = 0; row < 16; row++) {
        let sum = 0;
        for (let k = 0; k < 8; k++) sum += t[row + 16 * k] * C[k + 8 * col];
        const at = g * 256 + row + 16 * col;
        out[at] = alpha * sum + D[at];
      }
    }
  }
  return out;
}

/** Whether `actual` is `expected` within 1e-4 max|expected| everywhere; the worst element otherwise. */
function compare(actual, expected) {
  let scale = 0;
  for (const value of expected) scale = Math.max(scale, Math.abs(value));
  const tolerance = 1e-4 * Math.max(scale, 1);
  for (let i = 0; i < expected.length; i++) {
    if (!(Math.abs(actual[i] - expected[i]) <= tolerance)) {
      return `element ${i} is ${actual[i]}, expected ${expected[i]} (tolerance ${tolerance.toExponential(2)})`;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// The cases. `inputs()` makes fresh host arrays in the kernels' argument order; `expected(inputs)` is the CPU
// result of the output argument (index `output`); `flops` counts 2 m n k per matrix product.

const CASES = [
  {
    name: 'batched-small-gemm',
    description: "the spec's sample kernel, D_g := alpha (A_g B^T) C + D_g (16x8 * 8x8, then 16x8 * 8x16) over 10,000 groups",
    tl: 'examples/kernels/fused-kernel.tl',
    reference: 'batched-small-gemm',
    groups: 10000,
    flops: 10000 * (2 * 16 * 8 * 8 + 2 * 16 * 16 * 8),
    output: 4,
    inputs() {
      const G = this.groups;
      return [
        1.5,
        fillRandom(zeros('f32', [16, 8, G], 'F'), 1),
        fillRandom(zeros('f32', [8, 8], 'F'), 2),
        fillRandom(zeros('f32', [8, 16], 'F'), 3),
        fillRandom(zeros('f32', [16, 16, G], 'F'), 4),
      ];
    },
    expected([alpha, A, B, C, D]) {
      return cpuBatchedSmallGemm(alpha, A.data, B.data, C.data, D.data, this.groups);
    },
  },
  {
    name: 'gemm-512',
    description: 'C := alpha A B + beta C, 512x512x512, one 64x64 block of C per work-group',
    tl: 'bench/webgpu/kernels/gemm-512.tl',
    reference: 'gemm-tiled',
    groups: 64,
    flops: 2 * 512 ** 3,
    output: 4,
    inputs() {
      return [
        1.5,
        fillRandom(zeros('f32', [512, 512], 'F'), 5),
        fillRandom(zeros('f32', [512, 512], 'F'), 6),
        0.5,
        fillRandom(zeros('f32', [512, 512], 'F'), 7),
      ];
    },
    expected([alpha, A, B, beta, C]) {
      return cpuGemm(alpha, A.data, B.data, beta, C.data, 512, 512, 512);
    },
  },
];

// ---------------------------------------------------------------------------------------------------------
// Running.

const USAGE = `usage: node bench/webgpu/run.mjs [options]      (from the root: pnpm bench:webgpu [-- options])
  --case NAMES        comma-separated cases (default: all): ${CASES.map((c) => c.name).join(', ')}
  --repetitions N     timed launches per kernel (default 3), after one untimed warm-up launch each
  --no-check          skip the comparison with the CPU
  --krnl-options STR  options of --lower-to-krnl for the tl kernels (e.g. 'copy=false'; default: none)
  -h, --help          this text
The adapter is the runtime's choice (a GPU, else SwiftShader, else llvmpipe GLES); TLIR_WEBGPU_ADAPTER=opengles
(a recipe list) picks another. Results: a table on stdout and bench/out/webgpu/results.json.`;

function parseArgs(argv) {
  const options = { cases: CASES.map((c) => c.name), repetitions: 3, check: true, krnlOptions: '' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    switch (a) {
      case '--': break;
      case '--case': options.cases = value().split(',').filter(Boolean); break;
      case '--repetitions': options.repetitions = Number(value()); break;
      case '--no-check': options.check = false; break;
      case '--krnl-options': options.krnlOptions = value(); break;
      case '-h': case '--help': console.log(USAGE); process.exit(0); break;
      default: throw new Error(`unknown option '${a}'\n${USAGE}`);
    }
  }
  for (const name of options.cases) {
    if (!CASES.some((c) => c.name === name)) throw new Error(`unknown case '${name}' (cases: ${CASES.map((c) => c.name).join(', ')})`);
  }
  if (!Number.isInteger(options.repetitions) || options.repetitions < 1) throw new Error('--repetitions needs a positive integer');
  return options;
}

/** Compiles a tensor-language kernel to WGSL and its manifest with the built tools, as a user would. */
function compileTl(tlFile, name, krnlOptions = '') {
  mkdirSync(OUT_DIR, { recursive: true });
  const mlir = path.join(OUT_DIR, `${name}.gpu.mlir`);
  const wgsl = path.join(OUT_DIR, `${name}.wgsl`);
  const manifest = path.join(OUT_DIR, `${name}.manifest.json`);
  const run = (tool, args) => {
    try {
      execFileSync(process.execPath, [path.join(ROOT, tool), ...args], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      throw new Error(`${tool} ${args.join(' ')} failed:\n${error.stderr || error.message}`);
    }
  };
  run('tools/tl-opt/bin/tl-opt.js', [tlFile, krnlOptions ? `--lower-to-krnl=${krnlOptions}` : '--lower-to-krnl', '--lower-to-gpu', '-o', mlir]);
  run('tools/tl-translate/bin/tl-translate.js', ['--mlir-to-wgsl', mlir, '-o', wgsl, '--manifest', manifest]);
  return { wgslFile: wgsl, manifestFile: manifest };
}

async function load(device, files, sources = {}) {
  return device.loadKernel({
    wgsl: readFileSync(files.wgslFile, 'utf8'),
    manifest: readFileSync(files.manifestFile, 'utf8'),
    wgslFile: path.relative(ROOT, files.wgslFile),
    manifestFile: path.relative(ROOT, files.manifestFile),
    sources,
  });
}

/** The host arrays by the kernel's argument names (tl kernels' arguments are named arg0, arg1, ...). */
function byName(kernel, values) {
  return Object.fromEntries(kernel.manifest.arguments.map((argument, i) => [argument.name, values[i]]));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function runCase(device, benchCase, options) {
  const tlFiles = compileTl(path.join(ROOT, benchCase.tl), benchCase.name, options.krnlOptions);
  const kernels = {
    tl: await load(device, tlFiles),
    reference: await load(device, {
      wgslFile: path.join(KERNELS, `${benchCase.reference}.wgsl`),
      manifestFile: path.join(KERNELS, `${benchCase.reference}.manifest.json`),
    }),
  };
  const checked = {};
  for (const [side, kernel] of Object.entries(kernels)) {
    if (!options.check) break;
    const inputs = benchCase.inputs();
    const expected = benchCase.expected(inputs);
    await kernel.launch(byName(kernel, inputs), { groups: benchCase.groups });
    const problem = compare(inputs[benchCase.output].data, expected);
    if (problem) throw new Error(`${benchCase.name}: the ${side} kernel's result is wrong: ${problem}`);
    checked[side] = true;
  }
  const inputs = Object.fromEntries(Object.keys(kernels).map((side) => [side, benchCase.inputs()]));
  const times = { tl: [], reference: [] };
  let method = 'none';
  for (const side of ['tl', 'reference']) await kernels[side].launch(byName(kernels[side], inputs[side]), { groups: benchCase.groups });
  for (let r = 0; r < options.repetitions; r++) {
    const order = r % 2 === 0 ? ['tl', 'reference'] : ['reference', 'tl'];
    for (const side of order) {
      const result = await kernels[side].launch(byName(kernels[side], inputs[side]), { groups: benchCase.groups });
      method = result.timing.method;
      times[side].push(...result.timing.nanoseconds);
    }
  }
  const seconds = { tl: median(times.tl) / 1e9, reference: median(times.reference) / 1e9 };
  return {
    case: benchCase.name,
    description: benchCase.description,
    groups: benchCase.groups,
    flops: benchCase.flops,
    repetitions: options.repetitions,
    krnlOptions: options.krnlOptions,
    timing: method,
    checked: options.check,
    tl: { seconds: seconds.tl, min: Math.min(...times.tl) / 1e9, gflops: benchCase.flops / seconds.tl / 1e9, workgroupSize: kernels.tl.manifest.workgroupSize },
    reference: { seconds: seconds.reference, min: Math.min(...times.reference) / 1e9, gflops: benchCase.flops / seconds.reference / 1e9, workgroupSize: kernels.reference.manifest.workgroupSize },
    ratio: seconds.reference / seconds.tl,
  };
}

function formatTable(rows, adapter) {
  const header = ['case', 'adapter', 'tl GFLOP/s', 'reference GFLOP/s', 'ratio (tl/ref)', 'tl time/launch', 'ref time/launch'];
  const ms = (s) => `${(s * 1e3).toFixed(1)} ms`;
  const body = rows.map((r) => [r.case, adapter, r.tl.gflops.toFixed(3), r.reference.gflops.toFixed(3), r.ratio.toFixed(2), ms(r.tl.seconds), ms(r.reference.seconds)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const device = await acquireNodeDevice();
  const adapter = device.report.summary;
  console.error(`adapter: ${adapter}`);
  const rows = [];
  try {
    for (const benchCase of CASES.filter((c) => options.cases.includes(c.name))) {
      console.error(`${benchCase.name}: ${benchCase.description}; ${options.repetitions} timed launches per kernel`);
      const row = await runCase(device, benchCase, options);
      console.error(`  results checked against the CPU: ${row.checked ? 'yes' : 'no (--no-check)'}; timing: ${row.timing}`);
      rows.push(row);
    }
  } finally {
    device.release();
  }
  const shortAdapter = `${device.report.recipe} (${device.report.backend})`;
  console.log(formatTable(rows, shortAdapter));
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(path.join(OUT_DIR, 'results.json'), `${JSON.stringify({ date: new Date().toISOString(), adapter, rows }, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error instanceof GpuRuntimeError || error instanceof Error ? `error: ${error.message}` : error);
  process.exit(1);
});
