// The public surface of @tlir/dialect-memref.
export { AllocOp, AllocaOp } from './alloc-op.js';
export { AllocaScopeOp, AllocaScopeReturnOp } from './alloca-scope-op.js';
export { AssumeAlignmentOp } from './assume-alignment-op.js';
export { AtomicRMWKind, AtomicRMWOp } from './atomic-rmw-op.js';
export { CastOp, areCastCompatible } from './cast-op.js';
export { CopyOp } from './copy-op.js';
export { DeallocOp } from './dealloc-op.js';
export { DimOp } from './dim-op.js';
export { ExtractStridedMetadataOp } from './extract-strided-metadata-op.js';
export { AtomicYieldOp, GenericAtomicRMWOp } from './generic-atomic-rmw-op.js';
export { GetGlobalOp } from './get-global-op.js';
export { GlobalOp } from './global-op.js';
export { LoadOp } from './load-op.js';
export { MemRefDialect } from './memref-dialect.js';
export { RankOp } from './rank-op.js';
export { ReinterpretCastOp } from './reinterpret-cast-op.js';
export { CollapseShapeOp, ExpandShapeOp } from './reshape-ops.js';
export { StoreOp } from './store-op.js';
export { SubViewOp } from './subview-op.js';
// Which dimensions a rank-reducing subview drops (as the verifier decides), for lowerings and translations.
export { subviewDroppedDims } from './interpreter/subview-rank-reduction.js';
export { ViewOp } from './view-op.js';
// The reference interpreter's implementations of the memref ops, and host memrefs of builtin memref types.
export {
  allocateMemRef,
  createMemref,
  memrefElements,
  memrefValueProblem,
  registerMemRefInterpreter,
  type MemrefInit,
} from './interpreter/index.js';
export { elementTypeOf } from './element-type.js';
