// The operations of the krnl dialect: the one list of them, which the dialect registers and the package exports.
export { GlobalOp } from './global-op.js';
export { IterateOp } from './iterate-op.js';
export { BlockOp, DefineLoopsOp, GetInductionVariableValueOp, ParallelOp, PermuteOp, SpecializedKernelOp, UnrollOp } from './loop-schedule-ops.js';
export { MatMulOp } from './matmul-op.js';
export { LoadOp, MemcpyOp, MemsetOp, StoreOp } from './memory-access-ops.js';
export { DimOp, GetRefOp, ShapeOp, VectorTypeCastOp } from './memref-view-ops.js';
export { MovableOp, RegionOp } from './region-ops.js';
export { CallOp, EntryPointOp, PrintOp, PrintTensorOp, RandomNormalOp, RuntimeInstrumentOp } from './runtime-ops.js';
export { AcosOp, AcoshOp, AsinOp, AsinhOp, AtanOp, AtanhOp, ErfOp, IsInfOp, IsNaNOp, TanOp } from './scalar-math-ops.js';
export { SeqAllocOp, SeqDeallocOp, SeqExtractOp, SeqStoreOp } from './sequence-ops.js';
export { FindIndexOp, StrlenOp, StrncmpOp } from './string-ops.js';
export { TerminateOp, YieldOp } from './terminator-ops.js';
export { CopyFromTileBufferOp, CopyToTileBufferOp } from './tile-buffer-ops.js';
