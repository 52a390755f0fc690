// The conformance runner's parts: reading an upstream-style test file (its RUN lines say what kind of test it is),
// splitting it at `// -----`, finding the dialects a chunk uses, and classifying each chunk by running tl-opt and
// mlir-opt on it. `run.mjs` is the command (`pnpm conformance`); docs/conformance.md describes the method.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The kinds of test file the runner understands; any other file is skipped. */
export const MODES = ['roundtrip', 'invalid', 'canonicalize'];

/** The classes a chunk falls in. */
export const CLASSES = ['accepted', 'excluded-dialect', 'excluded-upstream', 'mismatch', 'crash'];

/**
 * The RUN lines of a file, continuation lines (ending in `\`) joined.
 * @param {string} text
 * @returns {string[]}
 */
export function runLines(text) {
  const lines = [];
  let pending = '';
  for (const line of text.split('\n')) {
    const m = /^\s*\/\/\s*RUN:(.*)$/.exec(line);
    if (!m) continue;
    const body = m[1].trimEnd();
    if (body.endsWith('\\')) {
      pending += body.slice(0, -1) + ' ';
    } else {
      lines.push((pending + body).trim());
      pending = '';
    }
  }
  if (pending) lines.push(pending.trim());
  return lines;
}

// Options of the first command of a RUN line that change nothing the runner compares: they only select how the
// input is read or printed.
const NEUTRAL_OPTIONS = new Set([
  '-split-input-file', '--split-input-file', '-allow-unregistered-dialect', '--allow-unregistered-dialect',
  '-verify-roundtrip', '--verify-roundtrip', '-mlir-print-op-generic', '--mlir-print-op-generic',
  '-verify-diagnostics', '--verify-diagnostics', '-mlir-print-local-scope', '--mlir-print-local-scope',
  '-mlir-print-debuginfo', '--mlir-print-debuginfo', '-o', '-', '%s',
]);

/**
 * The pipeline of a `--pass-pipeline=...` option whose only pass is canonicalize, at module level or nested in
 * func.func (as `builtin.module(func.func(canonicalize{test-convergence}))`); null for any other option.
 * @param {string} option
 * @returns {string | null}
 */
export function canonicalizePipeline(option) {
  const m = /^--?pass-pipeline=(.*)$/.exec(option);
  if (!m) return null;
  const text = m[1].replace(/^(['"])(.*)\1$/, '$2');
  return /^builtin\.module\((func\.func\()?canonicalize(\{[\w\s=-]*\})?\)?\)$/.test(text) &&
    (text.match(/\(/g) ?? []).length === (text.match(/\)/g) ?? []).length
    ? text
    : null;
}

/**
 * What kind of test a file is, from its RUN lines: `invalid` when mlir-opt runs with --verify-diagnostics,
 * `canonicalize` when its only pass is canonicalize (`pipeline` is set when a --pass-pipeline names it), `roundtrip` when mlir-opt only reads and prints it; null
 * otherwise (a file testing another pass). `allowUnregistered` says whether the RUN line lets unregistered
 * dialects through.
 * @param {string} text
 * @returns {{ mode: string, allowUnregistered: boolean } | null}
 */
export function fileMode(text) {
  let found = null;
  for (const line of runLines(text)) {
    const first = line.split('|')[0].trim();
    const words = first.split(/\s+/);
    if (words[0] !== 'mlir-opt') continue;
    const options = words.slice(1);
    const allowUnregistered = options.some((o) => /^--?allow-unregistered-dialect$/.test(o));
    let mode;
    let pipeline;
    if (options.some((o) => /^--?verify-diagnostics$/.test(o))) mode = 'invalid';
    const others = options.filter((o) => !NEUTRAL_OPTIONS.has(o) && !/^--?verify-diagnostics/.test(o));
    if (!mode) {
      if (others.length === 0) mode = 'roundtrip';
      else if (others.every((o) => /^--?canonicalize(=.*)?$/.test(o) || /^"?test-convergence"?$/.test(o))) mode = 'canonicalize';
      else if (others.length === 1 && (pipeline = canonicalizePipeline(others[0]))) mode = 'canonicalize';
    } else if (others.length > 0) {
      mode = undefined; // diagnostics of a pass
    }
    if (!mode) continue;
    // The strongest check a file asks for wins: a file that is both round-tripped and canonicalized is compared
    // after canonicalization.
    const rank = { roundtrip: 0, invalid: 1, canonicalize: 2 };
    if (!found || rank[mode] > rank[found.mode]) found = pipeline ? { mode, allowUnregistered, pipeline } : { mode, allowUnregistered };
    else if (found.mode === mode) found.allowUnregistered ||= allowUnregistered;
  }
  return found;
}

/**
 * The chunks of a file split at `// -----` lines, as mlir-opt's --split-input-file does. Each keeps the line it
 * starts at (1-based) for reports.
 * @param {string} text
 * @returns {{ text: string, line: number }[]}
 */
export function splitChunks(text) {
  const chunks = [];
  const lines = text.split('\n');
  let start = 0;
  for (let i = 0; i <= lines.length; i++) {
    if (i === lines.length || /^\s*\/\/\s*-----\s*$/.test(lines[i])) {
      chunks.push({ text: lines.slice(start, i).join('\n') + '\n', line: start + 1 });
      start = i + 1;
    }
  }
  return chunks;
}

/** The text without `//` comments and string literals' contents (a chunk's op names and attributes only). */
function codeOf(text) {
  let out = '';
  for (const line of text.split('\n')) {
    let inString = false;
    let s = '';
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (inString) {
        if (c === '\\') { i++; continue; }
        if (c === '"') { inString = false; s += '"'; }
        continue;
      }
      if (c === '"') {
        // a generic op name keeps its text: "ns.op"(
        const end = line.indexOf('"', i + 1);
        const word = end > 0 ? line.slice(i + 1, end) : '';
        if (/^[A-Za-z_][\w$]*\.[\w.$]+$/.test(word) && /^\s*\(/.test(line.slice(end + 1))) {
          s += `"${word}"`;
          i = end;
          continue;
        }
        inString = true;
        s += '"';
        continue;
      }
      if (c === '/' && line[i + 1] === '/') break;
      s += c;
    }
    out += s + '\n';
  }
  return out;
}

/**
 * The dialect namespaces a chunk uses: of its ops (custom and generic forms) and of its dialect types and
 * attributes (`!ns.` and `#ns.`). Discardable attributes named `ns.name` in attribute dictionaries are counted only
 * with `attributes` (for invalid files: mlir-opt has the dialect verify such an attribute, with errors tl-opt cannot
 * give for a dialect it lacks); otherwise an op that carries one does not need the dialect.
 * @param {string} text
 * @param {{ attributes?: boolean }} [options]
 * @returns {Set<string>}
 */
export function dialectsOf(text, { attributes = false } = {}) {
  const code = codeOf(text);
  const found = new Set();
  for (const m of code.matchAll(/"([A-Za-z_][\w$]*)\.[\w.$]+"\s*\(/g)) found.add(m[1]);
  for (const m of code.matchAll(/[!#]([A-Za-z_][\w$]*)\.[A-Za-z_]/g)) found.add(m[1]);
  // custom form: the op name starts a statement, after an optional result list, or follows a `{` on one line (a
  // name followed at once by `,` or `}`, or by `=`, is an attribute of a dictionary: `attributes {llvm.emit_c_interface}`)
  for (const m of code.matchAll(/(?:^|[{;])\s*(?:%[\w$.#:-]+(?:\s*,\s*%[\w$.#:-]+)*\s*=\s*)?([a-z_][\w$]*)\.([a-z_][\w.$]*)\b(?![,}]|\s*=)/gm)) {
    found.add(m[1]);
  }
  if (attributes) for (const m of code.matchAll(/[{,]\s*([a-z_][\w$]*)\.[a-z_][\w.$]*\s*(?=[=,}])/g)) found.add(m[1]);
  for (const d of resourceDialects(code)) found.add(d);
  return found;
}

/**
 * The dialects named in a file metadata section's `dialect_resources: { ns: {...}, ... }` (each key is the dialect
 * that owns the resources below it; the builtin dialect's are `builtin`).
 * @param {string} code
 * @returns {string[]}
 */
function resourceDialects(code) {
  const names = [];
  for (const m of code.matchAll(/dialect_resources\s*:\s*\{/g)) {
    let depth = 1;
    for (let i = m.index + m[0].length; i < code.length && depth > 0; i++) {
      const c = code[i];
      if (c === '"') {
        while (++i < code.length && code[i] !== '"') if (code[i] === '\\') i++;
      } else if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (depth === 1) {
        const key = /^([A-Za-z_][\w$]*)\s*:/.exec(code.slice(i));
        if (key && !/[\w$]/.test(code[i - 1] ?? '')) {
          names.push(key[1]);
          i += key[0].length - 1;
        }
      }
    }
  }
  return names.filter((n) => n !== 'builtin');
}

/**
 * Runs a command with a time limit; resolves with its exit code (null when killed), stdout and stderr.
 * @returns {Promise<{ code: number | null, signal: string | null, stdout: string, stderr: string, timedOut: boolean }>}
 */
export function runCommand(command, args, { timeoutMs = 60000, input } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, timeoutMs);
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', (e) => { clearTimeout(timer); resolve({ code: null, signal: null, stdout, stderr: String(e), timedOut }); });
    child.on('close', (code, signal) => { clearTimeout(timer); resolve({ code, signal, stdout, stderr, timedOut }); });
    if (input !== undefined) child.stdin.end(input); else child.stdin.end();
  });
}

/** Whether a tl-opt run crashed rather than reporting an error: an internal error, a stack trace, a signal. */
export function isCrash(result) {
  if (result.timedOut) return true;
  if (result.code === null) return true;
  if (result.code !== 0 && result.code !== 1) return true;
  return /internal error|^\s+at .*\(.*:\d+:\d+\)$|RangeError|TypeError|ReferenceError/m.test(result.stderr);
}

/** The first line of an error output worth showing in a report. */
function firstErrorLine(stderr) {
  const line = stderr.split('\n').find((l) => /error/.test(l)) ?? stderr.split('\n')[0] ?? '';
  return line.trim().slice(0, 200);
}

/** The first differing line of two outputs. */
function firstDifference(a, b) {
  const x = a.split('\n');
  const y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] !== y[i]) return `line ${i + 1}: mlir-opt '${(x[i] ?? '').trim().slice(0, 120)}' tl-opt '${(y[i] ?? '').trim().slice(0, 120)}'`;
  }
  return '';
}

/**
 * Classifies one chunk. `tools` gives the commands: `{ tlOpt, mlirOpt }`; `dialects` the namespaces tl-opt
 * registers, `upstreamDialects` those mlir-opt registers. A chunk that uses a dialect mlir-opt has and tl-opt lacks
 * is excluded; so is a chunk mlir-opt itself rejects (for invalid files: one whose expected diagnostics mlir-opt
 * does not produce). Otherwise:
 * - roundtrip: tl-opt must read and print it, and mlir-opt must read tl-opt's output to what it prints for the
 *   chunk itself;
 * - invalid: tl-opt --verify-diagnostics must succeed;
 * - canonicalize: tl-opt --canonicalize's output, printed again by mlir-opt, must equal mlir-opt --canonicalize's.
 * Every chunk tl-opt accepts is also run through canonicalize, cse, loop-invariant-code-motion and symbol-dce,
 * which must not crash.
 * @returns {Promise<{ class: string, detail: string }>}
 */
export async function classifyChunk(chunk, { mode, allowUnregistered, pipeline }, { tlOpt, mlirOpt, dialects, upstreamDialects, tmp, stress = true }) {
  const used = dialectsOf(chunk, { attributes: mode === 'invalid' });
  const missing = [...used].filter((d) => !dialects.has(d) && upstreamDialects.has(d));
  if (missing.length > 0) return { class: 'excluded-dialect', detail: missing.sort().join(',') };
  const file = path.join(tmp, 'chunk.mlir');
  writeFileSync(file, chunk);
  const common = allowUnregistered ? ['--allow-unregistered-dialect'] : [];
  const stressRun = async () => {
    if (!stress) return null;
    const r = await runCommand(tlOpt, [...common, '--pass-pipeline=builtin.module(canonicalize,cse,loop-invariant-code-motion,symbol-dce,canonicalize)', file]);
    if (isCrash(r)) return { class: 'crash', detail: `after passes: ${firstErrorLine(r.stderr)}` };
    return null;
  };

  if (mode === 'invalid') {
    const ref = await runCommand(mlirOpt, [...common, '--verify-diagnostics', file]);
    if (ref.code !== 0) return { class: 'excluded-upstream', detail: firstErrorLine(ref.stderr) };
    const mine = await runCommand(tlOpt, [...common, '--verify-diagnostics', file]);
    if (isCrash(mine)) return { class: 'crash', detail: firstErrorLine(mine.stderr) };
    if (mine.code !== 0) return { class: 'mismatch', detail: firstErrorLine(mine.stderr) };
    return { class: 'accepted', detail: '' };
  }

  const passes = mode !== 'canonicalize' ? [] : pipeline ? [`--pass-pipeline=${pipeline}`] : ['--canonicalize'];
  const ref = await runCommand(mlirOpt, [...common, ...passes, file]);
  if (ref.code !== 0) return { class: 'excluded-upstream', detail: firstErrorLine(ref.stderr) };
  const mine = await runCommand(tlOpt, [...common, ...passes, file]);
  if (isCrash(mine)) return { class: 'crash', detail: firstErrorLine(mine.stderr) };
  if (mine.code !== 0) return { class: 'mismatch', detail: `tl-opt rejects it: ${firstErrorLine(mine.stderr)}` };
  const reprinted = await runCommand(mlirOpt, [...common], { input: mine.stdout });
  if (reprinted.code !== 0) return { class: 'mismatch', detail: `mlir-opt rejects tl-opt's output: ${firstErrorLine(reprinted.stderr)}` };
  // mlir-opt's own output, printed once more, so that both sides went through the same printer twice
  const refAgain = await runCommand(mlirOpt, [...common], { input: ref.stdout });
  const expected = refAgain.code === 0 ? refAgain.stdout : ref.stdout;
  if (reprinted.stdout !== expected) return { class: 'mismatch', detail: firstDifference(expected, reprinted.stdout) };
  const crashed = await stressRun();
  if (crashed) return crashed;
  return { class: 'accepted', detail: '' };
}

/** The dialects a tool registers, from its --show-dialects output. */
export async function registeredDialects(command) {
  const r = await runCommand(command, ['--show-dialects']);
  const text = r.stdout.replace(/^Available Dialects:/, '');
  return new Set(text.split(/[\s,]+/).filter(Boolean));
}

/**
 * Classifies every chunk of a file, `jobs` chunks at a time; null when the file is of no kind the runner
 * understands.
 * @returns {Promise<null | { mode: string, chunks: { line: number, class: string, detail: string }[] }>}
 */
export async function classifyFile(filePath, options, jobs = 1) {
  const text = readFileSync(filePath, 'utf8');
  const mode = fileMode(text);
  if (!mode) return null;
  const pending = splitChunks(text).filter((c) => c.text.trim() !== '');
  const results = new Array(pending.length);
  let next = 0;
  const worker = async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'tlir-conformance-'));
    try {
      while (next < pending.length) {
        const i = next++;
        const result = await classifyChunk(pending[i].text, mode, { ...options, tmp });
        results[i] = { line: pending[i].line, ...result };
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return { mode: mode.mode, chunks: results };
}

/** Counts of each class in a list of chunk results. */
export function tally(chunks) {
  const counts = Object.fromEntries(CLASSES.map((c) => [c, 0]));
  for (const c of chunks) counts[c.class]++;
  return counts;
}

/**
 * The report's table: one row per file, then the total; `rate` is accepted / (accepted + mismatch + crash), the
 * chunks that use only tl-opt's dialects and that mlir-opt accepts.
 */
export function formatTable(rows) {
  const header = ['file', 'mode', 'chunks', 'accepted', 'excl. dialect', 'excl. upstream', 'mismatch', 'crash', 'rate'];
  const rate = (c) => {
    const n = c.accepted + c.mismatch + c.crash;
    return n === 0 ? '-' : `${(100 * c.accepted / n).toFixed(1)}%`;
  };
  const body = [];
  const total = Object.fromEntries(CLASSES.map((c) => [c, 0]));
  let totalChunks = 0;
  for (const row of rows) {
    const c = row.counts;
    const n = CLASSES.reduce((s, k) => s + c[k], 0);
    totalChunks += n;
    for (const k of CLASSES) total[k] += c[k];
    body.push([row.file, row.mode, n, c.accepted, c['excluded-dialect'], c['excluded-upstream'], c.mismatch, c.crash, rate(c)]);
  }
  body.push(['total', '', totalChunks, total.accepted, total['excluded-dialect'], total['excluded-upstream'], total.mismatch, total.crash, rate(total)]);
  const all = [header, ...body].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((cell, i) => (i === 0 || i === 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 || i === 1 ? '-'.repeat(w) : '-'.repeat(w - 1) + ':')).join(' | ')} |`;
  return [line(all[0]), rule, ...all.slice(1).map(line)].join('\n');
}
