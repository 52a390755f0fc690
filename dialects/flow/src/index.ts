// The public surface of @tlir/dialect-flow.
export * from './operations.js';
export { DISPATCH_DIMENSIONS } from './dispatch-workgroup-ops.js';
export { FlowDialect } from './flow-dialect.js';
export { FlowGroupType } from './group-type.js';
export { NamedParameterAttr } from './parameter-attr.js';
// The reference interpreter's implementations of the flow ops.
export { ChannelValue, DispatchTensorBinding, TensorValue, isDispatchTensorBinding, isGroupRuntimeValue, isTensorValue, registerFlowInterpreter, type FlowInterpreterOptions, type GroupRuntimeValue, type TensorTraceSink } from './interpreter/index.js';
export { ChannelType } from './channel-type.js';
export { CollectiveElementTypeAttr, CollectiveReductionOpAttr, isCollectiveElementTypeOf, type CollectiveElementType, type CollectiveReductionOp } from './channel-collective-attributes.js';
export { dispatchEntryPoints } from './dispatch-op.js';
export { DispatchTensorType, canReadDispatchTensor, canWriteDispatchTensor, dispatchTensorBoundTensor, dispatchTensorDynamicDims, dispatchTensorElementType, dispatchTensorShape, type TensorAccess } from './dispatch-tensor-type.js';
export { dispatchWorkgroupsBodyTypes } from './dispatch-workgroups-op.js';
export { executableInnerModule, exportedFunction } from './executable-ops.js';
export { dimsOf, dynamicDimCount } from './shaped-dims.js';
export { elementBitWidth } from './tensor-reshape-ops.js';
export { UNTIED, tiedOperandIndices, tiedOperandsAttr } from './tied-operands.js';
export { storageRoot, tiedOperand } from './dispatch-graph/buffer-aliasing.js';
export { DISPATCH_OPS, dispatchAccesses, isDispatch, type DispatchAccesses } from './dispatch-graph/dispatch-accesses.js';
export { DispatchGraph, dispatchHosts, hostDispatches, type BufferNodeAttributes, type DependencyKind, type DispatchGraphEdge, type DispatchGraphNode, type DispatchNodeAttributes } from './dispatch-graph/dispatch-graph.js';
export { dispatchGraphToDot } from './dispatch-graph/dispatch-graph-dot.js';
export { ViewDispatchGraphPass } from './dispatch-graph/view-dispatch-graph-pass.js';
export { EXPORT_GROUPS_PER_WORKGROUP_ATTR, EXPORT_SUBGROUP_SIZE_ATTR, EXPORT_WORKGROUP_SIZE_ATTR, exportGroupsPerWorkgroup, exportSubgroupSize, exportWorkgroupSize, workgroupSizeAttr } from './export-workgroup-size.js';
export { KERNEL_GROUPS_PER_WORK_GROUP_ATTR, KERNEL_SUBGROUP_SIZE_ATTR, KERNEL_WORK_GROUP_SIZE_ATTR, isKernelFunction, kernelGroupsPerWorkGroup, kernelSubgroupSize, kernelWorkGroupSize, type Size3 } from './kernel-function.js';
export { registerFlowPasses } from './register-flow-passes.js';
