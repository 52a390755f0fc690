// The stale-bundle guard (bundle-freshness.ts) on a small workspace (bundle-workspace.ts): a tool whose package
// depends on a library package, and an unrelated package, with modification times set explicitly.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleOf, staleBundle } from './bundle-freshness.js';
import { makeBundleWorkspace, touch } from './bundle-workspace.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));
const makeWorkspace = (): string => makeBundleWorkspace(roots);

describe('staleBundle', () => {
  it('finds the bundle that bin/<tool>.js loads', () => {
    const root = makeWorkspace();
    expect(bundleOf('tl-opt', root)).toBe(path.join(root, 'tools/tl-opt/dist/tl-opt.bundle.mjs'));
  });

  it('says nothing when the bundle is newer than every source', () => {
    expect(staleBundle('tl-opt', makeWorkspace())).toBeUndefined();
  });

  it("names a source of the tool's package edited after the build, and says to run pnpm build", () => {
    const root = makeWorkspace();
    touch(root, 'tools/tl-opt/src/main.ts');
    expect(staleBundle('tl-opt', root)).toBe(
      'tools/tl-opt/dist/tl-opt.bundle.mjs is older than tools/tl-opt/src/main.ts, edited after the last build: the tests would run the old code; ' +
        'run `pnpm build` (or `node tools/tl-opt/scripts/bundle.mjs` for this bundle alone)',
    );
  });

  it('looks into the sources of the workspace packages the tool depends on, and its bundle script', () => {
    const root = makeWorkspace();
    touch(root, 'packages/lib/src/deep/lib.ts');
    expect(staleBundle('tl-opt', root)).toContain('is older than packages/lib/src/deep/lib.ts');
    const again = makeWorkspace();
    touch(again, 'tools/tl-opt/scripts/bundle.mjs');
    expect(staleBundle('tl-opt', again)).toContain('is older than tools/tl-opt/scripts/bundle.mjs');
  });

  it('ignores packages the bundle does not contain (development dependencies, others)', () => {
    const root = makeWorkspace();
    touch(root, 'packages/other/src/other.ts');
    expect(staleBundle('tl-opt', root)).toBeUndefined();
  });

  it('says a missing bundle has not been built', () => {
    const root = makeWorkspace();
    fs.rmSync(path.join(root, 'tools/tl-opt/dist'), { recursive: true });
    expect(staleBundle('tl-opt', root)).toBe(
      'tools/tl-opt/dist/tl-opt.bundle.mjs has not been built: run `pnpm build` (or `node tools/tl-opt/scripts/bundle.mjs` for this bundle alone)',
    );
  });
});
