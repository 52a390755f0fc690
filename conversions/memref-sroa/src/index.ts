// The public surface of @tlir/conversion-memref-sroa: scalar replacement of small memref.alloca buffers (sroa).
export { DEFAULT_MAX_ELEMENTS, splitAlloca, splitAllocas } from './sroa.js';
export { SroaPass } from './sroa-pass.js';
