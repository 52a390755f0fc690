#!/usr/bin/env -S node --max-semi-space-size=4 --initial-heap-size=512 --max-inlined-bytecode-size=230 --max-inlined-bytecode-size-cumulative=460
// V8 flags for a compiler, whose IR mostly lives until it exits (measured in bench/): a small young generation
// (what survives is copied sooner, in smaller steps), no full collection before the heap reaches 512 MB
// (marking an IR that is all alive is work for nothing; larger inputs are collected as usual), and less inlining
// (the optimizing compiler works in the background on the same cores; smaller jobs have hot code optimized
// sooner). bin/tl-opt, the command users run, passes the same flags (the build checks that they agree) and
// starts from a startup snapshot when it can; this script is what it runs otherwise.
//
// tl-opt runs from one bundled script, dist/tl-opt.bundle.cjs, built by `pnpm build` (../scripts/bundle.mjs) with
// V8 code caches beside it: compiling the bundle from a cache skips most of the compilation at start-up. A cache
// is used only with the bundle it was made from (the build id on the bundle's first line heads the cache file)
// and under the V8 flags it was made with (V8 rejects it otherwise): there is one per set of flags the build
// expects, this file's first line and none (`node tl-opt.js`, as the file tests run it). TLIR_NO_CODE_CACHE=1
// loads the bundle with `require` instead, without any cache.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as vm from 'node:vm';

const bundle = fileURLToPath(new URL('../dist/tl-opt.bundle.cjs', import.meta.url));
// The cache for these Node options: `tl-opt.code-cache` without any, `tl-opt--max-semi-space-size=4.code-cache`.
const options = process.execArgv.map((o) => o.replace(/[^A-Za-z0-9=.-]/g, '_')).join('');
const cacheFile = fileURLToPath(new URL(`../dist/tl-opt${options}.code-cache`, import.meta.url));
/** Set by `pnpm build` to have the cache written, after a warm-up run that compiled the common paths. */
const writeCache = process.env.TLIR_WRITE_CODE_CACHE === '1';
const require = createRequire(bundle);
// Plugins are ES modules: the bundle imports them through this module (a script has no loader for `import()`).
const importModule = (url) => import(url);

if (process.env.TLIR_NO_CODE_CACHE === '1') require(bundle).main(importModule);
else {
  const source = readFileSync(bundle, 'utf8');
  const buildId = source.slice(0, source.indexOf('\n'));
  let cachedData;
  if (!writeCache) {
    try {
      const cache = readFileSync(cacheFile);
      const header = cache.indexOf(10);
      if (header > 0 && cache.toString('latin1', 0, header) === buildId) cachedData = cache.subarray(header + 1);
    } catch {
      // No cache: compile the bundle.
    }
  }
  // The bundle as a CommonJS module, as Node's loader would wrap it.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData });
  if (writeCache) {
    process.on('exit', () => {
      // Written aside, then renamed: a tl-opt starting meanwhile never reads half a cache.
      writeFileSync(`${cacheFile}.${process.pid}`, Buffer.concat([Buffer.from(buildId + '\n', 'latin1'), script.createCachedData()]));
      renameSync(`${cacheFile}.${process.pid}`, cacheFile);
    });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, bundle, fileURLToPath(new URL('../dist', import.meta.url)));
  module.exports.main(importModule);
}

