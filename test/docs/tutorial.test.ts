// docs/tutorial.md runs as written: its kernel (the `tl` block that names its file) is written to a fresh
// directory, compiled and checked by the front end, and every tool command of the tutorial runs there in order
// with the checkout's tools (WebGPU commands left out without an adapter, failing under CI=true); the --check runs
// report `check: ok`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isCiEnvironment } from '../lit/harness.js';
import { assertFreshBundle } from '../lib/bundle-freshness.js';
import { ROOT, makeReadmeDirectory, readmeCommands, runReadmeCommands } from './readme-commands.js';
import { codeBlocks, compileTl } from './tl-doc-examples.js';

const doc = readFileSync(join(ROOT, 'docs', 'tutorial.md'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'tlir-tutorial-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('docs/tutorial.md', () => {
  const kernels = codeBlocks(doc, 'tl');
  const commands = readmeCommands(doc);

  it('has its kernel, which compiles, and the commands of every step', () => {
    expect(kernels).toHaveLength(1);
    expect(kernels[0]!.text).toMatch(/^; file: tutorial\.tl\n/);
    expect(compileTl(kernels[0]!.text, 'tutorial.tl')).toEqual([]);
    for (const step of ['--emit=tl', '--lower-to-krnl', '--lower-to-gpu', '--mlir-to-wgsl', '--check', '--bench']) {
      expect(commands.some((c) => c.text.includes(step)), step).toBe(true);
    }
  });

  it('runs as written', { timeout: 300_000 }, () => {
    for (const tool of ['tl-opt', 'tl-translate', 'tl-run']) assertFreshBundle(tool);
    makeReadmeDirectory(dir);
    writeFileSync(join(dir, 'tutorial.tl'), kernels[0]!.text);
    const outcomes = runReadmeCommands(commands, dir, join(ROOT, 'node_modules/.bin'), isCiEnvironment());
    const failed = outcomes.find((o) => o.status !== 0);
    expect(failed && `docs/tutorial.md:${failed.command.line}: ${failed.command.text}\nexit ${failed.status}\n${failed.output}`).toBeUndefined();
    expect(outcomes.filter((o) => !o.command.webgpu).length).toBe(commands.filter((c) => !c.webgpu).length);
    const checks = outcomes.filter((o) => o.command.text.includes('--check'));
    expect(checks.length).toBeGreaterThanOrEqual(1);
    for (const c of checks) expect(c.output).toContain('check: ok');
    const gpu = outcomes.find((o) => o.command.text.includes('--lower-to-gpu'))!;
    expect(gpu.output).toContain('gpu.barrier');
    expect(gpu.output).toMatch(/%v = memref\.load %yg\[%[0-9a-z_]+\][^\n]*\n *%r = arith\.maxnumf %v, /);
  });
});
