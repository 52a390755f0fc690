// The public surface of @tlir/dialect-func.
export * from './operations.js';
export { FuncDialect } from './func-dialect.js';
// The reference interpreter's implementations of the func ops (docs/interpreter.md).
export { FunctionValue, registerFuncInterpreter } from './interpreter/index.js';
