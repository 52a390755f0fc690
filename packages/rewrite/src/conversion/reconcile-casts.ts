import type { Operation, Value } from '@tlir/ir';
import type { PatternRewriter } from '../rewriter.js';

export const UNREALIZED_CAST = 'builtin.unrealized_conversion_cast';

function isCast(op: Operation | null): op is Operation {
  return op !== null && op.name === UNREALIZED_CAST;
}

/**
 * Folds away the `builtin.unrealized_conversion_cast` ops of `casts` that a conversion no longer needs, as
 * MLIR's reconcileUnrealizedCasts: an unused cast is erased; a cast whose chain of input casts leads back to
 * values of its own result types (`A -> B -> A`) is replaced by those values. Returns the casts that remain.
 * Changes go through `rewriter` when one is given (so its listener hears of them).
 */
export function reconcileUnrealizedCasts(casts: Iterable<Operation>, rewriter?: PatternRewriter): Operation[] {
  const all = [...casts];
  // A stack without duplicates (MLIR's SetVector worklist: pushing an op already there does nothing).
  const stack: Operation[] = [...all];
  const queued = new Set<Operation>(all);
  const erased = new Set<Operation>();
  const enqueueInputs = (op: Operation): void => {
    for (const v of op.operandValues) {
      const def = v.definingOp;
      if (isCast(def) && !erased.has(def) && !queued.has(def)) {
        queued.add(def);
        stack.push(def);
      }
    }
  };
  const erase = (op: Operation): void => {
    erased.add(op);
    if (rewriter) rewriter.eraseOp(op);
    else op.erase();
  };
  // The cast defining all inputs of `op` as its results, in order.
  const inputCast = (op: Operation): Operation | undefined => {
    if (op.numOperands === 0) return undefined;
    const def = op.getOperand(0).definingOp;
    if (!isCast(def) || def.numResults !== op.numOperands) return undefined;
    for (let i = 0; i < op.numOperands; i++) if (op.getOperand(i) !== def.results[i]) return undefined;
    return def;
  };
  while (stack.length) {
    const op = stack.pop()!;
    queued.delete(op);
    if (op.isErased) continue;
    if (op.useEmpty) {
      enqueueInputs(op);
      erase(op);
      continue;
    }
    for (let next: Operation | undefined = op; next; next = inputCast(next)) {
      if (!sameTypes(next.operands, op.results)) continue;
      enqueueInputs(op);
      const inputs = next.operands;
      if (rewriter) rewriter.replaceAllOpUsesWith(op, inputs);
      else op.replaceAllUsesWith(inputs);
      erase(op);
      break;
    }
  }
  return all.filter((op) => !erased.has(op) && !op.isErased);
}

function sameTypes(a: readonly Value[], b: readonly Value[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.type !== b[i]!.type) return false;
  return true;
}

/** Every `builtin.unrealized_conversion_cast` nested in `root`, in pre-order. */
export function collectUnrealizedCasts(root: Operation): Operation[] {
  const out: Operation[] = [];
  root.walk((op) => {
    if (op.name === UNREALIZED_CAST) out.push(op);
  }, 'pre');
  return out;
}
