// The arith dialect's part of the reference interpreter (docs/interpreter.md).
export { applyAtomicRMWKind } from './atomic-rmw-kind.js';
export { registerArithInterpreter } from './register-arith-interpreter.js';
export { roundWithMode, type RoundingMode } from './float-rounding.js';
