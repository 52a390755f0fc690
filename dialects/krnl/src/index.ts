// The public surface of @tlir/dialect-krnl.
export { GlobalOp } from './global-op.js';
export { IterateOp, buildIterate, iterateBindings, type IterateBinding, type IterateBound, type IterateBuildArgs } from './iterate-op.js';
export { KrnlDialect } from './krnl-dialect.js';
export { LoopHandle, LoopType, StringType } from './krnl-types.js';
export { BlockOp, DefineLoopsOp, GetInductionVariableValueOp, ParallelOp, PermuteOp, SpecializedKernelOp, UnrollOp } from './loop-schedule-ops.js';
export { ITERATE, boundLoops, enclosingIterates, iteratedLoops, originalLoop, parallelMarks, processorMapping } from './loop-nest.js';
export { MatMulOp } from './matmul-op.js';
export { LoadOp, MemcpyOp, MemsetOp, StoreOp } from './memory-access-ops.js';
export { DimOp, GetRefOp, ShapeOp, VectorTypeCastOp, areVectorCastCompatible } from './memref-view-ops.js';
export { PROCESSORS, ProcessorAttr, type Processor } from './processor-attr.js';
export { MovableOp, RegionOp } from './region-ops.js';
export { CallOp, EntryPointOp, PrintOp, PrintTensorOp, RandomNormalOp, RuntimeInstrumentOp, SI64Attr } from './runtime-ops.js';
export { AcosOp, AcoshOp, AsinOp, AsinhOp, AtanOp, AtanhOp, ErfOp, IsInfOp, IsNaNOp, TanOp } from './scalar-math-ops.js';
export { SeqAllocOp, SeqDeallocOp, SeqExtractOp, SeqStoreOp, UI1Attr } from './sequence-ops.js';
export { FindIndexOp, StrlenOp, StrncmpOp } from './string-ops.js';
export { TerminateOp, YieldOp } from './terminator-ops.js';
export { CopyFromTileBufferOp, CopyToTileBufferOp } from './tile-buffer-ops.js';
// The reference interpreter's implementations of the krnl ops (docs/interpreter.md).
export { KrnlStringValue, LoopHandleValue, SequenceValue, registerKrnlInterpreter, type KrnlInterpreterOptions } from './interpreter/index.js';
// How a schedule is read (shared by the interpreter and the lowering to scf).
export { analyzeIterateTree, enclosingIterate, outermostIterate, type IterateSchedule, type ScheduledLoop, type TreeAnalysis } from './schedule/iterate-schedule.js';
export type { ScheduleProblem } from './schedule/schedule-problem.js';
// The processor mapping that the lowering to scf leaves on scf.parallel ops.
export { PARALLEL_MAPPING_ATTR, parallelLoopMapping } from './parallel-loop-mapping.js';
// Used by the conversions that lower this dialect's ops.
export { type IndexAlgebra } from './index-algebra.js';
export { LoopNode } from './schedule/loop-tree.js';
export { MATH_EQUIVALENT_OPS, MATH_EQUIVALENTS } from './scalar-math-ops.js';
export { type MatmulTile, matmulTile } from './matmul-tile.js';
export { type RangeEnvironment, loopRange, tripCount } from './schedule/loop-range.js';
export { type TileCopyShape, memrefIndices, paddedExtents, tileCopyExtents } from './tile-copy-extents.js';
export { emitProblem } from './schedule/schedule-problem.js';
export { flagValue, intArray } from './tile-buffer-ops.js';
