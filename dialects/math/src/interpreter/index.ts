// The math dialect's part of the reference interpreter (docs/interpreter.md).
export { erf, erfc } from './error-function.js';
export { fusedMultiplyAdd } from './fused-multiply-add.js';
export { floatUnaryFunction } from './float-functions.js';
export { registerMathInterpreter } from './register-math-interpreter.js';
