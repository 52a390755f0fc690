// Debian's chromium, headless, with WebGPU on SwiftShader, driven by playwright-core: the browser tests' launcher (the
// runtime's browser path, the playground). Without chromium a test skips with what to install; under CI=true it fails.
import * as fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { isCiEnvironment } from '../lit/harness.js';

export const CHROMIUM_PATH = process.env['TLIR_CHROMIUM'] ?? '/usr/bin/chromium';

/** Why chromium cannot run here, or undefined. */
export const CHROMIUM_MISSING = fs.existsSync(CHROMIUM_PATH) ? undefined : `${CHROMIUM_PATH} does not exist (apt-get install chromium; or set TLIR_CHROMIUM)`;

/** The flags of the measured recipe (docs/runtime.md): WebGPU on SwiftShader, nothing from the network. */
export const CHROMIUM_FLAGS = [
  '--enable-unsafe-webgpu',
  '--enable-unsafe-swiftshader',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Chromium with WebGPU on SwiftShader; with `webgpu: false`, a browser without WebGPU (navigator.gpu undefined). */
export function launchChromium(options: { webgpu?: boolean } = {}): Promise<Browser> {
  const args = options.webgpu === false ? [...CHROMIUM_FLAGS.filter((f) => !f.startsWith('--enable-unsafe-')), '--disable-webgpu'] : CHROMIUM_FLAGS;
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args });
}

/** Skips the test when chromium is missing (fails instead under CI=true). */
export function skipUnlessChromium(ctx: { skip: (note?: string) => void }): void {
  if (!CHROMIUM_MISSING) return;
  if (isCiEnvironment()) throw new Error(`${CHROMIUM_MISSING} (CI=true: a missing browser fails this test instead of skipping it)`);
  ctx.skip(CHROMIUM_MISSING);
}
