// The public surface of @tlir/dialect-tl.
// The type rules, shared by the front end and the ops' verifiers.
export { VALUE, expandResult, fuseResult, subviewResult, type Layout, type SliceSpec } from './shape-rules.js';
export { allocaTypeProblem, constantIndexProblem, indexCountProblem, loadResult, sizeModeProblem } from './access-rules.js';
export { collectiveShapeProblem, collectiveTypeProblem, takesTwoMemrefs, type CollectiveName } from './collective-rules.js';
export { yieldTypesProblem } from './region-rules.js';
export { arithTypeProblem, loopTypeProblem, promotable, type TypeText } from './scalar-rules.js';
export { MAX_WORK_GROUP_SIZE, SUBGROUP_SIZES, workGroupProblem, type WorkGroupProblem } from './work-group-rules.js';
export { Collective } from './collective-trait.js';
export { isInSpmdRegion } from './control-flow-ops.js';
export { TlMemrefOrGroup, TlScalar } from './type-constraints.js';
export { staticList, staticListAttr } from './view-ops.js';
export * from './ops.js';
export { TlDialect } from './tl-dialect.js';
export { DYNAMIC, TlGroupType, TlMemrefType, VoidType, defaultStrides, checkStrides, isScalarType, memref, scalarTypeFromName, tlTypeText } from './types.js';
export {
  GroupValue,
  findKernel,
  memrefForType,
  registerTlInterpreter,
  runKernel,
  tlInterpreterRegistry,
  tlValueProblem,
  type KernelArgument,
  type KernelResult,
  type MemrefInit,
  type RunKernelOptions,
} from './interpreter/index.js';
// Used by the conversions that lower this dialect's ops.
export { COLLECTIVE_IN_SPMD, NESTED_SPMD, YIELD_PARENTS, ifElseProblem, ifYieldProblem } from './region-rules.js';
export { expandEntryProblem, modeProblem, sliceOffsetProblem, sliceSizeProblem } from './shape-rules.js';
export { isBool, isFloatType, isIntegerType } from './types.js';
