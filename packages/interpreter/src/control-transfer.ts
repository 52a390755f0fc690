import type { Block, Operation } from '@tlir/ir';
import type { RuntimeValue } from './runtime-value.js';

/**
 * What a terminator's implementation returns instead of result values: leave the region yielding values to the
 * op that owns it (`scf.yield`, `tl.yield`), return from the function (`func.return`), or branch to a block of
 * the same region with arguments (`cf.br`).
 */
export class ControlTransfer {
  private constructor(
    readonly kind: 'yield' | 'return' | 'branch',
    readonly values: readonly RuntimeValue[],
    readonly dest: Block | null,
  ) {}

  static yield(values: readonly RuntimeValue[] = []): ControlTransfer {
    return new ControlTransfer('yield', values, null);
  }

  static return(values: readonly RuntimeValue[] = []): ControlTransfer {
    return new ControlTransfer('return', values, null);
  }

  static branch(dest: Block, args: readonly RuntimeValue[] = []): ControlTransfer {
    return new ControlTransfer('branch', args, dest);
  }
}

/**
 * How a region was left: `yield` (a yielding terminator, or the end of a block of an op without terminators,
 * with no values) or `return`, with the values and the terminator (null when the block just ended).
 */
export interface RegionExit {
  readonly kind: 'yield' | 'return';
  readonly values: readonly RuntimeValue[];
  readonly terminator: Operation | null;
}
