// The public surface of @tlir/dialect-tl.
export { TENSOR_LANGUAGE_GRAMMAR, compileTensorLanguageRecipe, tensorLanguageGrammar } from './grammar.js';
export { TENSOR_LANGUAGE_RECIPE } from './grammar-recipe.js';
export { parseTensorLanguageAst } from './ast.js';
export { parseTensorLanguage, parseFloatText } from './front-end.js';
// The type rules, shared by the front end and the ops' verifiers.
export { VALUE, expandResult, fuseResult, subviewResult, type Layout, type SliceSpec } from './shape-rules.js';
export { allocaTypeProblem, indexCountProblem, loadResult, sizeModeProblem } from './access-rules.js';
export { collectiveShapeProblem, collectiveTypeProblem, takesTwoMemrefs, type CollectiveName } from './collective-rules.js';
export { yieldTypesProblem } from './region-rules.js';
export { arithTypeProblem, loopTypeProblem, promotable, type TypeText } from './scalar-rules.js';
export { MAX_WORK_GROUP_SIZE, SUBGROUP_SIZES, workGroupProblem, type WorkGroupProblem } from './work-group-rules.js';
export { Collective, isInSpmdRegion } from './collective-trait.js';
export { TlMemrefOrGroup, TlScalar } from './type-constraints.js';
export { staticList, staticListAttr } from './view-ops.js';
export * from './ops.js';
export { TlDialect } from './tl-dialect.js';
export { DYNAMIC, GroupType, MemrefType, VoidType, defaultStrides, checkStrides, isScalarType, memref, scalarTypeFromName, tlTypeText } from './types.js';
export { printTensorLanguage } from './printer.js';
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
// tl-to-krnl: the lowering of the tensor language to krnl loop nests (docs/lowering-tl-to-krnl.md).
export {
  LowerToKrnlPipeline,
  TL_TO_KRNL_OPTIONS,
  TlToKrnlPass,
  lowerTlToKrnl,
  registerTlToKrnlPasses,
  tlToKrnlTypeConverter,
  type TlToKrnlOptions,
} from './to-krnl/index.js';
