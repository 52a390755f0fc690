// The public surface of @tlir/dialect-gpu.
export { AsyncDependencies } from './async-dependencies.js';
export { AsyncToken, AsyncTokenType } from './async-token-type.js';
export { AllReduceOp, BarrierOp, ShuffleOp, SubgroupReduceOp, YieldOp } from './cooperative-ops.js';
export {
  DimSizeHintAttr,
  FuncOp,
  KERNEL_ATTR,
  WORKGROUP_ATTRIBUTIONS_ATTR,
  funcAttributions,
  isKernel,
  numWorkgroupAttributions,
  parseAttributions,
  printAttributions,
  verifyAttributions,
} from './func-op.js';
export {
  ADDRESS_SPACES,
  ALL_REDUCE_OPERATIONS,
  AddressSpaceAttr,
  AllReduceOperationAttr,
  DIMENSIONS,
  DimensionAttr,
  MMA_ELEMENTWISE_OPS,
  MMAElementwiseAttr,
  SHUFFLE_MODES,
  ShuffleModeAttr,
  dimensionIndex,
  type AddressSpace,
  type AllReduceOperation,
  type Dimension,
  type MMAElementwiseOp,
  type ShuffleMode,
} from './gpu-attributes.js';
export { GpuDialect } from './gpu-dialect.js';
export { PrintfOp, SetDefaultDeviceOp } from './host-ops.js';
export {
  BlockDimOp,
  BlockIdOp,
  ClusterBlockIdOp,
  ClusterDimBlocksOp,
  ClusterDimOp,
  ClusterIdOp,
  GlobalIdOp,
  GridDimOp,
  LaneIdOp,
  NumSubgroupsOp,
  SubgroupIdOp,
  SubgroupSizeOp,
  ThreadIdOp,
} from './id-ops.js';
export { CONTAINER_MODULE_ATTR, LaunchFuncOp } from './launch-func-op.js';
export {
  BlockMappingAttr,
  LaneMappingAttr,
  MAPPING_IDS,
  MemorySpaceMappingAttr,
  SelectObjectAttr,
  ThreadMappingAttr,
  WarpMappingAttr,
  WarpgroupMappingAttr,
  type MappingId,
} from './mapping-attributes.js';
export { LAUNCH_CONFIG_ARGUMENTS, LaunchOp, launchAttributions, launchConfigArguments, launchHasClusters } from './launch-op.js';
export { AllocOp, DeallocOp, HostRegisterOp, HostUnregisterOp, MemcpyOp, MemsetOp, WaitOp } from './memory-ops.js';
export { MMAMatrixOf, MMAMatrixType, MMA_OPERANDS, isMMAElementType } from './mma-matrix-type.js';
export { SubgroupMmaComputeOp, SubgroupMmaConstantMatrixOp, SubgroupMmaElementwiseOp, SubgroupMmaLoadMatrixOp, SubgroupMmaStoreMatrixOp } from './mma-ops.js';
export { ModuleOp } from './module-op.js';
export { AnyIntegerOrFloat, AnyIntegerOrFloatOr1DVector, isReductionCompatible } from './reduction-types.js';
export { ReturnOp, TerminatorOp } from './return-op.js';
// The reference interpreter's implementations of the gpu ops (work-items as strands).
export * from './interpreter/index.js';
