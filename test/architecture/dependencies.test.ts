// The architecture's dependency rules (.dependency-cruiser.cjs), checked on the packages' sources with
// dependency-cruiser: no value import circle, dialects import no conversion, target, front end, registry or tool,
// packages/ir imports nothing outside itself (docs/architecture.md, "Dependencies"). A small tree of fixtures that
// breaks each rule once shows that every rule can fail.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
/** The source folders of every package, as `pnpm check:deps` names them. */
const SOURCES = ['packages/*/src', 'dialects/*/src', 'frontends/*/src', 'conversions/*/src', 'targets/*/src', 'registry/src', 'tools/*/src'];

interface Violation {
  readonly rule: string;
  readonly from: string;
  readonly to: string;
}

async function cruise(cwd: string, sources: readonly string[]): Promise<{ violations: Violation[]; modules: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, [DEPCRUISE, '--config', CONFIG, '--output-type', 'json', ...sources], {
    cwd,
    maxBuffer: 256 * 1024 * 1024,
    shell: false,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' })); // exits non-zero on violations
  const report = JSON.parse(stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[]; totalCruised: number };
  };
  return { violations: report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to })), modules: report.summary.totalCruised };
}

/** The folders the shell would expand each pattern to (execFile runs no shell). */
async function expand(cwd: string, patterns: readonly string[]): Promise<string[]> {
  const { readdirSync, existsSync } = await import('node:fs');
  const out: string[] = [];
  for (const pattern of patterns) {
    const [top, star, rest] = pattern.split('/');
    if (star !== '*') {
      if (existsSync(path.join(cwd, pattern))) out.push(pattern);
      continue;
    }
    for (const entry of readdirSync(path.join(cwd, top!), { withFileTypes: true })) {
      const dir = `${top}/${entry.name}/${rest}`;
      if (entry.isDirectory() && existsSync(path.join(cwd, dir))) out.push(dir);
    }
  }
  return out;
}

describe('the dependency rules', () => {
  it('hold for every package of the repository', async () => {
    const { violations, modules } = await cruise(ROOT, await expand(ROOT, SOURCES));
    expect(modules).toBeGreaterThan(500); // the whole tree was read, not an empty selection
    expect(violations.map((v) => `${v.rule}: ${v.from} -> ${v.to}`)).toEqual([]);
  });

  it('catch each kind of violation (fixtures)', async () => {
    const { violations } = await cruise(FIXTURES, ['packages', 'dialects', 'conversions', 'tools']);
    const found = violations.map((v) => `${v.rule}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual(
      [
        'conversions-frontends-targets-import-no-tool: conversions/toy-to-loops/src/lower.ts -> tools/toy-opt/src/main.ts',
        'dialects-import-no-lowering: dialects/toy/src/toy-op.ts -> conversions/toy-to-loops/src/lower.ts',
        'framework-imports-no-dialect: packages/ir/src/op.ts -> dialects/toy/src/toy-op.ts',
        'ir-imports-only-itself: packages/ir/src/op.ts -> dialects/toy/src/toy-op.ts',
        // The value circle a <-> b, reported once; the type-only circle c <-> d is not reported.
        'no-circular-value-imports: packages/core/src/a.ts -> packages/core/src/b.ts',
      ].sort(),
    );
  });
});
