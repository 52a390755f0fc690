// The public surface of @tlir/dialect-scf.
export { ConditionOp } from './condition-op.js';
export { ExecuteRegionOp } from './execute-region-op.js';
export { ForOp } from './for-op.js';
export { ForallOp, InParallelOp } from './forall-op.js';
export { IfOp } from './if-op.js';
export { IndexSwitchOp } from './index-switch-op.js';
export { ParallelOp } from './parallel-op.js';
export { ReduceOp, ReduceReturnOp } from './reduce-op.js';
export { ScfDialect } from './scf-dialect.js';
export { WhileOp } from './while-op.js';
export { YieldOp } from './yield-op.js';
// The reference interpreter's implementations of the scf ops (docs/interpreter.md).
export { registerScfInterpreter } from './interpreter/index.js';
