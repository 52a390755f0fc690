// A small workspace for the tests of the stale-bundle guard (bundle-freshness.ts and the lit harness that uses it).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const BUILT = new Date('2026-01-01T00:00:10Z');
const BEFORE = new Date('2026-01-01T00:00:00Z');
const AFTER = new Date('2026-01-01T00:00:20Z');

/**
 * A workspace in a new temporary folder (pushed on `roots`, for the caller to remove): tools/tl-opt, which bundles
 * packages/lib (a development dependency of the tool, as the real tools list what they bundle), with a bundle built at
 * BUILT and every source at BEFORE; packages/other, a development dependency of packages/lib, not bundled.
 * bin/tl-opt.js prints `tl-opt of the last build` (Node runs it).
 */
export function makeBundleWorkspace(roots: string[]): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tlir-bundle-freshness-'));
  roots.push(root);
  const write = (file: string, text: string, time = BEFORE): void => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
    fs.utimesSync(path.join(root, file), time, time);
  };
  write('pnpm-workspace.yaml', 'packages:\n  - packages/*\n  - tools/*\n');
  write('packages/lib/package.json', JSON.stringify({ name: '@x/lib', devDependencies: { '@x/other': 'workspace:*' } }));
  write('packages/lib/src/deep/lib.ts', 'export const x = 1;\n');
  write('packages/other/package.json', JSON.stringify({ name: '@x/other' }));
  write('packages/other/src/other.ts', 'export const y = 1;\n');
  write('tools/tl-opt/package.json', JSON.stringify({ name: '@x/tl-opt', type: 'module', devDependencies: { '@x/lib': 'workspace:*' } }));
  write('tools/tl-opt/src/main.ts', 'import "@x/lib";\n');
  write('tools/tl-opt/scripts/bundle.mjs', '// builds the bundle\n');
  write('tools/tl-opt/bin/tl-opt.js', "import '../dist/tl-opt.bundle.mjs';\n");
  write('tools/tl-opt/dist/tl-opt.bundle.mjs', 'console.log("tl-opt of the last build");\n', BUILT);
  return root;
}

/** Sets the modification time of `file` of `root` to after the build. */
export function touch(root: string, file: string, time = AFTER): void {
  fs.utimesSync(path.join(root, file), time, time);
}

