// How the lowering to scf records the processor mapping of a krnl.parallel loop (the tlir extension of krnl.parallel)
// on the scf.parallel it becomes, for the lowering to the gpu dialect: a discardable attribute
//   scf.parallel (%i) = (%lb) to (%ub) step (%s) { ... } {krnl.mapping = [#krnl<processor workitem_x>]}
// with one processor per dimension of the scf.parallel (MLIR's gpu lowering reads `mapping = [#gpu.loop_dim_map<...>]`
// the same way). An scf.parallel without it is free to be mapped as the gpu lowering chooses.
import { ArrayAttr, type Operation } from '@tlir/ir';
import { ProcessorAttr, type Processor } from './processor-attr.js';

export const PARALLEL_MAPPING_ATTR = 'krnl.mapping';

/** The processor of each dimension of an scf.parallel, if it has a krnl mapping. */
export function parallelLoopMapping(op: Operation): Processor[] | undefined {
  const attr = op.getAttr(PARALLEL_MAPPING_ATTR);
  if (!(attr instanceof ArrayAttr) || !attr.elements.every((e) => ProcessorAttr.is(e))) return undefined;
  return attr.elements.map((e) => (e as ReturnType<typeof ProcessorAttr.get>).value);
}
