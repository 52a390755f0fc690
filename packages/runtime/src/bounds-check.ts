// What a launch of a kernel translated with bounds checks (--bounds-check) or loop checks (--loop-check) found: the
// first out-of-bounds access it recorded, as an error located at the access in the kernel's source (WebGPU would
// have clamped it and gone on), or the first loop the adapter ended before its condition did.
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
  if (site?.kind === 'loop') {
    return new Diagnostic(
      'error',
      loc,
      `the adapter ended this ${what} early${index !== 0 || size !== 0 ? `, at ${index} of ${size}` : ''} (in work-group ${group} of '${manifest.kernel}'): ` +
        "its driver ends a work-item's loops after a fixed number of iterations (Mesa's llvmpipe: 65,535 in all), so the results are wrong; " +
        'run the kernel on SwiftShader (TLIR_WEBGPU_ADAPTER=swiftshader) or a GPU',
    );
  }
  return new Diagnostic(
    'error',
    loc,
    `out of bounds: the ${what} reaches index ${index} of mode ${mode}, whose size is ${size} (in work-group ${group} of '${manifest.kernel}'; ` +
      'WebGPU would have clamped the access and gone on)',
  );
}
