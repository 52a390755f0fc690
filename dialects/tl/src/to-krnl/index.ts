// The public surface of tl-to-krnl (re-exported by the package's index).
export { TL_TO_KRNL_OPTIONS, type TlToKrnlOptions } from './options.js';
export { LowerToKrnlPipeline, TlToKrnlPass, lowerTlToKrnl, registerTlToKrnlPasses } from './tl-to-krnl-pass.js';
export { tlToKrnlTypeConverter } from './type-conversion.js';
