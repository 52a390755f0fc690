// The public surface of @tlir/target-wgsl: the translation of gpu kernels to WGSL and their launch manifests.
export { findKernels, translateToWgsl, WGSL_FEATURES, type WgslFeatureName, type WgslTranslationOptions } from './translate-to-wgsl.js';
export { translateKernel, type KernelTranslationOptions, type TranslatedKernel } from './translate-kernel.js';
export { translatableOps } from './op-translators.js';
export { argumentName, type SourceLineReader } from './kernel-arguments.js';
export { isUsableWgslName, sanitizeWgslName } from './wgsl-names.js';
export { f32Literal, f16Literal, i32Literal } from './wgsl-literals.js';
export { manifestToJson } from './manifest-json.js';
