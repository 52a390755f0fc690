// A buffer of the work-group that each work-item only touches in its own slice becomes each work-item's private
// buffer (docs/lowering-to-gpu.md, "Memory"). The work-group's program may keep per-work-item state across its
// steps in a buffer indexed by the work-items' positions, as the accumulators of a staged reduction are:
//
//   %acc = memref.alloca() : memref<4x4x16x4xf32>                 // [register m, register n, work-item x, y]
//   scf.for %k ... {                                               // the work-group's K loop (copies, barriers)
//     scf.parallel (%x) = (%c0) to (%c16) step (%c1) {             // krnl.mapping = [workitem_x]
//       scf.parallel (%y) = (%c0) to (%c4) step (%c1) {            // krnl.mapping = [workitem_y]
//         ... memref.load %acc[%c1, %c2, %x, %y] ... memref.store ..., %acc[%c1, %c2, %x, %y]
// =>
//   %acc = memref.alloca() : memref<4x4xf32, #gpu.address_space<private>>
//         ... memref.load %acc[%c1, %c2] ...
//
// The rule: every use of the alloca is a memref.load or memref.store of it (no view, nothing passed on); every access
// is nested in scf.parallel loops mapped to work-items (`workitem_x|y|z`), each running from 0 by steps of 1 and
// indexing one dimension of the buffer with its induction variable; every access indexes the same dimensions by
// loops of the same processors, each dimension no larger than the work-group along its processor. Then iteration i
// of such a loop is work-item i's, no two work-items touch one element, and each work-item's slice is all it ever
// reads: the slice becomes its private buffer, those indices dropped. (Work-items along a dimension no loop deals
// run the accesses alike, each on its own copy, which holds the same values the work-group's slice held.)
import { AddressSpaceAttr } from '@tlir/dialect-gpu';
import { parallelLoopMapping, type Processor } from '@tlir/dialect-krnl';
import { IntegerAttr, MemRefType, type Operation, type Value } from '@tlir/ir';
import { getConstantValue } from '@tlir/rewrite';
import { kernelBlockSize } from '@tlir/gpu-kernel-analysis';
import { LoadOp, StoreOp } from '@tlir/dialect-memref';
import { ParallelOp } from '@tlir/dialect-scf';

const DIMENSIONS: Readonly<Record<string, number>> = { workitem_x: 0, workitem_y: 1, workitem_z: 2 };

const isConstant = (v: Value, n: number): boolean => {
  const c = getConstantValue(v);
  return c instanceof IntegerAttr && c.number === n;
};

/** The memref operand and the indices of a load or store of `buffer`, or undefined for any other use. */
function access(use: { owner: Operation; index: number }): { first: number; indices: readonly Value[] } | undefined {
  const op = use.owner;
  if (LoadOp.is(op) && use.index === 0) return { first: 1, indices: op.operands.slice(1) };
  if (StoreOp.is(op) && use.index === 1) return { first: 2, indices: op.operands.slice(2) };
  return undefined;
}

/**
 * The dimensions of an access indexed by the work-items' loops around it, with their processors, or undefined when
 * some loop around it is not a work-item loop from 0 by 1 indexing exactly one dimension.
 */
function workItemDimensions(op: Operation, indices: readonly Value[], kernel: Operation): Map<number, Processor> | undefined {
  const dims = new Map<number, Processor>();
  for (let p = op.parentOp; p && p !== kernel; p = p.parentOp) {
    if (!ParallelOp.is(p)) continue;
    const mapping = parallelLoopMapping(p);
    const ivs = p.regions[0]!.firstBlock!.args;
    const rank = ivs.length;
    if (!mapping || mapping.length !== rank) return undefined;
    for (let d = 0; d < rank; d++) {
      const processor = mapping[d]!;
      if (DIMENSIONS[processor] === undefined) return undefined;
      if (!isConstant(p.operands[d]!, 0) || !isConstant(p.operands[2 * rank + d]!, 1)) return undefined;
      const at = indices.flatMap((v, k) => (v === ivs[d] ? [k] : []));
      if (at.length !== 1 || dims.has(at[0]!)) return undefined;
      dims.set(at[0]!, processor);
    }
  }
  return dims.size ? dims : undefined;
}

/** The dimensions of `alloca` that each work-item indexes by its own position, if the rule above holds. */
export function privateDimensions(alloca: Operation, kernel: Operation): number[] | undefined {
  const type = alloca.results[0]!.type;
  const size = kernelBlockSize(kernel);
  if (!(type instanceof MemRefType) || !type.hasStaticShape || !size) return undefined;
  let found: Map<number, Processor> | undefined;
  for (const use of alloca.results[0]!.uses()) {
    const a = access(use);
    if (!a) return undefined;
    const dims = workItemDimensions(use.owner, a.indices, kernel);
    if (!dims) return undefined;
    if (!found) found = dims;
    else if (found.size !== dims.size || [...dims].some(([d, p]) => found!.get(d) !== p)) return undefined;
  }
  if (!found) return undefined;
  for (const [d, p] of found) if (type.shape[d]! > size[DIMENSIONS[p]!]!) return undefined;
  return [...found.keys()].sort((x, y) => x - y);
}

/** Makes `alloca` each work-item's private buffer without `dims` (the work-item dimensions), and its accesses. */
export function privatize(alloca: Operation, dims: readonly number[]): void {
  const result = alloca.results[0]!;
  const type = result.type as MemRefType;
  const kept = type.shape.filter((_, d) => !dims.includes(d));
  for (const use of [...result.uses()]) {
    const a = access(use)!;
    for (const d of [...dims].reverse()) use.owner.eraseOperand(a.first + d);
  }
  result.type = MemRefType.get(alloca.context, kept, type.elementType, undefined, AddressSpaceAttr.get(alloca.context, { value: 'private' }));
}
