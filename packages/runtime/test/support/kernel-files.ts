// The hand-written test kernels of test/kernels/: WGSL, manifest and (for some) the tensor-language source
// their source maps point into.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KernelSource } from '@tlir/runtime';

export const kernelsDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'kernels');

export function kernelText(file: string): string {
  return fs.readFileSync(path.join(kernelsDirectory, file), 'utf8');
}

export interface KernelEdits {
  /** Changes the WGSL text. */
  readonly wgsl?: (text: string) => string;
  /** Changes the manifest's JSON text. */
  readonly manifest?: (text: string) => string;
}

/** The KernelSource of kernel `name` (name.wgsl, name.manifest.json, name.tl when present), optionally edited. */
export function kernelSource(name: string, edits: KernelEdits = {}): KernelSource {
  const wgsl = kernelText(`${name}.wgsl`);
  const manifest = kernelText(`${name}.manifest.json`);
  const tl = path.join(kernelsDirectory, `${name}.tl`);
  return {
    wgsl: edits.wgsl ? edits.wgsl(wgsl) : wgsl,
    manifest: edits.manifest ? edits.manifest(manifest) : manifest,
    wgslFile: `${name}.wgsl`,
    manifestFile: `${name}.manifest.json`,
    sources: fs.existsSync(tl) ? { [`${name}.tl`]: fs.readFileSync(tl, 'utf8') } : {},
  };
}

/** Replaces exactly one occurrence of `from` (a test's edit must hit what it means to). */
export function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`edit: '${from}' does not occur exactly once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}
