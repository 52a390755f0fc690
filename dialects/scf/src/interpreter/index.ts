// The scf dialect's part of the reference interpreter (docs/interpreter.md).
export { registerScfInterpreter } from './register-scf-interpreter.js';
