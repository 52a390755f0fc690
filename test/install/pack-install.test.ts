// The tools install as a user installs them: `pnpm pack:tools` packs tl-opt, tl-translate and tl-run into tarballs
// that hold their bins and bundles; `npm i -g` installs tl-opt and tl-translate into a temporary prefix (offline:
// they have no dependency) and `npm i` tl-run into another (its one dependency, webgpu, comes from npm's cache or
// the registry); `npx --package` runs a tarball's tool. From another directory, away from the checkout, the
// installed tools answer --version and run every tool command of the README, `pnpm` left out.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCiEnvironment } from '../lit/harness.js';
import { assertFreshBundle } from '../lib/bundle-freshness.js';
import { ROOT, makeReadmeDirectory, readmeCommands, runReadmeCommands } from '../docs/readme-commands.js';

const work = mkdtempSync(join(tmpdir(), 'tlir-install-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const TIMEOUT = 300_000;

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  // npm's own caches and logs stay in the work folder's npm-cache, except that it reads the user's cache for webgpu.
  return spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 240_000, env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...env } });
}

function output(r: SpawnSyncReturns<string>): string {
  return `exit ${r.status}\n${r.stdout}${r.stderr}${r.error ?? ''}`;
}

describe('the packed tools, installed', () => {
  const packs = join(work, 'packs');
  const globalPrefix = join(work, 'global');
  const localPrefix = join(work, 'local');
  const elsewhere = join(work, 'elsewhere');
  let tarballs: Record<string, string> = {};
  let tlRunInstalled: string | undefined;

  beforeAll(() => {
    for (const tool of ['tl-opt', 'tl-translate', 'tl-run']) assertFreshBundle(tool);
    const packed = run('node', [join(ROOT, 'scripts/pack-tools.mjs'), packs], ROOT);
    if (packed.status !== 0) throw new Error(`pnpm pack:tools failed: ${output(packed)}`);
    for (const line of packed.stdout.trim().split('\n')) tarballs[/tlir-(tl-[a-z]+)-/.exec(line)![1]!] = line;
    makeReadmeDirectory(elsewhere);
  }, TIMEOUT);

  it('packs each tool with its bin and bundle, and no sources', () => {
    expect(Object.keys(tarballs).sort()).toEqual(['tl-opt', 'tl-run', 'tl-translate']);
    const listing = (tool: string): string[] => run('tar', ['-tzf', tarballs[tool]!], work).stdout.trim().split('\n').sort();
    expect(listing('tl-opt')).toEqual(expect.arrayContaining(['package/bin/tl-opt', 'package/bin/tl-opt.js', 'package/dist/tl-opt.bundle.cjs', 'package/package.json']));
    expect(listing('tl-translate')).toEqual(['package/bin/tl-translate.js', 'package/dist/tl-translate.bundle.mjs', 'package/package.json']);
    expect(listing('tl-run')).toEqual(['package/bin/tl-run.js', 'package/dist/tl-run.bundle.mjs', 'package/package.json']);
    for (const tool of Object.keys(tarballs)) expect(listing(tool).filter((f) => /\/src\/|\.ts$/.test(f))).toEqual([]);
    const manifest = JSON.parse(run('tar', ['-xzOf', tarballs['tl-run']!, 'package/package.json'], work).stdout) as { dependencies?: Record<string, string> };
    expect(Object.keys(manifest.dependencies ?? {})).toEqual(['webgpu']);
  });

  it('npm i -g installs tl-opt and tl-translate, which run from another directory', { timeout: TIMEOUT }, () => {
    const installed = run('npm', ['install', '-g', '--prefix', globalPrefix, '--offline', tarballs['tl-opt']!, tarballs['tl-translate']!], elsewhere);
    expect(installed.status, output(installed)).toBe(0);
    for (const tool of ['tl-opt', 'tl-translate']) {
      const r = run(join(globalPrefix, 'bin', tool), ['--version'], elsewhere);
      expect(output(r)).toContain(`${tool} (tlir) 0.1.0`);
    }
    const lowered = run(join(globalPrefix, 'bin', 'tl-opt'), ['examples/kernels/bias-relu.tl', '--lower-to-krnl', '--lower-to-gpu'], elsewhere);
    expect(lowered.status, output(lowered)).toBe(0);
    expect(lowered.stdout).toContain('gpu.launch_func');
  });

  it('npm i installs tl-run, which runs from another directory', { timeout: TIMEOUT }, () => {
    const installed = run('npm', ['install', '--prefix', localPrefix, '--prefer-offline', tarballs['tl-run']!], elsewhere);
    if (installed.status !== 0) {
      // Its dependency comes from the registry when npm's cache does not have it.
      if (isCiEnvironment()) expect(installed.status, output(installed)).toBe(0);
      console.warn(`tl-run not installed (webgpu could not be fetched), its checks skipped:\n${output(installed)}`);
      return;
    }
    tlRunInstalled = join(localPrefix, 'node_modules', '.bin');
    const r = run(join(tlRunInstalled, 'tl-run'), ['examples/kernels/bias-relu.tl', '--groups', '2', '--random', '--shape', 'X=8x2', '--shape', 'bias=8', '--shape', 'Y=8x2', '--backend', 'interpreter', '--stage', 'gpu', '--check'], elsewhere);
    expect(output(r)).toContain('check: ok');
    expect(r.status).toBe(0);
  });

  it('npx --package runs a packed tool', { timeout: TIMEOUT }, () => {
    const r = run('npx', ['--yes', '--offline', '--package', tarballs['tl-opt']!, 'tl-opt', '--version'], elsewhere, { npm_config_cache: join(work, 'npx-cache') });
    expect(output(r)).toContain('tl-opt (tlir) 0.1.0');
    expect(r.status).toBe(0);
  });

  it("runs the README's commands from another directory", { timeout: TIMEOUT }, () => {
    const commands = readmeCommands().filter((c) => tlRunInstalled || !c.text.includes('pnpm tl-run'));
    expect(commands.length).toBeGreaterThanOrEqual(20);
    const outcomes = runReadmeCommands(commands, elsewhere, [join(globalPrefix, 'bin'), tlRunInstalled ?? join(work, 'none')].join(':'), isCiEnvironment());
    const failed = outcomes.find((o) => o.status !== 0);
    expect(failed && `README.md:${failed.command.line}: ${failed.command.text}\nexit ${failed.status}\n${failed.output}`).toBeUndefined();
    expect(outcomes.filter((o) => !o.command.webgpu).length).toBe(commands.filter((c) => !c.webgpu).length);
  });
});
