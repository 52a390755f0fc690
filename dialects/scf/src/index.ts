// The public surface of @tlir/dialect-scf.
export * from './operations.js';
export { ScfDialect } from './scf-dialect.js';
export { inlineRegionWithBranches } from './region-inlining.js';
// The reference interpreter's implementations of the scf ops (docs/interpreter.md).
export { registerScfInterpreter } from './interpreter/index.js';
