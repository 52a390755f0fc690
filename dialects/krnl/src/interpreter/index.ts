// The krnl dialect's part of the reference interpreter (docs/interpreter.md).
export { LoopHandleValue } from './loop-handle-value.js';
export { registerKrnlInterpreter } from './register-krnl-interpreter.js';
export type { KrnlInterpreterOptions } from './runtime-ops.js';
export { SequenceValue } from './sequence-value.js';
export { KrnlStringValue } from './string-value.js';
