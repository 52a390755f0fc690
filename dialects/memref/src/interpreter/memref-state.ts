// What the memref implementations remember during one run of the interpreter (ExecutionContext.state).
import type { Operation } from '@tlir/ir';
import type { ExecutionContext, Memory } from '@tlir/interpreter';

export interface MemrefRunState {
  /** Memory memref.alloc made: the only memory memref.dealloc may free. */
  readonly heap: WeakSet<Memory>;
  /** The memory of constant globals: stores to it are runtime errors. */
  readonly readOnly: WeakSet<Memory>;
  /** The memory of each memref.global, made on the first memref.get_global of it. */
  readonly globals: Map<Operation, Memory>;
}

const KEY = {};

export function memrefState(ctx: ExecutionContext): MemrefRunState {
  return ctx.state(KEY, () => ({ heap: new WeakSet(), readOnly: new WeakSet(), globals: new Map() }));
}

/** A runtime error if `memory` is a constant global's (it may not be written). */
export function checkWritable(ctx: ExecutionContext, memory: Memory): void {
  if (memrefState(ctx).readOnly.has(memory)) ctx.fail(`write to ${memory.label}, which is constant`);
}
