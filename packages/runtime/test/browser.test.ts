// The runtime in headless Chromium: the browser path (navigator.gpu, no Node imports) is bundled with esbuild,
// served from localhost (WebGPU needs a secure context) and runs the axpy kernel on SwiftShader. Without
// chromium the test is skipped with what to install; under CI=true it fails instead.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KernelSource } from '@tlir/runtime';
import { CHROMIUM_MISSING as missing, launchChromium, skipUnlessChromium } from '../../../test/lib/headless-chromium.js';
import type { AxpyOutcome } from './browser/browser-entry.js';
import { kernelSource, replaceOnce } from './support/kernel-files.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let browser: Browser | undefined;
let server: http.Server | undefined;
let origin = '';

beforeAll(async () => {
  if (missing) return;
  const bundle = await build({
    entryPoints: [path.join(here, 'browser', 'browser-entry.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser', // a Node-only import in the browser path fails the bundle
    conditions: ['@tlir/source'],
    target: 'es2022',
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.contents;
  const page = '<!doctype html><meta charset="utf-8"><title>tlir runtime</title><script src="/runtime.js"></script>';
  server = http.createServer((request, response) => {
    const body = request.url === '/runtime.js' ? script : request.url === '/' ? page : undefined;
    response.writeHead(body ? 200 : 404, { 'content-type': request.url === '/runtime.js' ? 'text/javascript' : 'text/html' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

/** Runs axpy in a fresh page. */
async function runInPage(source: KernelSource, x: number[], y: number[], alpha: number): Promise<AxpyOutcome> {
  const page = await browser!.newPage();
  try {
    await page.goto(`${origin}/`);
    return await page.evaluate(
      ([s, xs, ys, a]) => (globalThis as unknown as { runAxpy: (...args: unknown[]) => Promise<AxpyOutcome> }).runAxpy(s, xs, ys, a),
      [source, x, y, alpha] as const,
    );
  } finally {
    await page.close();
  }
}

describe('headless Chromium', () => {
  it('runs axpy through the browser path of the runtime', async (ctx) => {
    skipUnlessChromium(ctx);
    const n = 100;
    const x = Array.from({ length: n }, (_, i) => i);
    const y = Array.from({ length: n }, () => 1);
    const outcome = await runInPage(kernelSource('axpy'), x, y, 2);
    expect(outcome.error).toBeUndefined();
    expect(outcome.recipe).toBe('browser');
    expect(outcome.summary).toMatch(/SwiftShader|swiftshader/);
    expect(outcome.y).toEqual(x.map((v) => 2 * v + 1));
  });

  it('reports WGSL errors at the kernel source as in Node', async (ctx) => {
    skipUnlessChromium(ctx);
    const source = kernelSource('axpy', { wgsl: (t) => replaceOnce(t, 'let p = params.alpha * a;', 'let p: u32 = params.alpha * a;') });
    const outcome = await runInPage(source, [1], [1], 1);
    expect(outcome.error).toMatch(/^axpy\.tl:7:5: error: cannot initialize 'let' of type 'u32' with value of type 'f32'\n {4}%p = arith\.mul/);
    expect(outcome.error).toContain('axpy.wgsl:25:9: note: in the WGSL generated from here');
  });
});
