// Op interfaces shared by dialects (MLIR's SymbolInterfaces, CallInterfaces, FunctionInterfaces).
export * from './call-interfaces.js';
export * from './function-interface.js';
export * from './symbol-interfaces.js';
