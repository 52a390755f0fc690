// The public surface of @tlir/dialect-tl.
export { TENSOR_LANGUAGE_GRAMMAR, tensorLanguageGrammar } from './grammar.js';
export { parseTensorLanguageAst } from './ast.js';
export { parseTensorLanguage, blasShapeProblem, parseFloatText } from './front-end.js';
export { expandResult, fuseResult, subviewResult, type Layout, type SliceSpec } from './shape-rules.js';
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
