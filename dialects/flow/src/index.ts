// The public surface of @tlir/dialect-flow.
export { DISPATCH_DIMENSIONS, DispatchWorkgroupCountOp, DispatchWorkgroupIdOp, DispatchWorkgroupSizeOp } from './dispatch-workgroup-ops.js';
export { FlowDialect } from './flow-dialect.js';
export { GroupLoadOp } from './group-load-op.js';
export { GroupType } from './group-type.js';
// The reference interpreter's implementations of the flow ops.
export { isGroupRuntimeValue, registerFlowInterpreter, type GroupRuntimeValue } from './interpreter/index.js';
