// The operations of the scf dialect: the one list of them, which the dialect registers and the package exports.
export { ConditionOp } from './condition-op.js';
export { ExecuteRegionOp } from './execute-region-op.js';
export { ForOp } from './for-op.js';
export { ForallOp, InParallelOp } from './forall-op.js';
export { IfOp } from './if-op.js';
export { IndexSwitchOp } from './index-switch-op.js';
export { ParallelOp } from './parallel-op.js';
export { ReduceOp, ReduceReturnOp } from './reduce-op.js';
export { WhileOp } from './while-op.js';
export { YieldOp } from './yield-op.js';
