// The func dialect's part of the reference interpreter (docs/interpreter.md).
export { FunctionValue, functionValueProblem } from './function-value.js';
export { registerFuncInterpreter } from './register-func-interpreter.js';
