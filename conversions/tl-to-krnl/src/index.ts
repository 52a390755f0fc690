// The public surface of @tlir/conversion-tl-to-krnl: the lowering of tensor-language kernels to krnl loop nests
// (docs/lowering-tl-to-krnl.md).
export { TL_TO_KRNL_OPTIONS, type TlToKrnlOptions } from './options.js';
export { TlToKrnlPass, lowerTlToKrnl } from './tl-to-krnl-pass.js';
export { tlToKrnlTypeConverter } from './type-conversion.js';
export { MAX_UNROLLED_REGISTERS } from './reduction-schedule.js';
