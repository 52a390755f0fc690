// The public surface of @tlir/gpu-kernel-analysis: what the gpu lowering passes ask of a kernel (which memory an op
// touches, which values depend on the work-item, which rows a loop writes, how many times a loop runs), shared by
// gpu-map-work-items, gpu-promote-workgroup-memory and gpu-insert-barriers (docs/lowering-to-gpu.md).
export { asPreviousIteration, disjointRows, loadedRows, sameRows, writtenRows, type RowRange } from './disjoint-rows.js';
export { kernelBlockSize, workgroupSizeProperty } from './kernel-launch-size.js';
export { kernelsOf } from './kernels-of.js';
export { isDistributableLoop } from './loop-independence.js';
export { MemoryAccesses, conflicts, type MemoryAccess } from './memory-accesses.js';
export { mayAlias, memoryRoot, type MemoryRoot } from './memory-roots.js';
export { singleWorkItemCondition } from './single-work-item.js';
export { ALL_DIMS, NO_DIMS, ThreadDependence, dimsText, type ThreadDims } from './thread-dependence.js';
export { nonNegativeSpan, tripCountBound, valueRange } from './trip-count-bound.js';
export { constantIndex } from './trip-count-bound.js';
export { typeAddressSpace } from './memory-roots.js';
