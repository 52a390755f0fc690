// Every translation out of MLIR that tlir ships (tl-translate's `--mlir-to-*` options).
import { translateToWgsl } from '@tlir/target-wgsl';

/** The translations by the name of their tl-translate option. */
export const TRANSLATIONS = {
  'mlir-to-wgsl': { summary: 'gpu kernels to WGSL compute shaders and their launch manifests', translate: translateToWgsl },
} as const;

export type TranslationName = keyof typeof TRANSLATIONS;
