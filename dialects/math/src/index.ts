// The public surface of @tlir/dialect-math.
export * from './operations.js';
export { MathDialect } from './math-dialect.js';
export { floatClassification } from './classification-ops.js';
export { ipowi } from './integer-ops.js';
// The reference interpreter's implementations of the math ops (docs/interpreter.md).
export { floatUnaryFunction, registerMathInterpreter } from './interpreter/index.js';
