// Whether the bundled tools are at least as new as their sources. The file tests (and the few unit tests that spawn
// tools/<tool>/bin/<tool>.js) run the bundle that `pnpm build` made, tools/<tool>/dist/<tool>.bundle.*, not the
// TypeScript sources that vitest runs: after a source is edited without a build, they would test the old code
// without saying so. `staleBundle` says so instead, by modification times: the bundle against the `src/**/*.ts` of
// the tool's package and of every workspace package it depends on (directly or not), and against its bundle script.
// A fresh clone has no bundle until `pnpm install` (which builds); `pnpm test` builds first.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const defaultRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The workspace packages: name -> folder, from the globs of pnpm-workspace.yaml (`- dir/*` entries). */
function workspacePackages(root: string): Map<string, string> {
  const packages = new Map<string, string>();
  const yaml = fs.readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  for (const [, glob] of yaml.matchAll(/^\s*-\s*['"]?([^'"\s#]+)['"]?\s*$/gm)) {
    const dirs = glob!.endsWith('/*') ? listDirs(path.join(root, glob!.slice(0, -2))) : [path.join(root, glob!)];
    for (const dir of dirs) {
      const manifest = path.join(dir, 'package.json');
      if (fs.existsSync(manifest)) packages.set((JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name: string }).name, dir);
    }
  }
  return packages;
}

function listDirs(dir: string): string[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name));
  } catch {
    return [];
  }
}

/**
 * The folders of the package in `dir` and of the workspace packages among its dependencies, transitively. A tool
 * lists the workspace packages it bundles as devDependencies (its packed package needs none of them), so those of
 * the tool itself count too.
 */
function bundledPackageDirs(dir: string, packages: Map<string, string>): string[] {
  const seen = new Set<string>([dir]);
  const queue = [dir];
  while (queue.length > 0) {
    const at = queue.pop()!;
    const manifest = JSON.parse(fs.readFileSync(path.join(at, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    const names = Object.keys({ ...manifest.dependencies, ...(at === dir ? manifest.devDependencies : {}) });
    for (const name of names) {
      const dep = packages.get(name);
      if (dep !== undefined && !seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  return [...seen];
}

/** The newest `.ts` file under `dir` (recursively), or undefined when there is none. */
function newestSource(dir: string, newest?: { file: string; mtimeMs: number }): { file: string; mtimeMs: number } | undefined {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return newest;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = newestSource(full, newest);
    else if (entry.name.endsWith('.ts')) {
      const mtimeMs = fs.statSync(full).mtimeMs;
      if (newest === undefined || mtimeMs > newest.mtimeMs) newest = { file: full, mtimeMs };
    }
  }
  return newest;
}

/** The bundle that tools/<tool>/bin/<tool>.js loads (`../dist/<name>.bundle.cjs` or `.mjs`). */
export function bundleOf(tool: string, root: string = defaultRoot): string {
  const bin = path.join(root, 'tools', tool, 'bin', `${tool}.js`);
  const named = /\.\.\/dist\/[\w.-]+\.bundle\.[cm]?js/.exec(fs.readFileSync(bin, 'utf8'))?.[0];
  if (named === undefined) throw new Error(`${bin} names no ../dist/*.bundle.* file`);
  return path.resolve(path.dirname(bin), named);
}

/**
 * Why the bundle of tools/<tool> cannot be trusted to be the current code (it is missing, or older than one of its
 * sources), with what to run; undefined when it is fresh.
 */
export function staleBundle(tool: string, root: string = defaultRoot): string | undefined {
  const bundle = bundleOf(tool, root);
  const rel = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  const rebuild = `run \`pnpm build\` (or \`node tools/${tool}/scripts/bundle.mjs\` for this bundle alone)`;
  if (!fs.existsSync(bundle)) return `${rel(bundle)} has not been built: ${rebuild}`;
  const built = fs.statSync(bundle).mtimeMs;
  const toolDir = path.join(root, 'tools', tool);
  let newest: { file: string; mtimeMs: number } | undefined;
  for (const dir of bundledPackageDirs(toolDir, workspacePackages(root))) newest = newestSource(path.join(dir, 'src'), newest);
  const script = path.join(toolDir, 'scripts', 'bundle.mjs');
  if (fs.existsSync(script)) {
    const mtimeMs = fs.statSync(script).mtimeMs;
    if (newest === undefined || mtimeMs > newest.mtimeMs) newest = { file: script, mtimeMs };
  }
  if (newest === undefined || newest.mtimeMs <= built) return undefined;
  return `${rel(bundle)} is older than ${rel(newest.file)}, edited after the last build: the tests would run the old code; ${rebuild}`;
}

/** Throws, saying what to run, when the bundle of tools/<tool> is missing or older than its sources (see above). */
export function assertFreshBundle(tool: string, root: string = defaultRoot): void {
  const why = staleBundle(tool, root);
  if (why !== undefined) throw new Error(why);
}
