// The public surface of @tlir/dialect-func.
export { CallIndirectOp } from './call-indirect-op.js';
export { CallOp } from './call-op.js';
export { ConstantOp } from './constant-op.js';
export { FuncDialect } from './func-dialect.js';
export { FuncOp } from './func-op.js';
export { ReturnOp } from './return-op.js';
// The reference interpreter's implementations of the func ops (docs/interpreter.md).
export { FunctionValue, registerFuncInterpreter } from './interpreter/index.js';
