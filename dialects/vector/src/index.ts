// The public surface of @tlir/dialect-vector.
export * from './operations.js';
export { VectorDialect } from './vector-dialect.js';
export { lastDimUnitStride } from './load-op.js';
export { alignedElements, elementBytes } from './element-bytes.js';
export { registerVectorInterpreter } from './interpreter/register-vector-interpreter.js';
export { VectorValue, isVectorValue } from './interpreter/vector-value.js';
