// The operations of the flow dialect: the one list of them, which the dialect registers and the package exports.
export { CollectiveAllGatherOp, CollectiveAllReduceOp, CollectiveAllToAllOp, CollectiveReduceScatterOp, CollectiveSendRecvOp } from './channel-collective-ops.js';
export { ChannelCountOp, ChannelDefaultOp, ChannelRankOp, ChannelSplitOp } from './channel-ops.js';
export { DispatchOp } from './dispatch-op.js';
export { DispatchRegionOp } from './dispatch-region-op.js';
export { DispatchTensorLoadOp, DispatchTensorStoreOp, DispatchTieShapeOp } from './dispatch-tensor-ops.js';
export { DispatchWorkgroupCountOp, DispatchWorkgroupIdOp, DispatchWorkgroupSizeOp } from './dispatch-workgroup-ops.js';
export { DispatchWorkgroupsOp } from './dispatch-workgroups-op.js';
export { ExecutableEndOp, ExecutableExportOp, ExecutableOp } from './executable-ops.js';
export { GroupLoadOp } from './group-load-op.js';
export { ReturnOp } from './return-op.js';
export { TensorCloneOp, TensorTransferOp } from './tensor-copy-ops.js';
export { TensorAllocaOp, TensorConstantOp, TensorDynamicConstantOp, TensorEmptyOp, TensorSplatOp } from './tensor-creation-ops.js';
export { TensorLoadOp, TensorStoreOp } from './tensor-element-ops.js';
export { TensorBitCastOp, TensorReshapeOp } from './tensor-reshape-ops.js';
export { TensorSliceOp, TensorUpdateOp } from './tensor-slice-ops.js';
export { TensorTieShapeOp } from './tensor-tie-shape-op.js';
export { TensorTraceOp } from './tensor-trace-op.js';
export { DispatchWorkgroupCountFromDagRootOp, DispatchWorkgroupCountFromSliceOp, DispatchWorkloadOrdinalOp } from './workgroup-count-ops.js';
