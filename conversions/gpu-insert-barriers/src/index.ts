// The public surface of @tlir/conversion-gpu-insert-barriers: gpu.barrier wherever the work-items of a work-group
// may meet in memory (docs/lowering-to-gpu.md).
export { BARRIER_ADDRESS_SPACES_ATTR, insertKernelBarriers } from './insert-barriers.js';
export { InsertBarriersPass } from './insert-barriers-pass.js';
