export { ChannelValue } from './channel-value.js';
export { DispatchTensorBinding, isDispatchTensorBinding } from './dispatch-binding.js';
export { isGroupRuntimeValue, type GroupRuntimeValue } from './group-values.js';
export { registerFlowInterpreter, type FlowInterpreterOptions } from './register-flow-interpreter.js';
export type { TensorTraceSink } from './tensor-implementations.js';
export { TensorValue, isTensorValue } from './tensor-value.js';
