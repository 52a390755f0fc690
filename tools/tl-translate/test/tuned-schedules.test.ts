// tl-translate --mlir-to-wgsl on a .tl kernel takes the tuned schedule of the cache (docs/tuning.md) and says so:
// when the kernel's entries agree on one (or --tuned-for selects one); several different ones are a warning and
// the lowering's own schedule; --no-tuned-schedules and another kernel text take none; a corrupt cache is a warning.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { Context, printOperation } from '@tlir/ir';
import { DEFAULT_DIALECTS } from '@tlir/registry';
import { processIO } from '@tlir/tl-opt';
import { emptyCache, kernelHash, withEntry, writeCacheFile, type TuningEntry } from '@tlir/tl-run/tuning';
import { runTlTranslate } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'tl-translate-tuned-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KERNEL = `func @k(%A: memref<f32x32x16>, %B: memref<f32x16x32>, %C: memref<f32x32x32>) {
  gemm.n.n 1.0, %A, %B, 0.0, %C : f32, memref<f32x32x16>, memref<f32x16x32>, f32, memref<f32x32x32>
}
`;
const file = join(dir, 'k.tl');
writeFileSync(file, KERNEL);

function hashOf(text: string): string {
  const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
  const module = parseTensorLanguage(ctx, text, 'x.tl')!;
  return kernelHash(printOperation(module.regions[0]!.firstBlock!.opsArray()[0]!), '');
}

const entry = (adapter: string, wg: [number, number]): TuningEntry => ({
  key: { adapter, kernel: hashOf(KERNEL), bucket: 'A=32x16 B=16x32 C=32x32 groups=1' },
  kernelName: 'k',
  schedule: { workGroupSize: wg, collectives: [{ 'register-m': 2 }] },
  scheduleText: '',
  seconds: 1,
  defaultSeconds: 2,
  tunedAt: '2026-11-29T00:00:00Z',
});

function translate(argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runTlTranslate(argv, { ...processIO, stdout: (t) => void (stdout += String(t)), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

describe('tl-translate and the tuning cache', () => {
  const cache = join(dir, 'tuning.json');
  writeCacheFile(cache, withEntry(emptyCache(), entry('vendorA|arch||GPU A|vulkan', [16, 2])));

  it('uses the one tuned schedule of the kernel and says so', () => {
    const r = translate(['--mlir-to-wgsl', file, '--cache', cache]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`tl-translate: schedule: tuned (cache ${cache}): @k work-group-size=16,2 register-m=2 (for vendorA arch GPU A vulkan, A=32x16`);
    expect(r.stdout).toContain('@workgroup_size(16, 2, 1)');
    const off = translate(['--mlir-to-wgsl', file, '--cache', cache, '--no-tuned-schedules']);
    expect(off.stderr).toBe('');
    expect(off.stdout).not.toContain('@workgroup_size(16, 2, 1)');
    const other = join(dir, 'other.tl');
    writeFileSync(other, KERNEL.replace('1.0,', '2.0,'));
    expect(translate(['--mlir-to-wgsl', other, '--cache', cache]).stderr).toBe('');
  });

  it('several different schedules: a warning, unless --tuned-for chooses', () => {
    const two = join(dir, 'two.json');
    writeCacheFile(two, withEntry(withEntry(emptyCache(), entry('vendorA|arch||GPU A|vulkan', [16, 2])), entry('vendorB|arch||GPU B|metal', [4, 16])));
    const r = translate(['--mlir-to-wgsl', file, '--cache', two]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: @k has 2 tuned schedules in the cache .*choose one with --tuned-for/);
    expect(r.stdout).toContain('@workgroup_size(8, 8, 1)'); // the lowering's own
    const chosen = translate(['--mlir-to-wgsl', file, '--cache', two, '--tuned-for', 'GPU B']);
    expect(chosen.stderr).toContain('work-group-size=4,16');
    // 4 x 16 work-items, launched one-dimensional (x is not a multiple of 8: docs/wgsl.md, "One-dimensional launch").
    expect(chosen.stdout).toContain('@workgroup_size(64, 1, 1)');
    expect(chosen.stdout).toContain('let thread_id_x = i32(lid.x % 4u);');
  });

  it('a corrupt cache is a warning, and the lowering chooses', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"format": "tlir-tuning-cache", "version": 1, "entr');
    const r = translate(['--mlir-to-wgsl', file, '--cache', bad]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^tl-translate: warning: the tuning cache .*bad\.json is not valid JSON/);
    expect(r.stdout).toContain('@compute');
  });
});
