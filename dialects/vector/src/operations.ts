export { ExtractOp } from './extract-op.js';
export { LoadOp } from './load-op.js';
