// The part of @tlir/tl-run that runs in a browser as well as in Node ('@tlir/tl-run/browser'): a kernel's signature,
// its host arguments (random, or arrays given), the interpreter backend, the WGSL translation and launch of the
// webgpu backend on any RuntimeDevice, the lowering to a stage and the check against the interpreter. Nothing
// reachable from here imports Node (the playground bundles it; its test fails the build on a Node import).
export { kernelSignature, formatSignature, type KernelParameter, type KernelSignature } from './kernel-signature.js';
export { hostArguments, type ArgumentRequest, type HostArguments, type HostArray, type HostValue } from './host-arguments.js';
export { parseScalarLiteral, type ScalarValue } from './scalar-literal.js';
export { registerStageInterpreters, runInInterpreter, type InterpreterRun } from './interpreter-backend.js';
export { launchOnWebGpu, loadOnWebGpu, translateKernelToWgsl, type WebGpuRun } from './webgpu-backend.js';
export { detectStage, kernelFunction, lowerToStage, stagePipeline } from './stages.js';
export { loweredSignature } from './lowered-signature.js';
export { compareArrays, defaultTolerance, formatComparison, type ArgumentComparison, type Tolerance } from './result-check.js';
export { dtypesFor, elementTypeName, type ElementTypeName } from './element-dtypes.js';
export { collectiveWork, CountingRegistry, type CollectiveCount } from './collective-counts.js';
export { ToolFailure } from './tool-failure.js';
export type { ArgumentFlag, ShapeFlag, Stage } from './options.js';
// Tuning (docs/tuning.md): the search space, the tuner, the cache (in localStorage here) and its schedules.
export { adapterLimits, describeCandidate, scheduleFileText, searchSpace, type Candidate, type CollectiveShape } from './tuning/search-space.js';
export { tune, type CandidateResult, type TuneOutcome, type TuneProgress, type TuneRequest } from './tuning/tuner.js';
export { applySchedule, collectiveShape, kernelCollectives, loweringWorkGroupSize } from './tuning/apply-schedule.js';
export { applyCachedSchedule, kernelKey } from './tuning/cached-schedule.js';
export { emptyCache, lookup, parseCache, serializeCache, withEntry, type TuningCache, type TuningEntry } from './tuning/tuning-cache.js';
export { loadStoredCache, saveStoredCache, STORAGE_ITEM, type KeyValueStorage } from './tuning/browser-storage.js';
export { formatTuneTable } from './tuning/tune-report.js';
