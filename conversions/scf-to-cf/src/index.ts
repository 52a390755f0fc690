// The public surface of @tlir/conversion-scf-to-cf: convert-scf-to-cf, structured control flow lowered to a CFG of
// cf branches (MLIR's pass of the same name).
export { ConvertScfToCfPass } from './convert-scf-to-cf-pass.js';
export { convertScfToCf } from './convert-scf-to-cf.js';
