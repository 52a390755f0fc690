export { isGroupRuntimeValue, type GroupRuntimeValue } from './group-values.js';
export { registerFlowInterpreter } from './register-flow-interpreter.js';
