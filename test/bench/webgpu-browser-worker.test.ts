// The WebGPU benchmark's browser worker (bench/webgpu/workers/tlir-browser.mjs) on a tiny case: the batched
// 32x32x32 GEMM over 3 groups, compiled by the built tools as `pnpm bench:webgpu` does, run in headless Chromium
// through the runtime's browser path, its result checked against the CPU's float64 one, then one timed batch
// over the same IPC protocol run.mjs uses. No time is asserted. Without chromium the test is skipped with what
// to install; under CI=true it fails instead (as packages/runtime/test/browser.test.ts).
import { execFileSync, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findCase } from '../../bench/webgpu/cases.mjs';
import { isCiEnvironment } from '../lit/harness.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const chromiumPath = process.env['TLIR_CHROMIUM'] ?? '/usr/bin/chromium';
const missing = existsSync(chromiumPath) ? undefined : `${chromiumPath} does not exist (apt-get install chromium; or set TLIR_CHROMIUM)`;
const work = mkdtempSync(path.join(tmpdir(), 'tlir-bench-browser-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Message {
  type: string;
  error?: string;
  results?: Record<string, { status: string; message?: string; adapter?: string; check?: { ok: boolean; maxError: number } }>;
  impls?: { name: string; firstMs?: number; maxRepetitions?: number }[];
  ms?: number;
  timestamps?: number[];
}

/** Compiles the case's tl kernel with the built tools, as run.mjs does. */
function compile(tlFile: string, name: string) {
  const mlir = path.join(work, `${name}.gpu.mlir`);
  const wgslFile = path.join(work, `${name}.wgsl`);
  const manifestFile = path.join(work, `${name}.manifest.json`);
  execFileSync(process.execPath, [path.join(ROOT, 'tools/tl-opt/bin/tl-opt.js'), tlFile, '--lower-to-krnl', '--lower-to-gpu', '-o', mlir], { stdio: 'pipe' });
  execFileSync(process.execPath, [path.join(ROOT, 'tools/tl-translate/bin/tl-translate.js'), '--mlir-to-wgsl', mlir, '-o', wgslFile, '--manifest', manifestFile], { stdio: 'pipe' });
  return { wgslFile, manifestFile };
}

describe('the browser worker of bench:webgpu', () => {
  it('checks the tlir kernel in headless Chromium and serves a timed batch', async (ctx) => {
    if (missing) {
      if (isCiEnvironment()) throw new Error(`${missing} (CI=true: a missing browser fails this test instead of skipping it)`);
      ctx.skip(missing);
    }
    const sizes = { 'batched-gemm-32': 3 };
    const benchCase = findCase('batched-gemm-32', sizes);
    expect(benchCase.tl.groups).toBe(3);
    const tl = compile(path.join(ROOT, benchCase.tl.file), benchCase.name);
    const expectedFile = path.join(work, 'expected.f64');
    const expected = benchCase.expected(benchCase.inputs());
    expect(expected.length).toBe(32 * 32 * 3);
    writeFileSync(expectedFile, new Uint8Array(expected.buffer));
    const jobFile = path.join(work, 'job.json');
    mkdirSync(work, { recursive: true });
    writeFileSync(jobFile, JSON.stringify({ case: benchCase.name, sizes, recipe: 'swiftshader', expectedFile, tl }));

    const child = fork(path.join(ROOT, 'bench/webgpu/workers/tlir-browser.mjs'), [jobFile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const next = () =>
      new Promise<Message>((resolve, reject) => {
        child.once('message', (message) => resolve(message as Message));
        child.once('exit', (code) => reject(new Error(`the worker stopped (exit code ${code}): ${output}`)));
      });
    try {
      const ready = await next();
      expect(ready.error, output).toBeUndefined();
      const result = ready.results!['tlir-browser']!;
      expect(result.message, output).toBeUndefined();
      expect(result.status).toBe('ok');
      expect(result.check!.ok).toBe(true);
      expect(result.check!.maxError).toBeLessThan(1e-4);
      expect(result.adapter).toMatch(/swiftshader/i);
      expect(ready.impls!.map((impl) => impl.name)).toEqual(['tlir-browser']);
      child.send({ type: 'launch', id: 7, name: 'tlir-browser', repetitions: 2 });
      const launched = await next();
      expect(launched).toMatchObject({ type: 'launched', id: 7 });
      expect(launched.error).toBeUndefined();
      expect(launched.ms).toBeGreaterThan(0);
      child.send({ type: 'exit' });
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);
});
