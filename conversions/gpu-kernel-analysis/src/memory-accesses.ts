// The memory an op (with everything nested in it) reads and writes, as the barrier analysis needs it: which buffer
// (memory-roots.ts), whether it writes, and which work-item ids the element touched, and whether it is touched at
// all, depend on (its footprint: the ids its address and its control depend on). An op whose effects are not
// understood touches any memory.
import { getMemoryEffects } from '@tlir/rewrite';
import { getMemoryAccesses, type Operation, type Value } from '@tlir/ir';
import { mayAlias, memoryRoot, type MemoryRoot } from './memory-roots.js';
import { ALL_DIMS, type ThreadDependence, type ThreadDims } from './thread-dependence.js';
import { BarrierOp } from '@tlir/dialect-gpu';

/** One access: the op, the buffer (or `any` memory), whether it writes, its footprint. */
export interface MemoryAccess {
  readonly op: Operation;
  readonly root: MemoryRoot | 'any';
  readonly write: boolean;
  readonly footprint: ThreadDims;
}

/** The memory accesses of ops, memoized (an op's list holds those of the ops nested in it). */
export class MemoryAccesses {
  private readonly memo = new Map<Operation, readonly MemoryAccess[]>();

  constructor(readonly deps: ThreadDependence) {}

  /** The accesses of `op` and of the ops nested in it. */
  of(op: Operation): readonly MemoryAccess[] {
    let found = this.memo.get(op);
    if (!found) {
      found = this.compute(op);
      this.memo.set(op, found);
    }
    return found;
  }

  /** Forgets what was computed (after the IR changed). */
  clear(): void {
    this.memo.clear();
  }

  private footprint(op: Operation, memref: Value, indices: readonly Value[]): ThreadDims {
    let m = this.deps.controlOf(op) | this.deps.of(memref);
    for (const i of indices) m |= this.deps.of(i);
    return m;
  }

  private compute(op: Operation): readonly MemoryAccess[] {
    const out: MemoryAccess[] = [];
    // The ops that say which memref they access (MemoryAccessOpInterface: loads, stores, atomics, copies, deallocs);
    // freeing memory counts as writing it.
    const accesses = getMemoryAccesses(op);
    if (accesses) {
      for (const a of accesses) {
        const root = memoryRoot(a.memref);
        const footprint = this.footprint(op, a.memref, a.indices ?? []);
        if (a.read) out.push({ op, root, write: false, footprint });
        if (a.write || a.free) out.push({ op, root, write: true, footprint });
      }
    } else if (!BarrierOp.is(op)) {
      const effects = getMemoryEffects(op);
      const touches = effects === undefined || effects.includes('read') || effects.includes('write') || effects.includes('free');
      if (touches) {
        // Not understood: any memory, at addresses that may differ between any work-items.
        if (effects === undefined || effects.includes('read')) out.push({ op, root: 'any', write: false, footprint: ALL_DIMS });
        if (effects === undefined || effects.includes('write') || effects.includes('free')) out.push({ op, root: 'any', write: true, footprint: ALL_DIMS });
      }
    }
    for (const r of op.regions) for (let b = r.firstBlock; b; b = b.nextBlock) for (let o = b.firstOp; o; o = o.nextOperation) out.push(...this.of(o));
    return out;
  }
}

/** Whether two accesses may touch the same memory with at least one of them writing. */
export function conflicts(a: MemoryAccess, b: MemoryAccess): boolean {
  if (!a.write && !b.write) return false;
  if (a.root === 'any' || b.root === 'any') {
    const other = a.root === 'any' ? b.root : a.root;
    return other === 'any' || other.space !== 'private';
  }
  return mayAlias(a.root, b.root);
}
