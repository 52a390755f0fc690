// The operations of the cf dialect: the one list of them, which the dialect registers and the package exports.
export { AssertOp } from './assert-op.js';
export { BranchOp } from './branch-op.js';
export { CondBranchOp } from './cond-branch-op.js';
export { SwitchOp } from './switch-op.js';
