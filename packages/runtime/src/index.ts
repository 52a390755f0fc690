// The public surface of @tlir/runtime: everything that runs in a browser as well as in Node. Node-only parts
// (devices from the `webgpu` package, .npy files on disk) are in '@tlir/runtime/node'.
export { reportAdapter, type AdapterRecipe, type AdapterReport } from './adapter-report.js';
export {
  bindArguments,
  type BoundArgument,
  type BoundArguments,
  type KernelArgumentValue,
  type KernelArguments,
  type ScalarValue,
} from './argument-binding.js';
export { acquireBrowserDevice, acquireDeviceFrom, type GpuDeviceOptions } from './browser-device.js';
export { CompiledKernel } from './compiled-kernel.js';
export { dispatchedWorkgroups, foldDispatchGrid, type DispatchGrid } from './dispatch-grid.js';
export {
  allocateTypedArray,
  dtypeByteSize,
  dtypeOfTypedArray,
  dtypes,
  isDType,
  numpyName,
  type DType,
  type DTypeOfTypedArray,
  type HostTypedArray,
  type TypedArrayOfDType,
} from './dtype.js';
export {
  hostDTypeOf,
  isKernelElementType,
  kernelElementTypes,
  wordTypesFor,
  type KernelElementType,
  type WordType,
} from './kernel-element-type.js';
export type { LaunchOptions, LaunchResult } from './kernel-launch.js';
export type { KernelSource } from './kernel-loading.js';
export * from './kernel-manifest.js';
export { formatArgumentType, formatKernelSignature } from './kernel-signature-format.js';
export type { LaunchTiming } from './launch-timing.js';
export { parseKernelManifest, type ManifestParseOptions } from './manifest-validation.js';
export { layoutOverlap, resolveLayout, type ResolvedLayout } from './memref-layout.js';
export {
  dataIndex,
  denseStrides,
  elementCount,
  forEachIndex,
  formatShape,
  getElement,
  ndarray,
  withOrder,
  zeros,
  type ArrayOrder,
  type NdArray,
  type NdArrayOptions,
} from './nd-array.js';
export { NpyError } from './npy/npy-error.js';
export { readNpy } from './npy/npy-read.js';
export { writeNpy } from './npy/npy-write.js';
export { RuntimeDevice, type DeviceOptions } from './runtime-device.js';
export { GpuRuntimeError, renderDiagnostics, type RuntimeErrorKind } from './runtime-error.js';
export { diagnosticForWgslMessage } from './shader-validation.js';
export { WgslSourceMap } from './wgsl-source-map.js';
export { boundsViolation } from './bounds-check.js';
export { probeLoopIterationLimit, PROBE_ITERATIONS } from './loop-iteration-limit.js';
