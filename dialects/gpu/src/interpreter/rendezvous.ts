// What a suspended work-item waits for: the other work-items of its work-group (a barrier, all_reduce) or of its
// subgroup (shuffle, subgroup_reduce, the MMA loads and stores) at the same op; when all are there, `complete`
// computes what each one gets.
import type { ExecutionContext } from '@tlir/interpreter';
import type { WorkItem } from './work-item.js';

/** The payload of a gpu op's Suspension. */
export interface Rendezvous {
  /** Who has to arrive: every work-item of the block, or of the work-item's subgroup. */
  readonly scope: 'workgroup' | 'subgroup';
  /** For a subgroup op: only its lanes below this take part (gpu.shuffle's width); default every lane. */
  readonly lanes?: number;
  /**
   * Given the rendezvous of every participant (in the order of their linear ids, the work-items in `items`),
   * the value each one is resumed with. May throw a RuntimeFault (operands that should be uniform and are not);
   * `ctx` is the launch's, to run regions (all_reduce's reduction).
   */
  complete(all: readonly Rendezvous[], items: readonly WorkItem[], ctx: ExecutionContext): unknown[];
}

/** A rendezvous carrying a value of the work-item: `value` is what complete reads from each participant. */
export interface ValueRendezvous<T> extends Rendezvous {
  readonly value: T;
}
