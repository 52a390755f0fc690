// The lowering of krnl to scf (docs/lowering-krnl-to-scf.md).
import type { PassRegistry } from '@tlir/pass';
import { ConvertKrnlToScfPass } from './convert-krnl-to-scf.js';

export { ConvertKrnlToScfPass, convertKrnlToScf } from './convert-krnl-to-scf.js';

/** Registers the krnl dialect's passes (convert-krnl-to-scf). */
export function registerKrnlPasses(registry: PassRegistry): void {
  registry.registerPass(ConvertKrnlToScfPass);
}
