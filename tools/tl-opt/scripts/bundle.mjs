// Bundles tl-opt and the packages it uses into one CommonJS script (tools/tl-opt/dist/tl-opt.bundle.cjs), built
// from the TypeScript sources, then makes a V8 code cache for it (dist/tl-opt.code-cache) by running tl-opt once
// on a small input that goes through the common paths (bin/tl-opt.js explains how the cache is used). Loading one
// file instead of a hundred modules saves a third of a startup that every file test and every benchmark run pays,
// and the cache most of what remains of compiling it. Plugins are unaffected: they receive tl-opt's framework
// objects from the host (see src/plugins.ts) rather than importing their own copy.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { devNull } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const bin = fileURLToPath(new URL('../bin/tl-opt.js', import.meta.url));
// Caches and bundles of earlier builds (the bundle used to be an ES module).
for (const f of existsSync(dist) ? readdirSync(dist) : []) if (/\.code-cache$|^tl-opt\.bundle\.mjs$/.test(f)) rmSync(dist + f);
await build({
  absWorkingDir: root,
  entryPoints: ['tools/tl-opt/src/main.ts'],
  outfile: 'tools/tl-opt/dist/tl-opt.bundle.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  conditions: ['@tlir/source'],
  // The first line identifies this build: the code cache names it, so that a cache is used with its bundle only.
  banner: { js: `// tl-opt build ${randomUUID()}` },
  logLevel: 'warning',
});

// A cache serves only the V8 flags it was made with: one for those of bin/tl-opt.js's first line (how users run
// it), one for none (`node bin/tl-opt.js`, how the file tests run it).
const shebang = readFileSync(bin, 'utf8').split('\n', 1)[0];
const warmUp = fileURLToPath(new URL('./warm-up.mlir', import.meta.url));
for (const flags of [shebang.split(/\s+/).filter((w) => w.startsWith('--')), []]) {
  const run = spawnSync(process.execPath, [...flags, bin, '--allow-unregistered-dialect', warmUp, '-o', devNull], {
    env: { ...process.env, TLIR_WRITE_CODE_CACHE: '1' },
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    console.warn(`tl-opt bundle: no code cache for [${flags.join(' ')}] (the warm-up run failed: ${run.stderr || run.error?.message || `exit ${run.status}`})`);
  }
}
