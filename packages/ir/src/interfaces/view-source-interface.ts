import { defineOpInterface } from '../op-def/op-interface.js';
import type { Operation } from '../operation.js';
import type { Value } from '../value.js';

/**
 * An op whose result is a view of (part of) the memory of another value, its source (MLIR's ViewLikeOpInterface):
 * memref.subview, memref.cast, memref.reinterpret_cast, ... Analyses that ask which buffer a memref is follow
 * views back to the value that is not one.
 */
export interface ViewLikeOpMethods {
  /** The value whose memory the op's result views. */
  getViewSource(op: Operation): Value;
}

export const ViewLikeOpInterface = defineOpInterface<ViewLikeOpMethods>('ViewLikeOpInterface');

/** Whether `op` makes a view of another value's memory (implements ViewLikeOpInterface). */
export function isViewLike(op: Operation): boolean {
  return ViewLikeOpInterface.get(op) !== undefined;
}

/** The value whose memory `op`'s result views, when `op` is a view; undefined otherwise. */
export function getViewSource(op: Operation): Value | undefined {
  return ViewLikeOpInterface.get(op)?.getViewSource(op);
}

/** The value (a function argument, an allocation, ...) at the end of the chain of views `v` is made by. */
export function getViewRoot(v: Value): Value {
  let value = v;
  for (;;) {
    const def = value.definingOp;
    const source = def ? getViewSource(def) : undefined;
    if (!source) return value;
    value = source;
  }
}
