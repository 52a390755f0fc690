// Which dimensions a rank-reducing memref.subview drops at run time: decided from the static types, as the
// verifier and MLIR's SubViewOp::getDroppedDims decide it, so the interpreter drops what a lowering drops.
import { staticIndices, type MemRefType, type Operation } from '@tlir/ir';
import { SubViewOp } from '../subview-op.js';
import { rankReductionDroppedDims } from '../rank-reduction.js';
import { satMul, stridesAndOffset } from '../static-indices.js';

/** One flag per source dimension of a verified memref.subview: whether its result drops it. */
export function subviewDroppedDims(op: Operation): boolean[] {
  const subview = SubViewOp.wrap(op);
  const sourceStrides = stridesAndOffset(subview.source.type as MemRefType).strides;
  const steps = staticIndices(subview.static_strides);
  const sizes = staticIndices(subview.static_sizes);
  const dropped: boolean[] = [];
  rankReductionDroppedDims(sizes, (i) => satMul(sourceStrides[i]!, steps[i]!), stridesAndOffset(subview.result.type as MemRefType).strides, dropped);
  return dropped;
}
