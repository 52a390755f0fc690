// The memref dialect's part of the reference interpreter (docs/interpreter.md).
export { allocateMemRef } from './allocation-ops.js';
export { createMemref, memrefElements, memrefValueProblem, type MemrefInit } from './memref-values.js';
export { registerMemRefInterpreter } from './register-memref-interpreter.js';
