// Packs the command-line tools (tl-opt, tl-translate, tl-run) into npm tarballs, for `npm i -g` or `npx` anywhere:
//   pnpm pack:tools [DIR]      (default DIR: packs/) -> DIR/tlir-tl-opt-0.1.0.tgz, ...
// Each tarball holds the tool's bin and its bundle (dist/*.bundle.*, built by `pnpm build`, which this does not run):
// the bundle has every tlir package in it, so a tool's only dependency is tl-run's `webgpu` (Dawn), which npm
// fetches from the registry. The paths of the tarballs are printed, one a line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const dest = resolve(process.argv[2] ?? resolve(root, 'packs'));
mkdirSync(dest, { recursive: true });
for (const tool of ['tl-opt', 'tl-translate', 'tl-run']) {
  const run = spawnSync('pnpm', ['pack', '--pack-destination', dest], { cwd: resolve(root, 'tools', tool), encoding: 'utf8' });
  if (run.status !== 0) {
    process.stderr.write(`pack-tools: pnpm pack failed in tools/${tool}:\n${run.stdout}${run.stderr}${run.error ?? ''}\n`);
    process.exit(1);
  }
}
for (const f of readdirSync(dest).filter((f) => /^tlir-tl-(opt|translate|run)-.*\.tgz$/.test(f)).sort()) process.stdout.write(`${resolve(dest, f)}\n`);
