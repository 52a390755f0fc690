// The public surface of @tlir/tl-run: the command (runTlRun) and the pieces a host program can reuse.
export { nodeDeviceSource, runTlRun, VERSION, type DeviceSource } from './tl-run.js';
export { HELP, parseRunOptions, type Backend, type Stage, type TlRunOptions } from './options.js';
export { processRunIO, type RunIO } from './run-io.js';
export { kernelSignature, formatSignature, type KernelParameter, type KernelSignature } from './kernel-signature.js';
export { hostArguments, type HostArguments, type HostValue } from './host-arguments.js';
export { parseScalarLiteral, type ScalarValue } from './scalar-literal.js';
export { collectiveWork, CountingRegistry, type CollectiveCount } from './collective-counts.js';
export { compareArrays, defaultTolerance, type ArgumentComparison, type Tolerance } from './result-check.js';
export { dtypesFor, elementTypeName, type ElementTypeName } from './element-dtypes.js';
export * from './tuning/index.js';
