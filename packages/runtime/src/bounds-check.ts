// What a launch of a kernel translated with bounds checks (--bounds-check) found: the first out-of-bounds access it
// recorded, as an error located at the access in the kernel's source (WebGPU would have clamped it and gone on).
import { Diagnostic, FileLineColLoc, UnknownLoc } from '@tlir/ir';
import type { KernelManifest } from './kernel-manifest.js';

/** The error of a bounds-check record (site + 1, mode, index, size, work-group), or undefined when it is clear. */
export function boundsViolation(manifest: KernelManifest, record: Uint32Array): Diagnostic | undefined {
  const siteWord = record[0] ?? 0;
  if (siteWord === 0 || !manifest.boundsCheck) return undefined;
  const site = manifest.boundsCheck.sites[siteWord - 1];
  const mode = record[1]!;
  const index = record[2]! | 0; // an i32 written as its bits
  const size = record[3]! | 0;
  const group = record[4]!;
  const what = site?.what ?? `access #${siteWord - 1}`;
  const loc = site?.loc ? new FileLineColLoc(site.loc.file, site.loc.line, site.loc.column) : UnknownLoc.instance;
  const diag = new Diagnostic(
    'error',
    loc,
    `out of bounds: the ${what} reaches index ${index} of mode ${mode}, whose size is ${size} (in work-group ${group} of '${manifest.kernel}'; ` +
      'WebGPU would have clamped the access and gone on)',
  );
  return diag;
}
