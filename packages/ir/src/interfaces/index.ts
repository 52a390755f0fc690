// Op interfaces shared by dialects (MLIR's SymbolInterfaces, CallInterfaces, FunctionInterfaces, ControlFlowInterfaces,
// LoopLikeInterface, ViewLikeInterface's index lists).
export * from './call-interfaces.js';
export * from './function-interface.js';
export * from './symbol-interfaces.js';
export * from './control-flow-interfaces.js';
export * from './loop-like-interface.js';
export * from './view-like-interface.js';
