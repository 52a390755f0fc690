export { registerCfInterpreter } from './register-cf-interpreter.js';
