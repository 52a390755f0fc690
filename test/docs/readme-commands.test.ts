// The README's tool commands run as written from the checkout's tools (`pnpm tl-opt ...` runs
// node_modules/.bin/tl-opt): every one exits 0, in order, in a fresh directory where `examples/` is the checkout's.
// tl-run's WebGPU commands need an adapter (left out without one, failing under CI=true).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isCiEnvironment } from '../lit/harness.js';
import { assertFreshBundle } from '../lib/bundle-freshness.js';
import { ROOT, makeReadmeDirectory, readmeCommands, runReadmeCommands } from './readme-commands.js';

const dir = mkdtempSync(join(tmpdir(), 'tlir-readme-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the README's commands", () => {
  const commands = readmeCommands();

  it('are found: every tool, the .npy example among them', () => {
    expect(commands.length).toBeGreaterThanOrEqual(25);
    for (const tool of ['tl-opt', 'tl-translate', 'tl-run']) expect(commands.some((c) => c.text.includes(`pnpm ${tool} `))).toBe(true);
    expect(commands.some((c) => c.text.includes('--arg A=in/A.npy'))).toBe(true);
  });

  it('run as written from the checkout', { timeout: 300_000 }, () => {
    for (const tool of ['tl-opt', 'tl-translate', 'tl-run']) assertFreshBundle(tool);
    const outcomes = runReadmeCommands(commands, makeReadmeDirectory(dir), join(ROOT, 'node_modules/.bin'), isCiEnvironment());
    const failed = outcomes.find((o) => o.status !== 0);
    expect(failed && `README.md:${failed.command.line}: ${failed.command.text}\nexit ${failed.status}\n${failed.output}`).toBeUndefined();
    expect(outcomes.filter((o) => !o.command.webgpu).length).toBe(commands.filter((c) => !c.webgpu).length);
  });
});
