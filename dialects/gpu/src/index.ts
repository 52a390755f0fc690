// The public surface of @tlir/dialect-gpu.
export * from './operations.js';
export { AsyncDependencies } from './async-dependencies.js';
export { AsyncToken, AsyncTokenType } from './async-token-type.js';
export { DimSizeHintAttr, KERNEL_ATTR, WORKGROUP_ATTRIBUTIONS_ATTR, funcAttributions, isKernel, numWorkgroupAttributions, parseAttributions, printAttributions, verifyAttributions } from './func-op.js';
export { ADDRESS_SPACES, ALL_REDUCE_OPERATIONS, AddressSpaceAttr, AllReduceOperationAttr, DIMENSIONS, DimensionAttr, MMA_ELEMENTWISE_OPS, MMAElementwiseAttr, SHUFFLE_MODES, ShuffleModeAttr, dimensionIndex, type AddressSpace, type AllReduceOperation, type Dimension, type MMAElementwiseOp, type ShuffleMode } from './gpu-attributes.js';
export { GpuDialect } from './gpu-dialect.js';
export { CONTAINER_MODULE_ATTR } from './launch-func-op.js';
export { BlockMappingAttr, LaneMappingAttr, MAPPING_IDS, MemorySpaceMappingAttr, SelectObjectAttr, ThreadMappingAttr, WarpMappingAttr, WarpgroupMappingAttr, type MappingId } from './mapping-attributes.js';
export { LAUNCH_CONFIG_ARGUMENTS, launchAttributions, launchConfigArguments, launchHasClusters } from './launch-op.js';
export { MMAMatrixOf, MMAMatrixType, MMA_OPERANDS, isMMAElementType } from './mma-matrix-type.js';
export { AnyIntegerOrFloat, AnyIntegerOrFloatOr1DVector, isReductionCompatible } from './reduction-types.js';
// The reference interpreter's implementations of the gpu ops (work-items as strands).
export * from './interpreter/index.js';
