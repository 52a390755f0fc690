// The gpu dialect's part of the reference interpreter (docs/interpreter.md).
export { AsyncTokenValue } from './async-token-value.js';
export { launchKernel, type KernelLaunch } from './launch-kernel.js';
export { MMAMatrixValue } from './mma-values.js';
export { formatGpuPrintf } from './host-ops.js';
export { DEFAULT_SUBGROUP_SIZE, gpuInterpreterOptions, registerGpuInterpreter, type GpuInterpreterOptions } from './register-gpu-interpreter.js';
export type { PrintfOutput } from './host-ops.js';
export { WORK_ITEM, type Dim3, type LaunchGeometry, type WorkItem } from './work-item.js';
