// The tl dialect's part of the reference interpreter (docs/interpreter.md).
export { GroupValue, memrefForType, tlValueProblem, type MemrefInit } from './kernel-values.js';
export { registerTlInterpreter, tlInterpreterRegistry } from './register-tl-interpreter.js';
export { findKernel, runKernel, type KernelArgument, type KernelResult, type RunKernelOptions } from './run-kernel.js';
