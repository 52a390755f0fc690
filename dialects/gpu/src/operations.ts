// The operations of the gpu dialect: the one list of them, which the dialect registers and the package exports.
export { AllReduceOp, BarrierOp, ShuffleOp, SubgroupReduceOp, YieldOp } from './cooperative-ops.js';
export { BinaryOp } from './binary-op.js';
export { FuncOp } from './func-op.js';
export { PrintfOp, SetDefaultDeviceOp } from './host-ops.js';
export { BlockDimOp, BlockIdOp, ClusterBlockIdOp, ClusterDimBlocksOp, ClusterDimOp, ClusterIdOp, GlobalIdOp, GridDimOp, LaneIdOp, NumSubgroupsOp, SubgroupIdOp, SubgroupSizeOp, ThreadIdOp } from './id-ops.js';
export { LaunchFuncOp } from './launch-func-op.js';
export { LaunchOp } from './launch-op.js';
export { DynamicSharedMemoryOp } from './dynamic-shared-memory-op.js';
export { AllocOp, DeallocOp, HostRegisterOp, HostUnregisterOp, MemcpyOp, MemsetOp, WaitOp } from './memory-ops.js';
export {
  SubgroupMmaComputeOp,
  SubgroupMmaConstantMatrixOp,
  SubgroupMmaElementwiseOp,
  SubgroupMmaExtractThreadLocalOp,
  SubgroupMmaInsertThreadLocalOp,
  SubgroupMmaLoadMatrixOp,
  SubgroupMmaStoreMatrixOp,
} from './mma-ops.js';
export { ModuleOp } from './module-op.js';
export { WarpExecuteOnLane0Op } from './warp-execute-op.js';
export { ReturnOp, TerminatorOp } from './return-op.js';
export {
  Create2To4SpMatOp,
  CreateBsrOp,
  CreateCooAoSOp,
  CreateCooOp,
  CreateCscOp,
  CreateCsrOp,
  CreateDnTensorOp,
  DestroyDnTensorOp,
  DestroySpMatOp,
  SDDMMBufferSizeOp,
  SDDMMOp,
  SetCsrPointersOp,
  SpGEMMCopyOp,
  SpGEMMCreateDescrOp,
  SpGEMMDestroyDescrOp,
  SpGEMMWorkEstimationOrComputeOp,
  SpMMBufferSizeOp,
  SpMMOp,
  SpMVBufferSizeOp,
  SpMVOp,
  SpMatGetSizeOp,
} from './sparse-ops.js';
