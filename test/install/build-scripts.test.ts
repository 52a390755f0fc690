// `pnpm install` prints no "Ignored build scripts" warning: every installed dependency with an install script
// (preinstall, install or postinstall) is named in package.json's pnpm.onlyBuiltDependencies (pnpm runs its script)
// or pnpm.ignoredBuiltDependencies (pnpm skips it without a word). pnpm warns of any other; this finds them first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const store = join(root, 'node_modules', '.pnpm');

interface Manifest {
  name?: string;
  scripts?: Record<string, string>;
  pnpm?: { onlyBuiltDependencies?: string[]; ignoredBuiltDependencies?: string[] };
}

/** The names of the installed packages (in pnpm's virtual store) that have an install script. */
function packagesWithInstallScripts(): string[] {
  const found = new Set<string>();
  for (const entry of readdirSync(store)) {
    const modules = join(store, entry, 'node_modules');
    if (!existsSync(modules)) continue;
    // The package of `entry` is the one whose folder is not a link: name@version, or @scope+name@version.
    const name = entry.replace(/@[^@]*$/, '').replace(/^(@[^+]+)\+/, '$1/');
    const manifest = join(modules, name, 'package.json');
    if (!existsSync(manifest)) continue;
    const m = JSON.parse(readFileSync(manifest, 'utf8')) as Manifest;
    if (['preinstall', 'install', 'postinstall'].some((s) => m.scripts?.[s])) found.add(m.name ?? name);
  }
  return [...found].sort();
}

describe('build scripts of dependencies', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
  const allowed = manifest.pnpm?.onlyBuiltDependencies ?? [];
  const ignored = manifest.pnpm?.ignoredBuiltDependencies ?? [];

  it('finds the packages with install scripts (esbuild and webgpu have one)', () => {
    expect(packagesWithInstallScripts()).toEqual(expect.arrayContaining(['esbuild', 'webgpu']));
  });

  it('are each allowed or ignored in package.json, so that pnpm install does not warn', () => {
    const undecided = packagesWithInstallScripts().filter((p) => !allowed.includes(p) && !ignored.includes(p));
    expect(undecided, 'add these to pnpm.onlyBuiltDependencies or pnpm.ignoredBuiltDependencies in package.json, with the reason').toEqual([]);
  });

  it('names no package that is not installed or has no install script', () => {
    const withScripts = packagesWithInstallScripts();
    expect([...allowed, ...ignored].filter((p) => !withScripts.includes(p))).toEqual([]);
  });
});
