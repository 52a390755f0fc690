// The playground's compiler, in Node: what the page shows after each pass is what tl-opt prints after it
// (--mlir-print-ir-after-all), the WGSL and manifest are tl-translate's, and diagnostics are tl-opt's, located in the
// input. The located text (locations taken off, kept beside the lines) is the IR tl-opt prints without them.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/compile.js';
import { locatedText } from '../src/ir-text.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const SAMPLE_FILE = 'fused-kernel.tl';
const SAMPLE = fs.readFileSync(path.join(repo, 'examples/kernels', SAMPLE_FILE), 'utf8');
const PIPELINE = 'builtin.module(lower-to-krnl,lower-to-gpu)';

/** Runs a bundled tool on `text` saved as `file` in a fresh directory; its stdout, stderr and status. */
function tool(name: 'tl-opt' | 'tl-translate', file: string, text: string, args: string[]): { stdout: string; stderr: string; status: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tlir-playground-'));
  try {
    fs.writeFileSync(path.join(dir, file), text);
    const r = spawnSync(process.execPath, [path.join(repo, `tools/${name}/bin/${name}.js`), file, ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
    return { stdout: r.stdout, stderr: r.stderr, status: r.status ?? -1 };
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
}

describe('the playground compiler', () => {
  const result = compile({ source: SAMPLE, language: 'tl', filename: SAMPLE_FILE, pipeline: PIPELINE });

  it("keeps the module after every pass, as tl-opt's --mlir-print-ir-after-all prints it", () => {
    expect(result.ok).toBe(true);
    expect(result.diagnostics).toEqual([]);
    const printed = tool('tl-opt', SAMPLE_FILE, SAMPLE, ['-p', PIPELINE, '--mlir-print-ir-after-all', '-o', '/dev/null']).stderr;
    const dumps = printed.split(/^\/\/ -----\/\/ IR Dump After .*\n/m).slice(1);
    expect(result.passes.map((p) => p.argument)).toEqual([...printed.matchAll(/IR Dump After \S+ \((\S+)\)/g)].map((m) => m[1]));
    expect(dumps).toHaveLength(17);
    expect(result.passes).toHaveLength(dumps.length);
    result.passes.forEach((p, i) => expect(p.ir.text.trimEnd(), p.argument).toBe(dumps[i]!.trimEnd()));
    expect(result.passes.every((p) => p.milliseconds >= 0 && !p.failed)).toBe(true);
    // Passes that left the text as it was are marked unchanged.
    result.passes.forEach((p, i) => expect(p.changed).toBe(p.ir.text !== (i === 0 ? result.input!.text : result.passes[i - 1]!.ir.text)));
  });

  it("maps each op line to the source line of the op's location", () => {
    const last = result.passes[result.passes.length - 1]!.ir;
    const lines = last.text.replace(/\n$/, '').split('\n');
    const launch = lines.findIndex((l) => l.includes('gpu.launch_func'));
    expect(last.sourceLines[launch]).toBe(7); // the kernel's `func` line: the host function launches it
    const gemm = SAMPLE.split('\n').findIndex((l) => l.includes('gemm.n.n')) + 1;
    expect(last.sourceLines.filter((l) => l === gemm).length).toBeGreaterThan(5);
    expect(lines).toHaveLength(last.sourceLines.length);
    // Locations inside strings are text, not locations.
    const t = locatedText('"a.loc"() {s = " loc(x)"} : () -> () loc("f.tl":3:4)\n#loc = loc("f.tl":1:1)\n', 'f.tl');
    expect(t).toEqual({ text: '"a.loc"() {s = " loc(x)"} : () -> ()\n', sourceLines: [3] });
  });

  it("translates to tl-translate's WGSL and manifest", () => {
    expect(result.wgsl).toHaveLength(1);
    expect(result.wgsl[0]!.wgsl).toBe(tool('tl-translate', SAMPLE_FILE, SAMPLE, ['--mlir-to-wgsl']).stdout);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tlir-manifest-'));
    tool('tl-translate', SAMPLE_FILE, SAMPLE, ['--mlir-to-wgsl', '-o', path.join(dir, 'k.wgsl'), '--manifest', path.join(dir, 'k.json')]);
    expect(result.wgsl[0]!.manifest).toBe(fs.readFileSync(path.join(dir, 'k.json'), 'utf8'));
    fs.rmSync(dir, { recursive: true });
  });

  it("reports tl-opt's diagnostics, located in the input", () => {
    const typo = SAMPLE.replace('%2 = subview %D[:,:,%0]', '%2 = subview %E[:,:,%0]');
    const r = compile({ source: typo, language: 'tl', filename: SAMPLE_FILE, pipeline: PIPELINE });
    expect(r.ok).toBe(false);
    expect(r.passes).toEqual([]);
    const expected = tool('tl-opt', SAMPLE_FILE, typo, []);
    expect(expected.status).toBe(1);
    expect(r.diagnostics.map((d) => d.rendered).join('')).toBe(expected.stderr);
    const [, line, column] = /^fused-kernel\.tl:(\d+):(\d+):/.exec(expected.stderr)!;
    expect([r.diagnostics[0]!.line, r.diagnostics[0]!.column]).toEqual([Number(line), Number(column)]);
  });

  it("reports a bad pipeline as tl-opt does, and a failing pass's error with the passes before it", () => {
    const bad = compile({ source: SAMPLE, language: 'tl', filename: SAMPLE_FILE, pipeline: 'builtin.module(lower-to-krnl,no-such-pass)' });
    const expected = tool('tl-opt', SAMPLE_FILE, SAMPLE, ['-p', 'builtin.module(lower-to-krnl,no-such-pass)']);
    expect(bad.diagnostics.map((d) => d.rendered).join('')).toBe(expected.stderr);
    const failing = compile({ source: SAMPLE, language: 'tl', filename: SAMPLE_FILE, pipeline: 'builtin.module(lower-to-krnl{tile-m=6})' });
    const cli = tool('tl-opt', SAMPLE_FILE, SAMPLE, ['-p', 'builtin.module(lower-to-krnl{tile-m=6})']);
    expect(cli.status).toBe(1);
    expect(failing.ok).toBe(false);
    expect(failing.diagnostics.map((d) => d.rendered).join('')).toBe(cli.stderr);
  });

  it('compiles MLIR input too', () => {
    const mlir = 'func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32\n  %2 = arith.muli %0, %1 : i32\n  return %2 : i32\n}\n';
    const r = compile({ source: mlir, language: 'mlir', filename: 'f.mlir', pipeline: 'builtin.module(cse)' });
    expect(r.ok).toBe(true);
    expect(r.passes.map((p) => [p.argument, p.changed])).toEqual([['cse', true]]);
    expect(r.passes[0]!.ir.text).toBe(tool('tl-opt', 'f.mlir', mlir, ['-p', 'builtin.module(cse)']).stdout.replace(/\n+$/, '\n'));
    expect(r.passes[0]!.ir.sourceLines.filter((l) => l > 0)).toEqual([1, 2, 4, 5, 1]);
    expect(r.wgslNote).toMatch(/no gpu kernels yet/);
  });
});
