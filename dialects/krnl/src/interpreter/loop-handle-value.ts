// The runtime value of a `!krnl.loop`: a name for a loop. Loop handles compute nothing; krnl.iterate reads the
// schedule from the IR, and the handles only have to exist for the ops that use them.
import { formatLocationPrefix, type Operation, type Type, type Value } from '@tlir/ir';
import type { RuntimeObject, RuntimeValue } from '@tlir/interpreter';
import { LoopType } from '../krnl-types.js';

export class LoopHandleValue implements RuntimeObject {
  readonly runtimeKind = 'krnl.loop';

  constructor(readonly handle: Value) {}

  describe(): string {
    const def = this.handle.definingOp;
    return def ? `loop handle #${def.results.indexOf(this.handle as never)} of ${def.name} at ${formatLocationPrefix(def.loc)}` : 'a loop handle argument';
  }
}

/** The handles an op defines, one per result. */
export function loopHandles(op: Operation): LoopHandleValue[] {
  return op.results.map((r) => new LoopHandleValue(r));
}

/** The value check of `!krnl.loop` (registered with the implementations). */
export function loopHandleProblem(type: Type, v: RuntimeValue): string | undefined | null {
  if (!LoopType.is(type)) return null;
  return v instanceof LoopHandleValue ? undefined : 'expected a krnl loop handle';
}
