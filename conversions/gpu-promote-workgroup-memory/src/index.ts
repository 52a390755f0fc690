// The public surface of @tlir/conversion-gpu-promote-workgroup-memory: the buffers a work-group shares become
// workgroup attributions of their kernel (docs/lowering-to-gpu.md).
export { privatizeWorkItemSlices, promoteWorkgroupMemory, sharedAllocas } from './promote-workgroup-memory.js';
export { privateDimensions, privatize } from './privatize.js';
export { PromoteWorkgroupMemoryPass } from './promote-workgroup-memory-pass.js';
