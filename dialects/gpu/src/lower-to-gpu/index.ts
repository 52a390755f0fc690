// The lowering to the gpu dialect: outlining executables, workgroup memory, dealing work to work-items, barriers,
// and the lower-to-gpu pipeline (docs/lowering-to-gpu.md).
export { BARRIER_ADDRESS_SPACES_ATTR, insertKernelBarriers } from './insert-barriers.js';
export { asPreviousIteration, disjointRows, sameRows, writtenRows, type RowRange } from './disjoint-rows.js';
export { singleWorkItemCondition } from './single-work-item.js';
export { kernelBlockSize, workgroupSizeProperty } from './kernel-launch-size.js';
export { isDistributableLoop } from './loop-independence.js';
export { InsertBarriersPass, LowerToGpuPipeline, MapWorkItemsPass, OutlineExecutablesPass, PromoteWorkgroupMemoryPass, registerGpuPasses } from './lower-to-gpu-passes.js';
export { mapWorkItems } from './map-work-items.js';
export { MemoryAccesses, conflicts, type MemoryAccess } from './memory-accesses.js';
export { mayAlias, memoryRoot, type MemoryRoot } from './memory-roots.js';
export { outlineExecutables } from './outline-executables.js';
export { promoteWorkgroupMemory, sharedAllocas } from './promote-workgroup-memory.js';
export { ALL_DIMS, NO_DIMS, ThreadDependence, dimsText, type ThreadDims } from './thread-dependence.js';
export { tripCountBound } from './trip-count-bound.js';
