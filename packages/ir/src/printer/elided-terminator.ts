import type { Operation } from '../operation.js';
import { Terminator } from '../traits.js';

/**
 * Whether `op`, the last op of a block whose region is printed without terminators, is left out: a terminator
 * without results, operands or attributes, whose regions (if any) hold nothing. The printer and the alias
 * collector use the same rule, so that aliases are made only for what is printed.
 */
export function isElidedTerminator(op: Operation): boolean {
  if (op.numResults !== 0 || !op.hasTrait(Terminator)) return false;
  if (op.numOperands !== 0 || op.attributes.size !== 0) return false;
  for (const r of op.regions) {
    const b = r.firstBlock;
    if (b !== null && (b.nextBlock !== null || b.numArguments !== 0 || b.firstOp !== null)) return false;
  }
  return true;
}
