import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { assertFreshBundle } from '../../../test/lib/bundle-freshness.js';
import { restoreEnvironment } from '../src/snapshot-main.js';

// bin/tl-opt (what `pnpm tl-opt` runs) starts Node from the startup snapshot `pnpm build` made, and falls back to
// bin/tl-opt.js when it cannot: both must behave as the same tl-opt.
const toolDir = fileURLToPath(new URL('..', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));
const launcher = join(toolDir, 'bin/tl-opt');
const script = join(toolDir, 'bin/tl-opt.js');
const snapshot = join(toolDir, 'dist/tl-opt.snapshot');
const module = 'func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n';
const launcherFlags = /^flags='([^']*)'$/m.exec(readFileSync(launcher, 'utf8'))![1]!;

function run(command: string, args: string[], input?: string, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return spawnSync(command, args, { input, encoding: 'utf8', cwd: root, env: { ...process.env, ...env }, maxBuffer: 1 << 26 });
}
const outcome = (r: SpawnSyncReturns<string>) => ({ status: r.status, stdout: r.stdout, stderr: r.stderr });

// These tests run the bundle and the snapshot of the last build: each fails when that is older than the sources
// (a failing beforeAll would report them as skipped).
beforeEach(() => assertFreshBundle('tl-opt'));

const scratch = mkdtempSync(join(tmpdir(), 'tl-opt-launcher-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('bin/tl-opt', () => {
  it('has a startup snapshot made for this Node binary and its flags', () => {
    const node = statSync(process.execPath);
    const [binary, flags] = readFileSync(`${snapshot}.node`, 'utf8').split('\n');
    expect(binary).toBe(`${node.ino}:${node.size}:${Math.floor(node.mtimeMs / 1000)}`);
    expect(flags).toBe(launcherFlags);
    // The first line of bin/tl-opt.js gives Node the same flags.
    expect(readFileSync(script, 'utf8').split('\n', 1)[0]).toBe(`#!/usr/bin/env -S node ${launcherFlags}`);
  });

  it('prints what bin/tl-opt.js prints, from a file and from standard input', () => {
    const file = join(scratch, 'f.mlir');
    writeFileSync(file, module);
    const expected = outcome(run(process.execPath, [script, file]));
    expect(expected.status).toBe(0);
    expect(expected.stdout).toContain('arith.addi %arg0, %arg0 : i32');
    expect(outcome(run(launcher, [file]))).toEqual(expected);
    expect(outcome(run(launcher, ['-'], module))).toEqual(expected);
    expect(outcome(run(launcher, ['--mlir-print-op-generic', '-'], module))).toEqual(outcome(run(process.execPath, [script, '--mlir-print-op-generic', '-'], module)));
  });

  it('writes a large output to a file as it prints it, the same bytes as to standard output', () => {
    const input = join(scratch, 'large.mlir');
    const gen = run(process.execPath, [join(root, 'bench/gen-module.mjs'), '--ops', '30000', '-o', input]);
    expect(gen.status).toBe(0);
    const out = join(scratch, 'large.out.mlir');
    const args = ['--allow-unregistered-dialect', '--mlir-print-op-generic', input];
    const toStdout = run(launcher, args);
    expect(toStdout.status).toBe(0);
    expect(toStdout.stdout.length).toBeGreaterThan(2 << 20);
    expect(run(launcher, [...args, '-o', out]).status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(toStdout.stdout);
    // The generator writes what mlir-opt prints: the output is the input.
    expect(toStdout.stdout).toBe(readFileSync(input, 'utf8'));
  });

  it('leaves no output file when the input has errors, and reports an output file it cannot open', () => {
    const out = join(scratch, 'never.mlir');
    const r = run(launcher, ['-', '-o', out], '"x"() : () -> ()\n');
    expect(r.status).toBe(1);
    expect(() => statSync(out)).toThrow(/^ENOENT: no such file or directory, stat '.*never\.mlir'$/);
    const bad = run(launcher, ['-', '-o', join(scratch, 'no/such/dir/x.mlir')], module);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe(`tl-opt: could not open output file '${join(scratch, 'no/such/dir/x.mlir')}': No such file or directory\n`);
  });

  it('reports bad input with a location and exit code 1, as bin/tl-opt.js does', () => {
    const bad = '"x"() : () -> ()\n';
    const r = outcome(run(launcher, ['-'], bad));
    expect(r.status).toBe(1);
    expect(r.stderr).toBe("<stdin>:1:1: error: operation 'x' is not registered: its dialect is not loaded (use --allow-unregistered-dialect to allow it)\n\"x\"() : () -> ()\n^\n");
    expect(r).toEqual(outcome(run(process.execPath, [script, '-'], bad)));
  });

  it('runs from the snapshot itself: Node started on it gives the same output', () => {
    const direct = run(process.execPath, ['--snapshot-blob', snapshot, ...launcherFlags.split(' '), '--', '-'], module);
    expect(outcome(direct)).toEqual(outcome(run(process.execPath, [script, '-'], module)));
  });

  it('loads plugins (which a snapshot cannot import) through bin/tl-opt.js', () => {
    const args = [
      '--allow-unregistered-dialect',
      '--load-dialect-plugin=examples/plugins/demo-plugin.mjs',
      '--load-pass-plugin=examples/plugins/demo-plugin.mjs',
      '--demo-expand-double',
      'examples/plugins/demo.mlir',
    ];
    const expected = outcome(run(process.execPath, [script, ...args]));
    expect(expected.status).toBe(0);
    expect(outcome(run(launcher, args))).toEqual(expected);
    // Node started on the snapshot by hand says why it cannot.
    const direct = run(process.execPath, ['--snapshot-blob', snapshot, ...launcherFlags.split(' '), '--', ...args]);
    expect(direct.status).toBe(1);
    expect(direct.stderr).toContain('cannot import modules (bin/tl-opt runs bin/tl-opt.js for plugins)');
  });

  it('starts Node without NODE_EXTRA_CA_CERTS (certificates tl-opt has no use for), and gives it back to process.env', () => {
    // Node warns at start-up about a certificate file it cannot read: from the snapshot it never tries.
    const missing = { NODE_EXTRA_CA_CERTS: join(scratch, 'no-such-certificates.pem') };
    const expected = outcome(run(process.execPath, [script, '-'], module, { NODE_EXTRA_CA_CERTS: undefined }));
    expect(outcome(run(launcher, ['-'], module, missing))).toEqual(expected);
    expect(run(launcher, ['-'], module, { ...missing, TLIR_NO_SNAPSHOT: '1' }).stderr).toContain('Warning: Ignoring extra certs');
    // The snapshot's entry restores the variable as it was given.
    const env = process.env;
    const before = { ...env };
    try {
      env['TLIR_NODE_EXTRA_CA_CERTS'] = '/etc/certs.pem';
      delete env['NODE_EXTRA_CA_CERTS'];
      restoreEnvironment();
      expect(env['NODE_EXTRA_CA_CERTS']).toBe('/etc/certs.pem');
      expect('TLIR_NODE_EXTRA_CA_CERTS' in env).toBe(false);
      // Unset, it stays unset.
      delete env['NODE_EXTRA_CA_CERTS'];
      restoreEnvironment();
      expect('NODE_EXTRA_CA_CERTS' in env).toBe(false);
    } finally {
      for (const k of Object.keys(env)) if (!(k in before)) delete env[k];
      Object.assign(env, before);
    }
  });

  it('falls back to bin/tl-opt.js when the snapshot was made for another Node binary, or is missing', () => {
    const copy = join(scratch, 'tl-opt');
    cpSync(join(toolDir, 'bin'), join(copy, 'bin'), { recursive: true });
    cpSync(join(toolDir, 'dist'), join(copy, 'dist'), { recursive: true });
    const copied = join(copy, 'bin/tl-opt');
    const expected = outcome(run(process.execPath, [script, '-'], module));
    writeFileSync(join(copy, 'dist/tl-opt.snapshot.node'), `0:0:0\n${launcherFlags}\n`);
    expect(outcome(run(copied, ['-'], module))).toEqual(expected);
    rmSync(join(copy, 'dist/tl-opt.snapshot'));
    expect(outcome(run(copied, ['-'], module))).toEqual(expected);
    expect(outcome(run(launcher, ['-'], module, { TLIR_NO_SNAPSHOT: '1' }))).toEqual(expected);
  });
});
