// The WebGPU benchmark's tlir worker in headless Chromium: one case in a process of its own, started by
// bench/webgpu/run.mjs like the other workers. It bundles bench/webgpu/browser/page.mjs with esbuild (the
// runtime's browser path, acquireBrowserDevice, and the same launch code as the Node worker: lib/tlir-checked.mjs
// and lib/tlir-resident.mjs), serves it from localhost (WebGPU needs a secure context) with the compiled kernel
// (the WGSL and manifest run.mjs made for the Node tlir worker) and the CPU's float64 result, and opens it in
// headless Chromium (playwright-core). The page makes the inputs, uploads them once and checks one launch; then
// each of run.mjs's timed batches is forwarded to the page, which times it itself (R launches in one submit,
// from the first submission to the completion, no read-back inside) and answers with the time.
//
// Chromium: TLIR_CHROMIUM, else /usr/bin/chromium. Its WebGPU adapter must be the run's: SwiftShader for the
// recipe 'swiftshader' (--enable-unsafe-swiftshader), a GPU for 'gpu' (Vulkan); Chromium has no WebGPU on
// llvmpipe through OpenGL ES here, so under the recipe 'opengles' there is no figure. TLIR_CHROMIUM_ARGS adds
// flags (space-separated).

import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumPath, serveWorker } from '../lib/common.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');

/** Flags for each adapter recipe: WebGPU on, nothing from the network, and the adapter the run uses. */
function chromiumFlags(recipe) {
  const common = ['--enable-unsafe-webgpu', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
  const extra = (process.env.TLIR_CHROMIUM_ARGS ?? '').split(/\s+/).filter(Boolean);
  switch (recipe) {
    case 'swiftshader':
      return [...common, '--enable-unsafe-swiftshader', ...extra];
    case 'gpu':
      // WebGPU on Linux goes through Vulkan; the blocklist would refuse an unlisted driver.
      return [...common, '--enable-features=Vulkan', '--use-angle=vulkan', '--ignore-gpu-blocklist', ...extra];
    default:
      return undefined;
  }
}

/** Whether the page's adapter is the run's: SwiftShader for 'swiftshader', no CPU adapter for 'gpu'. */
function adapterMismatch(recipe, report) {
  const software = /swiftshader|llvmpipe|lavapipe/i.test(report.summary) || report.software === true;
  if (recipe === 'swiftshader' && !/swiftshader/i.test(report.summary)) return `Chromium's adapter is ${report.summary}, not SwiftShader like the other libraries'`;
  if (recipe === 'gpu' && software) return `Chromium's adapter is a CPU one (${report.summary}), not the GPU the other libraries use (see TLIR_CHROMIUM_ARGS)`;
  return undefined;
}

async function bundlePage() {
  const bundle = await build({
    entryPoints: [path.join(ROOT, 'bench/webgpu/browser/page.mjs')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser', // a Node-only import on the page's path fails the bundle
    target: 'es2022',
    logLevel: 'silent',
  });
  return bundle.outputFiles[0].contents;
}

function serve(files) {
  const server = http.createServer((request, response) => {
    const file = files[request.url];
    response.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain' });
    response.end(file ? file.body : undefined);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

await serveWorker(async (job) => {
  const result = { library: 'tlir in headless Chromium', case: job.case };
  const flags = chromiumFlags(job.recipe);
  if (!flags) {
    Object.assign(result, { status: 'none', message: `headless Chromium has no WebGPU adapter for the recipe '${job.recipe}'` });
    return { results: { 'tlir-browser': result }, impls: [] };
  }
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) throw new Error(`${executablePath} does not exist (apt-get install chromium; or set TLIR_CHROMIUM)`);
  const page = `<!doctype html><meta charset="utf-8"><title>tlir bench ${job.case}</title><script src="/page.js"></script>`;
  const server = await serve({
    '/': { type: 'text/html', body: page },
    '/page.js': { type: 'text/javascript', body: await bundlePage() },
    '/kernel.wgsl': { type: 'text/plain', body: readFileSync(job.tl.wgslFile) },
    '/kernel.manifest.json': { type: 'application/json', body: readFileSync(job.tl.manifestFile) },
    '/expected.f64': { type: 'application/octet-stream', body: readFileSync(job.expectedFile) },
  });
  let browser;
  const close = async () => {
    await browser?.close().catch(() => {});
    await new Promise((resolve) => server.close(resolve));
  };
  try {
    browser = await chromium.launch({ executablePath, headless: true, args: flags });
    const tab = await browser.newPage();
    const log = [];
    tab.on('console', (message) => log.push(message.text()));
    tab.on('pageerror', (error) => log.push(error.message));
    await tab.goto(`http://localhost:${server.address().port}/`);
    const setup = { case: job.case, sizes: job.sizes ?? {}, wgslFile: path.relative(ROOT, job.tl.wgslFile), manifestFile: path.relative(ROOT, job.tl.manifestFile) };
    const ready = await tab.evaluate((s) => globalThis.tlirBench.setup(s), setup).catch((error) => {
      throw new Error(`the page failed: ${error.message}${log.length ? ` (page log: ${log.slice(-5).join(' | ')})` : ''}`);
    });
    Object.assign(result, ready.result, { browser: browser.version(), flags });
    const mismatch = result.status === 'ok' && result.adapter ? adapterMismatch(job.recipe, { summary: result.adapter }) : undefined;
    if (mismatch) Object.assign(result, { status: 'error', message: mismatch });
    const impls =
      result.status === 'ok'
        ? [{ name: 'tlir-browser', firstMs: ready.firstMs, maxRepetitions: ready.maxRepetitions, launch: (repetitions) => tab.evaluate((r) => globalThis.tlirBench.launch(r), repetitions) }]
        : [];
    return {
      results: { 'tlir-browser': result },
      impls,
      close: async () => {
        await tab.evaluate(() => globalThis.tlirBench.close()).catch(() => {});
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
});
