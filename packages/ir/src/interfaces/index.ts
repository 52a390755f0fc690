// Op interfaces shared by dialects (MLIR's SymbolInterfaces, CallInterfaces, FunctionInterfaces, ControlFlowInterfaces,
// LoopLikeInterface, ViewLikeInterface (views and their index lists), and which memory an op accesses).
export * from './call-interfaces.js';
export * from './function-interface.js';
export * from './symbol-interfaces.js';
export * from './control-flow-interfaces.js';
export * from './loop-like-interface.js';
export * from './view-like-interface.js';
export * from './view-source-interface.js';
export * from './memory-access-interface.js';
