#!/usr/bin/env node
// The WebGPU benchmark: kernels compiled from the tensor language (tl-opt --lower-to-krnl --lower-to-gpu, then
// tl-translate --mlir-to-wgsl) against hand-written WGSL references (bench/webgpu/kernels) and two peer
// libraries that generate WGSL themselves, jax-js and TensorFlow.js WebGPU, on the same adapter, from the same
// inputs. Run from the repository root: `pnpm bench:webgpu [-- options]`; see bench/README.md, section
// "WebGPU benchmark".
//
// This process asks a probe worker which adapter @tlir/runtime picks, compiles the tl kernels, computes each
// case's float64 result on the CPU, and starts one worker process per library for the case
// (bench/webgpu/workers: tlir with the hand-written reference, tlir's kernel in headless Chromium, jax-js,
// TensorFlow.js), one after the other: each
// makes its device on that adapter, uploads its inputs and checks one result against the CPU's. Then it runs
// the one clock of lib/common.mjs over all of them, the libraries taking turns; each worker times its own
// batches and reports over IPC. Last, the table on stdout and bench/out/webgpu/results.{json,md,svg}. Nothing
// here asserts a time.

import { execFileSync, fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES, findCase } from './cases.mjs';
import { renderChart } from './lib/chart.mjs';
import { chromiumPath, timeInterleaved } from './lib/common.mjs';
import { formatPeakTable, peakFigures } from './lib/peak.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
let OUT_DIR = path.join(ROOT, 'bench/out/webgpu');
let WORK_DIR = path.join(OUT_DIR, 'work');

/** The worker script of each library (and of the adapter probe), in bench/webgpu/workers. */
const WORKERS = { adapter: 'adapter.mjs', tlir: 'tlir.mjs', 'tlir-browser': 'tlir-browser.mjs', jax: 'jax.mjs', tfjs: 'tfjs.mjs' };
const PEERS = ['jax', 'tfjs'];
/** tlir through @tlir/runtime in Node, the same kernel in headless Chromium, the peers. */
const LIBRARIES = ['tlir', 'tlir-browser', ...PEERS];
const CHROMIUM_MISSING = () => (existsSync(chromiumPath()) ? undefined : `${chromiumPath()} does not exist (apt-get install chromium; or set TLIR_CHROMIUM)`);

const USAGE = `usage: node bench/webgpu/run.mjs [options]      (from the root: pnpm bench:webgpu [-- options])
  --case NAMES            comma-separated cases: ${CASES.map((c) => c.name).join(', ')}
                          (default: all, but ${CASES.filter((c) => c.gpuOnly).map((c) => c.name).join(', ')} only when the adapter is a GPU)
  --size CASE=N,...       run CASE at size N (n of a square GEMM, the groups of a batched case), e.g. gemm-4096=256
  --library NAMES         comma-separated libraries: ${LIBRARIES.join(', ')} (default: all; tlir-browser, the tlir
                          kernel in headless Chromium, only when chromium is there: TLIR_CHROMIUM or /usr/bin/chromium)
  --batches N             timed batches per library (default 5); the figure is their median
  --min-batch-ms MS       launches per batch R: enough for a batch to take this long (default 200)
  --max-repetitions N     at most this many launches per batch (default 32)
  --worker-timeout S      give up on a worker after S seconds (default 900)
  --max-batch-mib N       the peers keep every result of a batch alive: at most N MiB of them (default 512)
  --peak-gflops X         also report each figure as % of this FP32 peak (GFLOP/s) ...
  --peak-gbs Y            ... and of this memory bandwidth (GB/s) (results.json, a second table)
  --out DIR               write the kernels and results to DIR (default bench/out/webgpu)
  --krnl-options STR      options of --lower-to-krnl for the tl kernels (e.g. 'copy=true'; default: none)
  --tuned                 also tune each case's tl kernel (tl-run --tune, 90 s per case, its own cache in the
                          output directory) and time the tuned kernel next to the default one ('tlir tuned')
  --tune-budget S         the budget of --tuned per case, in seconds (default 90)
  --tlir-wgsl DIR         time DIR/CASE.wgsl with DIR/CASE.manifest.json as tlir's kernel instead of compiling
                          the case's .tl (a hand-edited kernel, to try a change before the compiler makes it)
  -h, --help              this text
The adapter is @tlir/runtime's choice (a GPU, else SwiftShader, else llvmpipe GLES); TLIR_WEBGPU_ADAPTER=opengles
picks another; every library runs on it. Results: a table on stdout and bench/out/webgpu/results.{json,md,svg}.`;

function parseArgs(argv) {
  const options = {
    cases: null, // the default set depends on the adapter (gpuOnly cases)
    sizes: {},
    libraries: null, // the default set depends on chromium
    maxBatchMib: 512,
    peaks: null,
    out: '',
    batches: 5,
    minBatchMs: 200,
    maxRepetitions: 32,
    workerTimeout: 900,
    krnlOptions: '',
    tlirWgsl: '',
    tuned: false,
    tuneBudget: 90,
  };
  const positive = (name, value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} needs a positive integer, got '${value}'`);
    return n;
  };
  const positiveNumber = (name, value) => {
    const n = Number(value);
    if (!(n > 0) || !Number.isFinite(n)) throw new Error(`${name} needs a positive number, got '${value}'`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    switch (a) {
      case '--': break;
      case '--case': options.cases = value().split(',').filter(Boolean); break;
      case '--library': options.libraries = value().split(',').filter(Boolean); break;
      case '--size':
        for (const item of value().split(',').filter(Boolean)) {
          const [name, n] = item.split('=');
          if (!CASES.some((c) => c.name === name)) throw new Error(`--size: unknown case '${name}' (cases: ${CASES.map((c) => c.name).join(', ')})`);
          if (!CASES.find((c) => c.name === name).resize) throw new Error(`--size: the case '${name}' has no size to change`);
          options.sizes[name] = positive(`--size ${name}`, n);
          findCase(name, options.sizes); // a size the case cannot take (n not a multiple of 64) fails here
        }
        break;
      case '--max-batch-mib': options.maxBatchMib = positive(a, value()); break;
      case '--peak-gflops': options.peaks = { ...options.peaks, gflops: positiveNumber(a, value()) }; break;
      case '--peak-gbs': options.peaks = { ...options.peaks, gbs: positiveNumber(a, value()) }; break;
      case '--out': options.out = path.resolve(value()); break;
      case '--batches': options.batches = positive(a, value()); break;
      case '--min-batch-ms': options.minBatchMs = positive(a, value()); break;
      case '--max-repetitions': options.maxRepetitions = positive(a, value()); break;
      case '--worker-timeout': options.workerTimeout = positive(a, value()); break;
      case '--krnl-options': options.krnlOptions = value(); break;
      case '--tlir-wgsl': options.tlirWgsl = value(); break;
      case '--tuned': options.tuned = true; break;
      case '--tune-budget': options.tuneBudget = positive('--tune-budget', value()); break;
      case '-h': case '--help': console.log(USAGE); process.exit(0); break;
      default: throw new Error(`unknown option '${a}'\n${USAGE}`);
    }
  }
  for (const name of options.cases ?? []) {
    if (!CASES.some((c) => c.name === name)) throw new Error(`unknown case '${name}' (cases: ${CASES.map((c) => c.name).join(', ')})`);
  }
  if (options.libraries) {
    for (const name of options.libraries) {
      if (!LIBRARIES.includes(name)) throw new Error(`unknown library '${name}' (libraries: ${LIBRARIES.join(', ')})`);
    }
    // Asked for by name: a missing browser is an error, not a quiet gap in the table.
    if (options.libraries.includes('tlir-browser') && CHROMIUM_MISSING()) throw new Error(`--library tlir-browser: ${CHROMIUM_MISSING()}`);
  } else {
    options.libraries = LIBRARIES.filter((name) => name !== 'tlir-browser' || !CHROMIUM_MISSING());
  }
  if (options.peaks && !(options.peaks.gflops && options.peaks.gbs)) throw new Error('--peak-gflops and --peak-gbs go together');
  return options;
}

/** Compiles a tensor-language kernel to WGSL and its manifest with the built tools, as a user would. */
function compileTl(tlFile, name, krnlOptions = '') {
  if (typeof tlFile === 'object') {
    // A generated kernel (a case at a size without a committed .tl file): written next to its WGSL.
    const file = path.join(OUT_DIR, `${name}.tl`);
    writeFileSync(file, tlFile.source);
    tlFile = file;
  }
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
  run('tools/tl-opt/bin/tl-opt.js', [tlFile, krnlOptions ? `--lower-to-krnl=${krnlOptions}` : '--lower-to-krnl', '--lower-to-gpu', '-o', path.relative(ROOT, mlir)]);
  run('tools/tl-translate/bin/tl-translate.js', ['--mlir-to-wgsl', path.relative(ROOT, mlir), '-o', wgsl, '--manifest', manifest]);
  return { wgslFile: wgsl, manifestFile: manifest };
}

/** The tl file of a case (a generated kernel is written to the output directory). */
function tlFileOf(benchCase) {
  if (benchCase.tl.file) return path.join(ROOT, benchCase.tl.file);
  const file = path.join(OUT_DIR, `${benchCase.name}.tl`);
  writeFileSync(file, benchCase.tl.source);
  return file;
}

/**
 * --tuned: tunes the case's tl kernel with tl-run --tune on the case's sizes (--random values of the shapes of its
 * inputs) within the budget, then compiles it with the chosen schedule (a schedule file). The tuner's own report
 * goes to OUT_DIR/tuning-CASE/. Returns the kernel's files and what the tuner said.
 */
function tuneCase(benchCase, options) {
  const file = tlFileOf(benchCase);
  const text = readFileSync(file, 'utf8');
  // The kernel's parameters in order, with whether each is a group (whose members' shape drops the last mode).
  const header = /func\s+@\w+\s*\(([^]*?)\)\s*(?:work_group_size|\{)/.exec(text);
  if (!header) throw new Error(`${file}: no kernel found for --tuned`);
  const params = [...header[1].matchAll(/%(\w+)\s*:\s*([a-z]+)/g)].map((m) => ({ name: m[1], group: m[2] === 'group' }));
  const shapes = [];
  benchCase.inputs().forEach((input, i) => {
    if (typeof input === 'number' || !params[i]) return;
    const sizes = params[i].group ? input.shape.slice(0, -1) : input.shape;
    if (sizes.length) shapes.push('--shape', `${params[i].name}=${sizes.join('x')}`);
  });
  const report = path.join(OUT_DIR, `tuning-${benchCase.name}`);
  const args = [path.join(ROOT, 'tools/tl-run/bin/tl-run.js'), file, '--random', '--groups', String(benchCase.tl.groups), ...shapes];
  args.push('--tune', '--retune', '--budget', String(options.tuneBudget), '--cache', path.join(OUT_DIR, 'tuning.json'), '--report', report);
  if (options.krnlOptions) args.push(`--lower-to-krnl=${options.krnlOptions}`);
  let stdout;
  try {
    stdout = execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  } catch (error) {
    throw new Error(`tl-run --tune for ${benchCase.name} failed:\n${error.stderr || error.message}`);
  }
  const chosen = stdout.indexOf('tune: chosen #');
  if (chosen < 0) throw new Error(`tl-run --tune for ${benchCase.name} chose nothing:\n${stdout}`);
  const schedule = stdout.slice(stdout.indexOf('\n', chosen) + 1);
  const scheduleFile = path.join(OUT_DIR, `${benchCase.name}.schedule`);
  writeFileSync(scheduleFile, schedule);
  const summary = stdout.split('\n').find((l) => l.startsWith('tune: ') && l.includes('enumerated')) ?? '';
  const krnl = [options.krnlOptions, `schedule=${scheduleFile}`].filter(Boolean).join(' ');
  // The default kernel is compiled without the cache (tl-opt never reads it): the tuned one from the schedule file.
  return { files: compileTl(file, `${benchCase.name}.tuned`, krnl), schedule: schedule.split('\n').filter((l) => !l.startsWith(';')).join(' ').replace(/\s+/g, ' ').trim(), summary: summary.slice(6), chosenLine: stdout.slice(chosen, stdout.indexOf('\n', chosen)).replace(/:$/, '') };
}

/** DIR/CASE.wgsl and DIR/CASE.manifest.json (--tlir-wgsl), which must exist. */
function handEditedKernel(dir, name) {
  const files = { wgslFile: path.resolve(dir, `${name}.wgsl`), manifestFile: path.resolve(dir, `${name}.manifest.json`) };
  for (const file of Object.values(files)) if (!existsSync(file)) throw new Error(`--tlir-wgsl ${dir}: ${file} does not exist`);
  return files;
}

function writeFloat64(file, values) {
  writeFileSync(file, new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
}

/**
 * Starts one worker process on a job (with an IPC channel) and waits until it is ready: it has made its device,
 * uploaded the inputs and checked its results. Resolves with `{ results, impls, launch(name, R), stop() }`, or
 * with `{ error }` when it failed or did not answer within `timeoutSeconds`. Each launch must answer within
 * `timeoutSeconds` too, else the worker is killed and the launch fails.
 */
function startWorker(library, job, timeoutSeconds) {
  const jobFile = path.join(WORK_DIR, `${job.case}.${library}.job.json`);
  writeFileSync(jobFile, `${JSON.stringify(job, null, 2)}\n`);
  const child = fork(path.join(HERE, 'workers', WORKERS[library]), [jobFile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const pending = new Map();
  let nextId = 0;
  let exited = null;
  let onReady;
  const ready = new Promise((resolve) => (onReady = resolve));
  const lastWords = () => output.trim().split('\n').slice(-5).join(' | ');
  let timer = setTimeout(() => child.kill('SIGKILL'), timeoutSeconds * 1000);
  child.on('message', (message) => {
    if (message.type === 'ready') {
      clearTimeout(timer);
      onReady(message.error ? { error: message.error } : message);
    } else if (message.type === 'launched') {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.error) waiting.reject(new Error(message.error));
      else waiting.resolve({ ms: message.ms, timestamps: message.timestamps });
    }
  });
  child.on('exit', (code, signal) => {
    clearTimeout(timer);
    exited = signal ? `killed (${signal}${signal === 'SIGKILL' ? `, no answer within ${timeoutSeconds} s` : ''})` : `exit code ${code}`;
    const why = `the ${library} worker stopped (${exited}): ${lastWords()}`;
    onReady({ error: why });
    for (const waiting of pending.values()) waiting.reject(new Error(why));
    pending.clear();
  });
  return ready.then((message) => {
    if (message.error) {
      child.kill('SIGKILL');
      return { error: message.error };
    }
    return {
      results: message.results,
      impls: message.impls,
      launch: (name, repetitions) =>
        new Promise((resolve, reject) => {
          if (exited) return reject(new Error(`the ${library} worker stopped (${exited})`));
          const id = nextId++;
          const waitTimer = setTimeout(() => child.kill('SIGKILL'), timeoutSeconds * 1000);
          pending.set(id, { resolve, reject, timer: waitTimer });
          child.send({ type: 'launch', id, name, repetitions });
        }),
      stop: () =>
        new Promise((resolve) => {
          if (exited) return resolve();
          child.once('exit', () => resolve());
          child.send({ type: 'exit' });
          timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        }),
    };
  });
}

const STATUS_TEXT = { none: '–', unsupported: 'cannot express', wrong: 'WRONG RESULT', error: 'error', skipped: 'not run' };

/** The figure of one library's result: throughput and time per launch, or its status. */
function figure(result, work, metric) {
  if (!result) return { status: 'skipped' };
  if (result.status !== 'ok') return { status: result.status, message: result.message };
  const seconds = result.timing.medianMs / 1e3;
  const value = work / seconds / 1e9;
  const out = { status: 'ok', value, ms: result.timing.medianMs, repetitions: result.timing.repetitions, batches: result.timing.batches, maxError: result.check?.maxError };
  if (result.timing.timestamps) out.timestamps = { value: work / (result.timing.timestamps.medianMs / 1e3) / 1e9, ms: result.timing.timestamps.medianMs };
  out.metric = metric;
  return out;
}

function describeFigure(f, metric) {
  if (f.status !== 'ok') return `${STATUS_TEXT[f.status] ?? f.status}${f.message ? `: ${f.message}` : ''}`;
  return `${formatNumber(f.value)} ${metric}, ${formatMs(f.ms)}/launch (R=${f.repetitions}, ${f.batches} batches), max error ${f.maxError.toExponential(1)}`;
}

function formatNumber(value) {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value >= 0.1 ? value.toFixed(2) : value.toPrecision(2);
}

function formatMs(ms) {
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 1 ? `${ms.toFixed(1)} ms` : `${(ms * 1e3).toFixed(0)} µs`;
}

function cell(f) {
  if (f.status !== 'ok') return STATUS_TEXT[f.status] ?? f.status;
  return `${formatNumber(f.value)} (${formatMs(f.ms)})`;
}

/** The table as Markdown: throughput per library (time per launch in parentheses), and the ratios. */
function formatTable(rows) {
  // The column of tlir in headless Chromium only when it ran.
  const browser = rows.some((row) => row.figures['tlir-browser'].status !== 'skipped');
  const header = ['case', 'unit', 'tlir', 'tlir, timestamps', ...(browser ? ['tlir, Chromium'] : []), 'hand-written', 'jax-js', 'TensorFlow.js', 'tlir / best peer', 'tlir / hand-written'];
  const body = rows.map((row) => {
    const f = row.figures;
    const ts = f.tlir.timestamps ? `${formatNumber(f.tlir.timestamps.value)} (${formatMs(f.tlir.timestamps.ms)})` : '–';
    return [
      row.title,
      row.metric,
      cell(f.tlir),
      ts,
      ...(browser ? [cell(f['tlir-browser'])] : []),
      cell(f.reference),
      cell(f.jax),
      cell(f.tfjs),
      row.ratios.bestPeer === null ? '–' : `${row.ratios.bestPeer.toFixed(2)} (${row.ratios.bestPeerName})`,
      row.ratios.reference === null ? '–' : row.ratios.reference.toFixed(2),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** --tuned: per case, the default and the tuned kernel's figures, their ratio and the chosen schedule. */
function formatTunedTable(rows) {
  const lines = ['| case | default | tuned | tuned / default | schedule |', '| --- | --- | --- | --- | --- |'];
  for (const row of rows) {
    const ratio = row.ratios.tuned === null ? '-' : `${row.ratios.tuned.toFixed(2)}x`;
    lines.push(`| ${row.case} | ${cell(row.figures.tlir)} | ${row.figures.tuned ? cell(row.figures.tuned) : '-'} | ${ratio} | ${row.tuning?.schedule ?? '-'} |`);
  }
  return lines.join('\n');
}

function gitCommit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.out) {
    OUT_DIR = options.out;
    WORK_DIR = path.join(OUT_DIR, 'work');
  }
  const started = performance.now();
  const commit = gitCommit(); // the code measured: before the run, which may take a while
  mkdirSync(WORK_DIR, { recursive: true });
  // The adapter: the runtime's choice; every library's worker then makes its own device by the same recipe.
  const probe = await startWorker('adapter', { case: 'adapter' }, 120);
  if (probe.error) throw new Error(probe.error);
  await probe.stop();
  const { status: _, ...adapter } = probe.results.adapter;
  console.error(`adapter: ${adapter.summary} (recipe '${adapter.recipe}')`);
  // The cases too long for a CPU adapter only on a GPU, unless asked for by name.
  options.cases ??= CASES.filter((c) => !c.gpuOnly || adapter.recipe === 'gpu').map((c) => c.name);

  const rows = [];
  let failed = false;
  for (const benchCase of CASES.filter((c) => options.cases.includes(c.name)).map((c) => findCase(c.name, options.sizes))) {
    console.error(`${benchCase.name}: ${benchCase.description}`);
    const tl = options.tlirWgsl
      ? handEditedKernel(options.tlirWgsl, benchCase.name)
      : compileTl(benchCase.tl.file ? path.join(ROOT, benchCase.tl.file) : { source: benchCase.tl.source }, benchCase.name, options.krnlOptions);
    let tuned;
    if (options.tuned) {
      console.error(`  tuning ${benchCase.name} (tl-run --tune, ${options.tuneBudget} s) ...`);
      tuned = tuneCase(benchCase, options);
      console.error(`  tuned: ${tuned.summary}\n  ${tuned.chosenLine}: ${tuned.schedule}`);
    }
    const inputs = benchCase.inputs();
    const expectedFile = path.join(WORK_DIR, `${benchCase.name}.expected.f64`);
    writeFloat64(expectedFile, benchCase.expected(inputs));
    let referenceExpectedFile;
    if (benchCase.reference?.expected) {
      referenceExpectedFile = path.join(WORK_DIR, `${benchCase.name}.reference-expected.f64`);
      writeFloat64(referenceExpectedFile, benchCase.reference.expected(inputs));
    }
    const maxBatchBytes = options.maxBatchMib * 2 ** 20; // peers keep every result of a batch alive until it completes
    const job = {
      case: benchCase.name,
      sizes: options.sizes,
      recipe: adapter.recipe,
      expectedFile,
      referenceExpectedFile,
      tl,
      ...(tuned ? { tuned: tuned.files } : {}),
      batches: options.batches,
      minBatchMs: options.minBatchMs,
      maxRepetitions: options.maxRepetitions,
      maxBatchBytes,
    };
    // Every library's worker gets ready (one at a time), then the clock runs over all of them, taking turns.
    const results = {};
    const workers = [];
    const impls = [];
    for (const library of options.libraries) {
      const worker = await startWorker(library, { ...job }, options.workerTimeout);
      if (worker.error) {
        if (library === 'tlir') {
          results.tlir = { status: 'error', message: worker.error };
          if (benchCase.reference) results.reference = { status: 'error', message: worker.error };
        } else {
          results[library] = { status: 'error', message: worker.error };
        }
        continue;
      }
      workers.push(worker);
      Object.assign(results, worker.results);
      for (const impl of worker.impls) impls.push({ ...impl, launch: (repetitions) => worker.launch(impl.name, repetitions) });
    }
    const timing = await timeInterleaved(impls, options);
    for (const worker of workers) await worker.stop();
    for (const [name, figures] of Object.entries(timing)) {
      if (figures.error) Object.assign(results[name], { status: 'error', message: `while timing: ${figures.error}` });
      else results[name].timing = figures;
    }
    if (!benchCase.reference) results.reference = { status: 'none' };
    const figures = {
      tlir: figure(results.tlir, benchCase.work, benchCase.metric),
      'tlir-browser': figure(results['tlir-browser'], benchCase.work, benchCase.metric),
      reference: figure(results.reference, benchCase.reference?.work ?? benchCase.work, benchCase.metric),
      jax: figure(results.jax, benchCase.work, benchCase.metric),
      tfjs: figure(results.tfjs, benchCase.work, benchCase.metric),
      ...(tuned ? { tuned: figure(results.tuned, benchCase.work, benchCase.metric) } : {}),
    };
    for (const [key, f] of Object.entries(figures)) {
      if (results[key] || key === 'reference') console.error(`  ${key.padEnd(12)} ${describeFigure(f, benchCase.metric)}`);
    }
    for (const key of ['tlir', 'reference', ...(tuned ? ['tuned'] : [])]) {
      if (figures[key].status === 'wrong' || figures[key].status === 'error') failed = true;
    }
    // In Chromium a wrong result fails the run too; an error (no chromium adapter like the run's, a browser that
    // did not start) is shown in the table, since it is the machine's browser more often than tlir's kernel.
    if (figures['tlir-browser'].status === 'wrong') failed = true;
    const peers = PEERS.filter((p) => figures[p].status === 'ok');
    const best = peers.length ? peers.reduce((a, b) => (figures[b].value > figures[a].value ? b : a)) : null;
    const tlirValue = figures.tlir.status === 'ok' ? figures.tlir.value : null;
    rows.push({
      case: benchCase.name,
      title: benchCase.title,
      description: benchCase.description,
      metric: benchCase.metric,
      work: benchCase.work,
      ...(benchCase.bytes ? { bytes: benchCase.bytes } : {}),
      ...(benchCase.size ? { size: benchCase.size } : {}),
      referenceWork: benchCase.reference?.work ?? (benchCase.reference ? benchCase.work : null),
      reference: benchCase.reference?.kernel ?? null,
      peers: benchCase.peers,
      figures,
      ratios: {
        bestPeer: tlirValue !== null && best ? tlirValue / figures[best].value : null,
        bestPeerName: best ? { jax: 'jax-js', tfjs: 'TensorFlow.js' }[best] : null,
        reference: tlirValue !== null && figures.reference.status === 'ok' ? tlirValue / figures.reference.value : null,
        // tlir in headless Chromium over tlir in Node (the same kernel on the same kind of adapter).
        browser: tlirValue !== null && figures['tlir-browser'].status === 'ok' ? figures['tlir-browser'].value / tlirValue : null,
        // The tuned kernel over the default one (--tuned).
        tuned: tlirValue !== null && figures.tuned?.status === 'ok' ? figures.tuned.value / tlirValue : null,
      },
      ...(tuned ? { tuning: { summary: tuned.summary, chosen: tuned.chosenLine, schedule: tuned.schedule } } : {}),
      results,
    });
  }

  const date = new Date().toISOString();
  const table = formatTable(rows);
  console.log(table);
  const tunedTable = options.tuned ? formatTunedTable(rows) : '';
  if (tunedTable) console.log(`\n${tunedTable}`);
  const peakTable = options.peaks ? formatPeakTable(rows, options.peaks) : '';
  if (peakTable) console.log(`\n${peakTable}`);
  const seconds = (performance.now() - started) / 1e3;
  console.error(`${rows.length} cases in ${seconds.toFixed(0)} s`);
  const options_ = {
    batches: options.batches,
    minBatchMs: options.minBatchMs,
    maxRepetitions: options.maxRepetitions,
    maxBatchMib: options.maxBatchMib,
    libraries: options.libraries,
    sizes: options.sizes,
    ...(options.peaks ? { peaks: options.peaks } : {}),
  };
  const peak = options.peaks ? { peaks: options.peaks, figures: peakFigures(rows, options.peaks) } : undefined;
  writeFileSync(path.join(OUT_DIR, 'results.json'), `${JSON.stringify({ date, commit, adapter, options: options_, seconds, rows, ...(peak ? { peak } : {}) }, null, 2)}\n`);
  writeFileSync(
    path.join(OUT_DIR, 'results.md'),
    `Adapter: ${adapter.summary}. ${date.slice(0, 10)}, commit ${commit}; median of ${options.batches} batches per library; each cell is the unit's figure (time per launch).\n\n${table}\n${
      tunedTable ? `\nTuned (tl-run --tune, ${options.tuneBudget} s per case) against the default schedule:\n\n${tunedTable}\n` : ''
    }${
      peakTable ? `\nAgainst the device's peaks (FP32: ${options.peaks.gflops} GFLOP/s, memory: ${options.peaks.gbs} GB/s):\n\n${peakTable}\n` : ''
    }`,
  );
  const chartRows = rows.map((row) => ({
    title: row.ratios.bestPeer === null ? row.title : `${row.title}: tlir / best peer ${row.ratios.bestPeer.toFixed(2)}`,
    metric: row.metric,
    libraries: Object.fromEntries(
      Object.entries(row.figures)
        .filter(([key, f]) => f.status !== 'skipped' && !(key === 'reference' && f.status === 'none'))
        .map(([key, f]) => [
          key,
          {
            ...(f.status === 'ok' ? { value: f.value } : { status: STATUS_TEXT[f.status] ?? f.status }),
            ...(key === 'reference' && row.reference ? { label: `hand-written ${row.reference}` } : {}),
          },
        ]),
    ),
  }));
  writeFileSync(
    path.join(OUT_DIR, 'results.svg'),
    renderChart(chartRows, [
      `tlir${options.libraries.includes('tlir-browser') ? ' (in Node and in Chromium)' : ''} against jax-js, TensorFlow.js and hand-written WGSL (higher is better)`,
      `${adapter.summary}`,
      `${date.slice(0, 10)}, commit ${commit}; each case on its own scale; median of ${options.batches} batches per library, wall clock from submission to completion`,
    ]),
  );
  console.error(`written: ${['results.json', 'results.md', 'results.svg'].map((f) => path.relative(ROOT, path.join(OUT_DIR, f))).join(', ')}`);
  if (failed) {
    console.error('error: a tlir or hand-written kernel failed or gave a wrong result (see above)');
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
