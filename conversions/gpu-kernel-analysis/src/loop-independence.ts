// Whether the iterations of a loop the whole work-group runs (a copy into a tile buffer, a memset, a loop of stores
// of replicated code) can be dealt to the work-items: each iteration must touch memory no other iteration touches
// where one of them writes. The check is syntactic and conservative: every store's memref is defined outside the
// loop and one of its indices is the induction variable plus something defined outside the loop (so iterations
// store to different elements), and every other access to memory the stores may reach is to the same memref at
// the same index. Loads of memory the loop does not write are free. Atomic updates, calls, barriers, parallel
// loops and ops whose memory effects are unknown keep a loop on one work-item (an order of atomic additions, for
// instance, decides the bits of a float sum).
import { getMemoryEffects } from '@tlir/rewrite';
import type { Operation, Value } from '@tlir/ir';
import { mayAlias, memoryRoot } from './memory-roots.js';
import { LoadOp, StoreOp } from '@tlir/dialect-memref';
import { AddIOp } from '@tlir/dialect-arith';
import { ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, WhileOp } from '@tlir/dialect-scf';

/** The operands of a load or store: its memref and indices. */
interface ElementAccess {
  readonly op: Operation;
  readonly memref: Value;
  readonly indices: readonly Value[];
  readonly write: boolean;
}

/** Whether `v` is defined outside `loop`. */
function definedOutside(v: Value, loop: Operation): boolean {
  const owner = v.definingOp ?? v.parentBlock?.parentOp;
  return !owner || !loop.isAncestor(owner);
}

/** For an index that is `iv` or `iv + x` (x defined outside the loop): x, or `iv` itself for the bare variable. */
function pinnedOffset(index: Value, iv: Value, loop: Operation): Value | undefined {
  if (index === iv) return iv;
  const def = index.definingOp;
  if (!def || !AddIOp.is(def)) return undefined;
  const [a, b] = def.operands as [Value, Value];
  if (a === iv && definedOutside(b, loop)) return b;
  if (b === iv && definedOutside(a, loop)) return a;
  return undefined;
}

/** The positions of a store's indices pinned to the induction variable, with their offsets. */
function pinnedPositions(access: ElementAccess, iv: Value, loop: Operation): Map<number, Value> {
  const out = new Map<number, Value>();
  access.indices.forEach((index, p) => {
    const offset = pinnedOffset(index, iv, loop);
    if (offset) out.set(p, offset);
  });
  return out;
}

/** The loads and stores in `loop`, or undefined when it holds an op that keeps it on one work-item. */
function elementAccesses(loop: Operation): ElementAccess[] | undefined {
  const out: ElementAccess[] = [];
  let blocked = false;
  loop.walk((op) => {
    if (op === loop) return;
    if (LoadOp.is(op)) out.push({ op, memref: op.operands[0]!, indices: op.operands.slice(1), write: false });
    else if (StoreOp.is(op)) out.push({ op, memref: op.operands[1]!, indices: op.operands.slice(2), write: true });
    else if (op.numRegions === 0 || ![ForOp, IfOp, ExecuteRegionOp, IndexSwitchOp, WhileOp].some((d) => d.is(op))) {
      const effects = getMemoryEffects(op);
      if (effects === undefined || effects.includes('read') || effects.includes('write') || effects.includes('free')) blocked = true;
    }
    if (blocked) return 'interrupt';
    return undefined;
  });
  return blocked ? undefined : out;
}

/**
 * Whether the iterations of `loop` (an scf.for the work-group runs) are independent and may run on different
 * work-items in any order.
 */
export function isDistributableLoop(loop: Operation): boolean {
  if (!ForOp.is(loop) || loop.numResults > 0 || loop.operands.length > 3 || ForOp.wrap(loop).unsignedCmp !== undefined) return false;
  const iv = loop.regions[0]?.firstBlock?.args[0];
  if (!iv) return false;
  const accesses = elementAccesses(loop);
  if (!accesses) return false;
  const stores = accesses.filter((a) => a.write);
  if (!stores.length) return false;
  for (const s of stores) {
    if (!definedOutside(s.memref, loop)) return false;
    const root = memoryRoot(s.memref);
    // A work-item's private buffer must be filled whole on every work-item: such a loop stays replicated.
    if (root.space === 'private') return false;
    const pinned = pinnedPositions(s, iv, loop);
    if (!pinned.size) return false;
    for (const a of accesses) {
      if (a === s || !mayAlias(root, memoryRoot(a.memref))) continue;
      // Another access to memory the store may reach: only the same elements, at the same iteration, are safe.
      if (a.memref !== s.memref) return false;
      const same = [...pinned].some(([p, offset]) => a.indices[p] !== undefined && pinnedOffset(a.indices[p]!, iv, loop) === offset);
      if (!same) return false;
    }
  }
  return true;
}
