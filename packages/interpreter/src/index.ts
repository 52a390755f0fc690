// The public surface of @tlir/interpreter.
export { formatPrintf, printfArgument, type PrintfArgument, type PrintfPolicy } from './c-printf.js';
export { ControlTransfer, type RegionExit } from './control-transfer.js';
export type { ExecutionContext, Lifetime } from './execution-context.js';
export { callBody } from './execution.js';
export { floatKind, floatToInteger, integerToFloat, roundToKind } from './float-values.js';
export {
  MAX_INDEX,
  checkIndex,
  integerFormat,
  integerRange,
  isCanonicalInteger,
  signedValue,
  unsignedValue,
  wrapBigInt,
  wrapInteger,
  wrapNumber,
  type IntegerFormat,
} from './integer-values.js';
export { columnMajorIndices, rowMajorIndices } from './index-order.js';
export { Interpreter, interpret, type InterpretOptions, type InterpretResult } from './interpreter.js';
export {
  InterpreterRegistry,
  type CallableImplementation,
  type CallableImplementationOf,
  type OpImplementation,
  type OpImplementationOf,
  type OpKey,
  type OpOutcome,
  type ResumableImplementation,
  type ResumableImplementationOf,
  type ValueCheck,
} from './interpreter-registry.js';
export { Memory, storageFor, type AllocateOptions, type ElementStorage, type MemoryObserver } from './memory.js';
export { MemrefView } from './memref-view.js';
export { RuntimeFault, fault, type FaultLocation } from './runtime-fault.js';
export { describeRuntimeValue, isRuntimeObject, type RuntimeObject, type RuntimeValue } from './runtime-value.js';
export { scalarArithmetic, type ScalarArithmetic } from './scalar-arithmetic.js';
export { Strand, type SpawnOptions, type StrandStep } from './strand.js';
export { Suspension } from './suspension.js';
export { isScalarRuntimeType, scalarFromAttribute, scalarFromHost, scalarValueProblem } from './scalar-values.js';
