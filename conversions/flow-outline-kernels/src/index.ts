// The public surface of @tlir/conversion-flow-outline-kernels: flow-outline-kernels, the host side of a kernel (an
// executable per kernel, dispatched by a host function; docs/lowering-to-gpu.md).
export { EXECUTABLE_SUFFIX, outlineKernels } from './outline-kernels.js';
export { OutlineKernelsPass } from './outline-kernels-pass.js';
