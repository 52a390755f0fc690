// The public surface of @tlir/dialect-krnl.
export * from './operations.js';
export { buildIterate, iterateBindings, type IterateBinding, type IterateBound, type IterateBuildArgs } from './iterate-op.js';
export { KrnlDialect } from './krnl-dialect.js';
export { LoopHandle, LoopType, StringType } from './krnl-types.js';
export { ITERATE, boundLoops, enclosingIterates, iteratedLoops, originalLoop, parallelMarks, processorMapping } from './loop-nest.js';
export { areVectorCastCompatible } from './memref-view-ops.js';
export { PROCESSORS, ProcessorAttr, type Processor } from './processor-attr.js';
export { SI64Attr } from './runtime-ops.js';
export { UI1Attr } from './sequence-ops.js';
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
export { MATH_EQUIVALENT_OPS } from './scalar-math-ops.js';
export { type MatmulTile, matmulTile } from './matmul-tile.js';
export { type RangeEnvironment, loopRange, tripCount } from './schedule/loop-range.js';
export { type TileCopyShape, memrefIndices, paddedExtents, tileCopyExtents } from './tile-copy-extents.js';
export { emitProblem } from './schedule/schedule-problem.js';
export { flagValue, intArray } from './tile-buffer-ops.js';
