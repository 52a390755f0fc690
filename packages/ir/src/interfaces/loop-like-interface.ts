import { defineOpInterface } from '../op-def/op-interface.js';
import type { Operation } from '../operation.js';
import type { Region } from '../region.js';
import type { Value } from '../value.js';

/**
 * A loop (MLIR's LoopLikeOpInterface): an op whose body regions may run any number of times, and before which ops
 * hoisted out of them go (loop-invariant code motion asks this of every op). A loop that carries values from one
 * iteration to the next also says which: the initial values, the region arguments that receive them, the values
 * yielded for the next iteration, and the results that hold the last ones (checked by the verifier, as MLIR's
 * verifyLoopLikeOpInterface). A loop that carries none (scf.parallel, scf.forall) implements none of those.
 */
export interface LoopLikeOpMethods {
  /** The regions that form the loop's body (default: every region of the op). */
  getLoopRegions?(op: Operation): readonly Region[];
  /** The values the loop starts with (scf.for's `iter_args` operands); default none. */
  getInits?(op: Operation): readonly Value[];
  /** The region arguments the carried values arrive in; default none. */
  getRegionIterArgs?(op: Operation): readonly Value[];
  /**
   * How many region iteration arguments there are, when it is not `getRegionIterArgs(op).length`: MLIR counts
   * scf.for's as the body's arguments minus one, which is -1 (printed as 2^64 - 1) for a body without arguments.
   */
  getNumRegionIterArgs?(op: Operation): number;
  /** The values yielded to the next iteration (empty when the loop has no yielding terminator); default none. */
  getYieldedValues?(op: Operation): readonly Value[];
  /** The results holding the final values, when the loop has them. */
  getLoopResults?(op: Operation): readonly Value[];
}

/** MLIR's verifyLoopLikeOpInterface, with MLIR 22's messages (checked after the loop's regions verified). */
export const LoopLikeOpInterface = defineOpInterface<LoopLikeOpMethods>('LoopLikeOpInterface', { verifyRegions: verifyLoopLikeOp });

const NO_VALUES: readonly Value[] = Object.freeze([]);

/** Whether `op` is a loop (implements LoopLikeOpInterface). */
export function isLoopLike(op: Operation): boolean {
  return LoopLikeOpInterface.get(op) !== undefined;
}

/** The regions of a loop that form its body (every region unless the loop says otherwise); none for another op. */
export function getLoopRegions(loop: Operation): readonly Region[] {
  const m = LoopLikeOpInterface.get(loop);
  if (!m) return [];
  return m.getLoopRegions ? m.getLoopRegions(loop) : loop.regions;
}

/** Whether `value` is defined outside `loop` (so it is the same on every iteration). */
export function isDefinedOutsideOfLoop(loop: Operation, value: Value): boolean {
  const block = value.parentBlock;
  const owner = block?.parentOp;
  return !owner || !loop.isAncestor(owner);
}

/** A count as MLIR prints its `size_t`: a negative count wrapped around 2^64. */
const sizeText = (n: number): string => (n < 0 ? String(2n ** 64n + BigInt(n)) : String(n));

function verifyLoopLikeOp(op: Operation, m: LoopLikeOpMethods): boolean {
  // A loop that carries no values has nothing to check.
  if (!m.getInits && !m.getRegionIterArgs && !m.getYieldedValues && !m.getLoopResults) return true;
  const inits = m.getInits?.(op) ?? NO_VALUES;
  const iterArgs = m.getRegionIterArgs?.(op) ?? NO_VALUES;
  const numIterArgs = m.getNumRegionIterArgs?.(op) ?? iterArgs.length;
  const yielded = m.getYieldedValues?.(op) ?? NO_VALUES;
  const results = m.getLoopResults?.(op);
  const fail = (message: string): false => {
    op.emitOpError(message);
    return false;
  };
  if (inits.length !== numIterArgs) return fail(`different number of inits and region iter_args: ${inits.length} != ${sizeText(numIterArgs)}`);
  if (yielded.length && numIterArgs !== yielded.length) {
    return fail(`different number of region iter_args and yielded values: ${sizeText(numIterArgs)} != ${yielded.length}`);
  }
  if (results && results.length !== numIterArgs) {
    return fail(`different number of loop results and region iter_args: ${results.length} != ${sizeText(numIterArgs)}`);
  }
  for (let i = 0; i < inits.length; i++) {
    const init = inits[i]!.type;
    const arg = iterArgs[i]!.type;
    if (init !== arg) return fail(`${i}-th init and ${i}-th region iter_arg have different type: '${init}' != '${arg}'`);
    if (yielded.length && arg !== yielded[i]!.type) {
      return fail(`${i}-th region iter_arg and ${i}-th yielded value have different type: '${arg}' != '${yielded[i]!.type}'`);
    }
  }
  if (results) {
    for (let i = 0; i < results.length; i++) {
      // MLIR 22 numbers this message with a counter it never advances inside the loop: always the 0-th.
      if (iterArgs[i]!.type !== results[i]!.type) {
        return fail(`0-th region iter_arg and 0-th loop result have different type: '${iterArgs[i]!.type}' != '${results[i]!.type}'`);
      }
    }
  }
  return true;
}
