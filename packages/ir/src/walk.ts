import type { Operation } from './operation.js';

export type WalkOrder = 'pre' | 'post';
/** What a walk callback returns: continue (undefined / 'advance'), skip the op's regions (pre-order), or stop. */
export type WalkResult = 'advance' | 'skip' | 'interrupt' | void;

/**
 * Visits `op` and every op nested in it. The callback may erase the op it is given (and, in post-order, ops
 * before it in its block); the walk captures the next op before visiting. Returns 'interrupt' if stopped.
 */
export function walk(op: Operation, callback: (op: Operation) => WalkResult, order: WalkOrder = 'post'): 'interrupt' | 'advance' {
  if (order === 'pre') {
    const r = callback(op);
    if (r === 'interrupt') return 'interrupt';
    if (r === 'skip' || op.parentBlock === null && op.isErased) return 'advance';
  }
  for (const region of op.regions) {
    for (let block = region.firstBlock; block !== null; ) {
      const nextBlock = block.nextBlock;
      for (let inner = block.firstOp; inner !== null; ) {
        const next = inner.nextOp;
        if (walk(inner, callback, order) === 'interrupt') return 'interrupt';
        inner = next;
      }
      block = nextBlock;
    }
  }
  if (order === 'post' && callback(op) === 'interrupt') return 'interrupt';
  return 'advance';
}
