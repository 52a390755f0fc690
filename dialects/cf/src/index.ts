// The public surface of @tlir/dialect-cf.
export * from './operations.js';
export { CfDialect } from './cf-dialect.js';
export { cfCanonicalizationPatterns } from './canonicalization.js';
// The reference interpreter's implementations of the cf ops (docs/interpreter.md).
export { registerCfInterpreter } from './interpreter/index.js';
