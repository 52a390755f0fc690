import type { Location } from '@tlir/ir';
import type { RegionExit } from './control-transfer.js';
import type { ExecutionContext } from './execution-context.js';
import { InterpreterError } from './interpreter-error.js';
import type { Suspension } from './suspension.js';

/** How `ExecutionContext.spawn` starts a strand. */
export interface SpawnOptions {
  /**
   * Values only this strand (and what it calls) sees through `ctx.local(key)`, on top of the spawner's: a work-item's
   * thread and block ids.
   */
  readonly locals?: ReadonlyMap<object, unknown>;
  /** A note attached to a runtime error of the strand (`in thread (1, 0, 0) of block (0, 0, 0)`), at `loc`. */
  readonly note?: { readonly loc: Location; readonly message: string };
}

/** Where a strand stopped: it finished (how its region was left), or it waits (`suspension`). */
export type StrandStep = { readonly done: true; readonly exit: RegionExit } | { readonly done: false; readonly suspension: Suspension };

/**
 * A coroutine of the interpreter: a region run in a thread of control of its own (its own SSA values, allocations and
 * call stack; the spawner's values visible), which stops whenever an op of it suspends (a resumable
 * implementation yields a `Suspension`) and goes on when resumed. One JavaScript thread runs every strand: a strand
 * runs only inside `resume`, until it suspends or finishes. Made by `ExecutionContext.spawn`.
 */
export class Strand {
  private finished = false;

  /** @internal */
  constructor(
    /** The strand's context (its locals, its values). */
    readonly context: ExecutionContext,
    private readonly body: Generator<Suspension, RegionExit, unknown>,
    private readonly note: SpawnOptions['note'],
  ) {}

  /** Whether the strand finished (its region was left, or it failed, or it was closed). */
  get done(): boolean {
    return this.finished;
  }

  /**
   * Runs the strand until it suspends or finishes; `value` is what the op it waits at gets back (nothing the first
   * time). A runtime error of the strand is thrown (as from any op implementation), with the spawn's note attached.
   */
  resume(value?: unknown): StrandStep {
    if (this.finished) throw new Error('resume of a strand that has finished');
    let r: IteratorResult<Suspension, RegionExit>;
    try {
      r = this.body.next(value);
    } catch (e) {
      this.finished = true;
      if (e instanceof InterpreterError && this.note) e.diagnostic.attachNote(this.note.loc, this.note.message);
      throw e;
    }
    if (r.done) {
      this.finished = true;
      return { done: true, exit: r.value };
    }
    return { done: false, suspension: r.value };
  }

  /** Abandons a suspended strand: its blocks and calls are left, freeing what they allocated. */
  close(): void {
    if (this.finished) return;
    this.finished = true;
    this.body.return(undefined as never);
  }
}
