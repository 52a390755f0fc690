// The operations of the func dialect: the one list of them, which the dialect registers and the package exports.
export { CallIndirectOp } from './call-indirect-op.js';
export { CallOp } from './call-op.js';
export { ConstantOp } from './constant-op.js';
export { FuncOp } from './func-op.js';
export { ReturnOp } from './return-op.js';
