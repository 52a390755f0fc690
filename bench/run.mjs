#!/usr/bin/env node
// Benchmarks tl-opt against mlir-opt-22 as whole processes, side by side, on the same generated input.
// Run from the repository root: `pnpm bench [-- options]` or `node bench/run.mjs [options]`; see bench/README.md.
//
// For each case: (re)generate the input if missing or stale; run each tool once writing real files and check
// that tl-opt's output, re-read by mlir-opt, equals mlir-opt's own output; then warm up and time the tools
// alternately (A B, B A, A B, ...). Wall time is measured around the process; peak RSS comes from GNU time
// (`/usr/bin/time`), as do each process's user and system CPU seconds and its minor page faults. Results: a table
// on stdout and bench/out/results-<case>.json.
// Nothing here asserts a time: the ratio is reported, never enforced.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate as generateModule } from './gen-module.mjs';
import { generate as generateTlKernel } from './gen-tl-kernel.mjs';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(BENCH_DIR);
const OUT_DIR = path.join(BENCH_DIR, 'out');
const GNU_TIME = '/usr/bin/time';

// ---------------------------------------------------------------------------------------------------------
// Inputs.

/**
 * The generated func/arith/memref module with `ops` operations, in bench/out. Regenerated when missing or when
 * the generator or its parameters changed since it was written (a stamp file beside it records both).
 */
function moduleInput(ops, seed = 1) {
  const name = ops % 1000 === 0 ? `module-${ops / 1000}k.mlir` : `module-${ops}.mlir`;
  const file = path.join(OUT_DIR, name);
  const generator = path.join(BENCH_DIR, 'gen-module.mjs');
  const stamp = JSON.stringify({
    generator: createHash('sha256').update(readFileSync(generator)).digest('hex').slice(0, 16),
    ops,
    seed,
  });
  const stampFile = `${file}.stamp`;
  const fresh = existsSync(file) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
  if (!fresh || options.regen) {
    const t0 = performance.now();
    const r = generateModule({ ops, seed });
    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(file, r.text);
    writeFileSync(stampFile, stamp);
    log(`generated ${rel(file)}: ${r.ops} ops, ${r.functions} functions, ${mb(r.text.length)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  return { file, ops, bytes: statSync(file).size, seed };
}

/**
 * The generated tensor-language kernel with `instructions` instructions (bench/gen-tl-kernel.mjs), in bench/out,
 * regenerated like moduleInput's module. `ops` counts its instructions.
 */
function tlKernelInput(instructions, seed = 1) {
  const name = instructions % 1000 === 0 ? `kernel-${instructions / 1000}k.tl` : `kernel-${instructions}.tl`;
  const file = path.join(OUT_DIR, name);
  const generator = path.join(BENCH_DIR, 'gen-tl-kernel.mjs');
  const stamp = JSON.stringify({
    generator: createHash('sha256').update(readFileSync(generator)).digest('hex').slice(0, 16),
    instructions,
    seed,
  });
  const stampFile = `${file}.stamp`;
  const fresh = existsSync(file) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
  if (!fresh || options.regen) {
    const r = generateTlKernel({ instructions, seed });
    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(file, r.text);
    writeFileSync(stampFile, stamp);
    log(`generated ${rel(file)}: ${r.instructions} instructions, ${r.definitions} compile-time definitions, ${mb(r.text.length)} MB`);
  }
  return { file, ops: instructions, unit: 'instruction', bytes: statSync(file).size, seed };
}

// ---------------------------------------------------------------------------------------------------------
// Cases. Add a benchmark by adding an entry: `generate(opts)` returns the input ({file, ops, bytes}), the
// argument lists are what each tool gets besides the input file and `-o OUT`. `--tl-opt-flags` /
// `--mlir-opt-flags` replace them from the command line.
// `checkArgs`: how mlir-opt re-reads tl-opt's output for the agreement check (its output is compared with
// mlir-opt's own output for the case, both printed by mlir-opt so value names and spelling are canonical).
// A case with `mlirOptArgs: null` has no reference tool: only tl-opt runs, no ratio, no agreement check, and the
// table adds the time per unit of input (`input.unit`, e.g. per instruction).

const CASES = [
  {
    name: 'parse-print-generic',
    description: 'parse + verify + print (generic form) of a generated ~200k-op func/arith/memref module',
    generate: (opts) => moduleInput(opts.ops ?? 200000),
    // --allow-unregistered-dialect was for cf before tlir had it; kept so the command is that of the earlier figures.
    tlOptArgs: ['--allow-unregistered-dialect', '--mlir-print-op-generic'],
    mlirOptArgs: ['--mlir-print-op-generic'],
    checkArgs: ['--mlir-print-op-generic'],
  },
  {
    name: 'canonicalize-cse',
    description: 'parse + canonicalize + cse + print (generic form) of the generated ~200k-op func/arith/memref module',
    generate: (opts) => moduleInput(opts.ops ?? 200000),
    tlOptArgs: ['--canonicalize', '--cse', '--mlir-print-op-generic'],
    mlirOptArgs: ['--canonicalize', '--cse', '--mlir-print-op-generic'],
    checkArgs: ['--mlir-print-op-generic'],
    // tl-opt's result can match mlir-opt's only when it registers these (with their folders and canonicalization
    // patterns, and canonicalize's region simplification): a build without one of them skips the case in a run
    // of all cases.
    requiresDialects: ['func', 'arith', 'memref', 'cf'],
  },
  {
    name: 'tl-front-end',
    description: 'parse + preprocess + verify (and print) of a generated 10,000-instruction tensor-language kernel',
    generate: (opts) => tlKernelInput(opts.ops ?? 10000),
    tlOptArgs: [],
    // There is no reference tool for the tensor language (tinytc is not a command-line compiler).
    mlirOptArgs: null,
    checkArgs: null,
  },
];

/** The dialects tl-opt registers (from `tl-opt --show-dialects`), or null if it cannot say. */
function tlOptDialects() {
  const [cmd, ...args] = options.tlOptCmd.split(/\s+/).filter(Boolean);
  const r = spawnSync(cmd, [...args, '--show-dialects'], { cwd: ROOT, encoding: 'utf8' });
  const m = /Available Dialects: (.*)/.exec(r.stdout ?? '');
  return m ? m[1].split(',').map((d) => d.trim()) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Command line.

const USAGE = `usage: node bench/run.mjs [options]      (from the root: pnpm bench [-- options])
  --case NAMES          comma-separated cases to run (default: all); --list shows them
  --list                list the cases and exit
  --runs N              timed runs per tool (default 5)
  --warmup N            untimed runs per tool before timing (default 1)
  --tools LIST          tl-opt,mlir-opt (default both); e.g. --tools mlir-opt
  --tl-opt-flags STR    replace the case's tl-opt flags (one string, split on spaces)
  --mlir-opt-flags STR  replace the case's mlir-opt flags
  --tl-opt-cmd STR      how to start tl-opt (default: "tools/tl-opt/bin/tl-opt", run as users run it: \`pnpm tl-opt\` runs this launcher)
  --mlir-opt-cmd STR    how to start mlir-opt (default: "mlir-opt-22")
  --ops N               generate an input of N ops instead of the case's default (quick runs)
  --regen               regenerate inputs even when up to date
  --no-check            skip the output agreement check
  -h, --help            this text
Exit status: 0 when every selected tool ran and outputs agree, 1 otherwise. Ratios never change it.`;

const options = {
  cases: null,
  list: false,
  runs: 5,
  warmup: 1,
  tools: ['tl-opt', 'mlir-opt'],
  tlOptFlags: null,
  mlirOptFlags: null,
  tlOptCmd: 'tools/tl-opt/bin/tl-opt',
  mlirOptCmd: 'mlir-opt-22',
  ops: undefined,
  regen: false,
  check: true,
};

function parseArgs(argv) {
  const words = (s) => s.split(/\s+/).filter(Boolean);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    const count = (min) => {
      const n = Number(val());
      if (!Number.isInteger(n) || n < min) throw new Error(`${a} needs an integer >= ${min}`);
      return n;
    };
    switch (a) {
      case '--': break; // what `pnpm bench -- ...` may pass through
      case '--case': options.cases = val().split(',').filter(Boolean); break;
      case '--list': options.list = true; break;
      case '--runs': options.runs = count(1); break;
      case '--warmup': options.warmup = count(0); break;
      case '--tools': {
        options.tools = val().split(',').filter(Boolean);
        for (const t of options.tools) if (t !== 'tl-opt' && t !== 'mlir-opt') throw new Error(`unknown tool ${t}`);
        break;
      }
      case '--tl-opt-flags': options.tlOptFlags = words(val()); break;
      case '--mlir-opt-flags': options.mlirOptFlags = words(val()); break;
      case '--tl-opt-cmd': options.tlOptCmd = val(); break;
      case '--mlir-opt-cmd': options.mlirOptCmd = val(); break;
      case '--ops': options.ops = count(40); break;
      case '--regen': options.regen = true; break;
      case '--no-check': options.check = false; break;
      case '-h': case '--help': console.log(USAGE); process.exit(0);
      default: throw new Error(`unknown argument ${a}\n${USAGE}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Helpers.

function log(msg) {
  process.stderr.write(`${msg}\n`);
}
function rel(p) {
  return path.relative(ROOT, p) || '.';
}
function mb(bytes) {
  return (bytes / (1024 * 1024)).toFixed(1);
}
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
function lastLines(text, n = 6) {
  return text.trim().split('\n').slice(-n).join('\n');
}
function quote(argv) {
  return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/**
 * What GNU time reports of the timed process: wall seconds, peak RSS (KiB), user and system CPU seconds (all its
 * threads), minor page faults (pages the kernel had to map in, most of them zero-filled: on a virtual machine
 * their cost varies with the host, and it is most of the difference between a fast and a slow run).
 */
const TIME_FORMAT = '%e %M %U %S %R';
const TIME_LINE = /([\d.]+) (\d+) ([\d.]+) ([\d.]+) (\d+)\s*$/;

/** GNU time, when it is there and works. */
function probeGnuTime() {
  if (!existsSync(GNU_TIME)) return false;
  const tmp = path.join(OUT_DIR, '.time-probe');
  const r = spawnSync(GNU_TIME, ['-f', TIME_FORMAT, '-o', tmp, 'true'], { stdio: 'ignore' });
  const ok = r.status === 0 && existsSync(tmp) && TIME_LINE.test(readFileSync(tmp, 'utf8'));
  rmSync(tmp, { force: true });
  return ok;
}

/**
 * Runs one process: wall seconds measured here around the spawn; peak RSS (MiB), CPU seconds and minor page
 * faults from GNU time when available (else null).
 * Output of the tool itself goes to the file named in its arguments; its stderr is kept for failure reports.
 */
function runProcess(argv, useTime) {
  const timeFile = path.join(OUT_DIR, '.time-out');
  const [cmd, ...args] = useTime ? [GNU_TIME, '-f', TIME_FORMAT, '-o', timeFile, ...argv] : argv;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  let peakMiB = null;
  let cpu = null;
  if (useTime && existsSync(timeFile)) {
    // GNU time writes "Command exited with non-zero status N" before the format line on failure.
    const m = TIME_LINE.exec(readFileSync(timeFile, 'utf8'));
    if (m) {
      peakMiB = Number(m[2]) / 1024;
      cpu = { userSeconds: Number(m[3]), systemSeconds: Number(m[4]), minorFaults: Number(m[5]) };
    }
    rmSync(timeFile, { force: true });
  }
  const error = r.error ? String(r.error.message) : r.status !== 0 ? `exit ${r.status ?? r.signal}` : null;
  return { seconds, peakMiB, cpu, error, stderr: r.stderr ? r.stderr.toString() : '' };
}

function toolCommand(tool, kase) {
  const base = (tool === 'tl-opt' ? options.tlOptCmd : options.mlirOptCmd).split(/\s+/).filter(Boolean);
  const flags = tool === 'tl-opt' ? options.tlOptFlags ?? kase.tlOptArgs : options.mlirOptFlags ?? kase.mlirOptArgs;
  return [...base, ...flags];
}

function mlirOptVersion() {
  const r = spawnSync(options.mlirOptCmd.split(/\s+/)[0], ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  const m = /LLVM version (\S+)/.exec(r.stdout);
  return m ? m[1] : lastLines(r.stdout, 1);
}

// ---------------------------------------------------------------------------------------------------------
// One case.

function runCase(kase, useTime) {
  const input = kase.generate({ ops: options.ops });
  const tools = kase.mlirOptArgs ? options.tools : options.tools.filter((t) => t === 'tl-opt');
  const result = {
    case: kase.name,
    description: kase.description,
    input: { file: rel(input.file), ops: input.ops, unit: input.unit ?? 'op', bytes: input.bytes, seed: input.seed },
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, mlirOpt: mlirOptVersion() },
    warmup: options.warmup,
    runs: options.runs,
    peakRssAvailable: useTime,
    tools: {},
    ratios: {},
    outputsAgree: null,
  };
  for (const t of tools) result.tools[t] = { command: quote([...toolCommand(t, kase), rel(input.file), '-o', '/dev/null']), status: 'ok', error: null, seconds: [], peakRssMiB: [], userSeconds: [], systemSeconds: [], minorFaults: [], minSeconds: null, medianSeconds: null, maxPeakRssMiB: null, medianUserSeconds: null, medianSystemSeconds: null, medianMinorFaults: null };

  log(`\n== ${kase.name}: ${kase.description}`);
  log(`input ${rel(input.file)}: ${input.ops} ${input.unit ?? 'op'}s, ${mb(input.bytes)} MB`);

  const fail = (t, what, r) => {
    const tr = result.tools[t];
    if (tr.status !== 'ok') return;
    tr.status = 'failed';
    tr.error = `${what}: ${r.error}${r.stderr.trim() ? `\n${lastLines(r.stderr)}` : ''}`;
    log(`${t} failed: ${tr.error}`);
  };

  // Agreement check with real output files.
  if (options.check && kase.checkArgs) {
    const outs = {};
    for (const t of tools) {
      const out = path.join(OUT_DIR, `${kase.name}.${t}.out.mlir`);
      rmSync(out, { force: true });
      const r = runProcess([...toolCommand(t, kase), input.file, '-o', out], false);
      if (!r.error && !existsSync(out)) r.error = `no output file ${rel(out)}`;
      if (r.error) fail(t, 'check run', r);
      else outs[t] = out;
    }
    if (outs['tl-opt'] && outs['mlir-opt']) {
      const reread = path.join(OUT_DIR, `${kase.name}.tl-opt.reread.mlir`);
      const r = runProcess([...options.mlirOptCmd.split(/\s+/).filter(Boolean), ...kase.checkArgs, outs['tl-opt'], '-o', reread], false);
      if (r.error) {
        result.outputsAgree = false;
        result.outputsNote = `mlir-opt could not re-read tl-opt's output: ${r.error}\n${lastLines(r.stderr)}`;
      } else {
        const a = readFileSync(reread, 'utf8'), b = readFileSync(outs['mlir-opt'], 'utf8');
        result.outputsAgree = a === b;
        if (a !== b) {
          const la = a.split('\n'), lb = b.split('\n');
          let i = 0;
          while (i < la.length && la[i] === lb[i]) i++;
          result.outputsNote = `first difference at line ${i + 1}:\n  tl-opt (re-read): ${la[i] ?? '<end>'}\n  mlir-opt:         ${lb[i] ?? '<end>'}`;
        }
      }
      if (result.outputsNote) log(result.outputsNote);
    }
  }

  // Warm-up and timed runs, alternating the tools and flipping the order each round.
  const live = () => tools.filter((t) => result.tools[t].status === 'ok');
  for (let round = 0; round < options.warmup + options.runs; round++) {
    const order = round % 2 ? [...live()].reverse() : live();
    for (const t of order) {
      const r = runProcess([...toolCommand(t, kase), input.file, '-o', '/dev/null'], useTime);
      if (r.error) {
        fail(t, round < options.warmup ? 'warm-up' : 'timed run', r);
        continue;
      }
      if (round < options.warmup) continue;
      result.tools[t].seconds.push(r.seconds);
      if (r.peakMiB !== null) result.tools[t].peakRssMiB.push(r.peakMiB);
      if (r.cpu !== null) {
        result.tools[t].userSeconds.push(r.cpu.userSeconds);
        result.tools[t].systemSeconds.push(r.cpu.systemSeconds);
        result.tools[t].minorFaults.push(r.cpu.minorFaults);
      }
    }
  }
  for (const t of tools) {
    const tr = result.tools[t];
    if (tr.status !== 'ok') continue;
    tr.minSeconds = Math.min(...tr.seconds);
    tr.medianSeconds = median(tr.seconds);
    tr.maxPeakRssMiB = tr.peakRssMiB.length ? Math.max(...tr.peakRssMiB) : null;
    if (tr.minorFaults.length) {
      tr.medianUserSeconds = median(tr.userSeconds);
      tr.medianSystemSeconds = median(tr.systemSeconds);
      tr.medianMinorFaults = median(tr.minorFaults);
    }
  }
  const tl = result.tools['tl-opt'], ml = result.tools['mlir-opt'];
  if (tl?.status === 'ok' && ml?.status === 'ok') {
    result.ratios.time = ml.medianSeconds / tl.medianSeconds;
    result.ratios.peakRss = ml.maxPeakRssMiB && tl.maxPeakRssMiB ? ml.maxPeakRssMiB / tl.maxPeakRssMiB : null;
  }
  if (!kase.mlirOptArgs && tl?.status === 'ok') {
    result.perUnit = { unit: result.input.unit, minMicroseconds: (tl.minSeconds / input.ops) * 1e6, medianMicroseconds: (tl.medianSeconds / input.ops) * 1e6 };
  }
  return result;
}

function printTable(res) {
  const rows = [['tool', 'min s', 'median s', 'peak RSS MiB', 'user s', 'sys s', 'minor faults', 'status']];
  const last = rows[0].length - 1;
  const or = (x, f) => (x === null ? 'n/a' : f(x));
  for (const [t, tr] of Object.entries(res.tools)) {
    if (tr.status !== 'ok') {
      rows.push([t, '-', '-', '-', '-', '-', '-', `failed: ${tr.error.split('\n')[0]}`]);
      continue;
    }
    const cpu = [or(tr.medianUserSeconds, (x) => x.toFixed(2)), or(tr.medianSystemSeconds, (x) => x.toFixed(2)), or(tr.medianMinorFaults, (x) => x.toFixed(0))];
    rows.push([t, tr.minSeconds.toFixed(3), tr.medianSeconds.toFixed(3), or(tr.maxPeakRssMiB, (x) => x.toFixed(1)), ...cpu, 'ok']);
  }
  const w = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const reference = 'mlir-opt' in res.tools ? `, mlir-opt ${res.machine.mlirOpt ?? '?'}` : ', no reference tool';
  console.log(`\n${res.case}: ${res.input.file} (${res.input.ops} ${res.input.unit}s, ${mb(res.input.bytes)} MB), ${res.warmup} warm-up + ${res.runs} timed runs per tool, ${res.machine.cpus} CPUs${reference}`);
  for (const r of rows) console.log(r.map((x, c) => (c === 0 || c === last ? x.padEnd(w[c]) : x.padStart(w[c]))).join('  ').trimEnd());
  if (res.peakRssAvailable) console.log('(user s, sys s, minor faults: medians; CPU seconds are of all the process\'s threads)');
  const fmt = (x) => (x === null || x === undefined ? 'n/a' : x.toFixed(2));
  if ('tl-opt' in res.tools && 'mlir-opt' in res.tools) {
    console.log(`time ratio   mlir-opt median / tl-opt median: ${fmt(res.ratios.time)}  (target >= 1.0; above 1 means tl-opt is faster)`);
    console.log(`memory ratio mlir-opt peak RSS / tl-opt peak RSS: ${fmt(res.ratios.peakRss)}  (above 1 means tl-opt uses less memory)`);
  }
  if (res.perUnit) {
    const us = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
    console.log(`per ${res.perUnit.unit}: median ${us(res.perUnit.medianMicroseconds)} µs, min ${us(res.perUnit.minMicroseconds)} µs (whole process, Node start-up included)`);
  }
  if (!res.peakRssAvailable) console.log(`peak RSS, CPU seconds and page faults unavailable: GNU time (${GNU_TIME}) missing; install it with: apt-get install -y time`);
  if (res.outputsAgree !== null) console.log(`outputs agree: ${res.outputsAgree ? 'yes' : 'no'}`);
  else if (options.check && 'mlir-opt' in res.tools) console.log('outputs agree: not checked (a tool failed or was not selected)');
}

// ---------------------------------------------------------------------------------------------------------

function main() {
  parseArgs(process.argv.slice(2));
  if (options.list) {
    for (const c of CASES) console.log(`${c.name}  ${c.description}`);
    return 0;
  }
  const selected = options.cases ? options.cases.map((n) => CASES.find((c) => c.name === n) ?? (() => { throw new Error(`unknown case ${n} (have: ${CASES.map((c) => c.name).join(', ')})`); })()) : CASES;
  mkdirSync(OUT_DIR, { recursive: true });
  const useTime = probeGnuTime();
  if (!useTime) log(`note: ${GNU_TIME} (GNU time) not found or not working; peak memory will be reported as unavailable. Install it with: apt-get install -y time`);
  if (options.tools.includes('tl-opt') && options.tlOptCmd.includes('tools/tl-opt/bin/tl-opt') && !existsSync(path.join(ROOT, 'tools/tl-opt/dist/main.js')))
    log('note: tools/tl-opt/dist/main.js is missing; build first with: pnpm build');
  let ok = true;
  const known = selected.some((c) => c.requiresDialects) ? tlOptDialects() : null;
  for (const kase of selected) {
    if (!kase.mlirOptArgs && !options.tools.includes('tl-opt')) {
      console.log(`\n${kase.name}: skipped, it has no reference tool and tl-opt is not selected`);
      continue;
    }
    const missing = (kase.requiresDialects ?? []).filter((d) => known && !known.includes(d));
    if (missing.length && !options.cases) {
      console.log(`\n${kase.name}: skipped, tl-opt does not register ${missing.join(', ')} yet (run it with --case ${kase.name})`);
      continue;
    }
    const res = runCase(kase, useTime);
    printTable(res);
    const suffix = options.ops === undefined ? '' : `-ops${options.ops}`;
    const file = path.join(OUT_DIR, `results-${kase.name}${suffix}.json`);
    writeFileSync(file, `${JSON.stringify(res, null, 2)}\n`);
    console.log(`results: ${rel(file)}`);
    if (Object.values(res.tools).some((t) => t.status !== 'ok') || res.outputsAgree === false) ok = false;
  }
  return ok ? 0 : 1;
}

try {
  process.exitCode = main();
} catch (e) {
  log(`bench: ${e.message}`);
  process.exitCode = 2;
}
