// The public surface of @tlir/dialect-memref.
export * from './operations.js';
export { AtomicRMWKind } from './atomic-rmw-op.js';
export { areCastCompatible, foldMemRefCast } from './cast-op.js';
export { MemRefDialect } from './memref-dialect.js';
// Which dimensions a rank-reducing subview drops (as the verifier decides), for lowerings and translations.
export { subviewDroppedDims } from './interpreter/subview-rank-reduction.js';
// The reference interpreter's implementations of the memref ops, and host memrefs of builtin memref types.
export { allocateMemRef, createMemref, memrefElements, memrefValueProblem, registerMemRefInterpreter, type MemrefInit } from './interpreter/index.js';
export { elementTypeOf } from './element-type.js';
