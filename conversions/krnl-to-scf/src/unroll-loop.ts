// Unrolling an scf.for whose step is a constant: fully, when its trip count is known (one copy of the body per
// iteration, the induction variable lb + k * step, the carried values threaded from copy to copy), or by a factor F
// with a remainder loop (a loop running F copies per iteration over the first floor(n / F) * F iterations, then the
// original loop over the rest), when only a bound on the trip count is known (F is that bound: a point loop of a
// tile of T runs its T copies on a full tile, the loop on a partial one).
import { Builder, IRMapping, type Operation, type Value } from '@tlir/ir';
import { DivSIOp } from '@tlir/dialect-arith';
import { IndexBuilder } from './index-builder.js';
import { buildFor } from './scf-loops.js';

/** `count` copies of the body of `loop` at the builder, the k-th with induction variable `iv(k)`; returns the carried values. */
function copyBody(loop: Operation, ix: IndexBuilder, count: number, iv: (k: number) => Value, inits: readonly Value[]): readonly Value[] {
  const body = loop.regions[0]!.firstBlock!;
  const terminator = body.lastOp!;
  let carried = inits;
  for (let k = 0; k < count; k++) {
    const mapping = new IRMapping();
    mapping.map(body.args[0]!, iv(k));
    body.args.slice(1).forEach((a, i) => mapping.map(a, carried[i]!));
    for (let o = body.firstOp; o !== terminator; o = o!.nextOperation) ix.b.clone(o!, mapping);
    carried = terminator.operands.map((v) => mapping.lookupOrDefault(v));
  }
  return carried;
}

const loopInits = (loop: Operation): Value[] => loop.operands.slice(3);

/** Replaces `loop` (an scf.for of constant step running `tripCount` times) by that many copies of its body. */
export function unrollFully(loop: Operation, tripCount: number): void {
  const b = new Builder(loop.context);
  b.setInsertionPoint(loop);
  const ix = new IndexBuilder(b, loop.loc);
  const [lb, , stepValue] = loop.operands as [Value, Value, Value];
  const step = ix.staticValue(stepValue)!;
  const results = copyBody(loop, ix, tripCount, (k) => ix.add(lb, ix.constant(k * step)), loopInits(loop));
  loop.results.forEach((r, i) => r.replaceAllUsesWith(results[i]!));
  loop.erase();
}

/**
 * Unrolls `loop` (an scf.for of constant step) by `factor`: a new loop runs `factor` copies of the body per
 * iteration up to lb + floor(n / factor) * factor * step (n: the trip count), then `loop` itself runs the rest.
 */
export function unrollByFactor(loop: Operation, factor: number): void {
  if (factor <= 1) return;
  const b = new Builder(loop.context);
  b.setInsertionPoint(loop);
  const ix = new IndexBuilder(b, loop.loc);
  const [lb, ub, stepValue] = loop.operands as [Value, Value, Value];
  const step = ix.staticValue(stepValue)!;
  const trips = ix.max(ix.constant(0), ix.ceilDivConstant(ix.sub(ub, lb), step));
  const whole = ix.mulConstant(DivSIOp.create(b, { lhs: trips, rhs: ix.constant(factor), result: ix.index, loc: loop.loc }).result, factor * step);
  const mainEnd = ix.add(lb, whole);
  const main = buildFor(b, loop.loc, lb, mainEnd, ix.constant(factor * step), loopInits(loop), (iv, args) =>
    copyBody(loop, ix, factor, (k) => ix.add(iv, ix.constant(k * step)), args),
  );
  loop.setOperand(0, mainEnd);
  main.results.forEach((r, i) => loop.setOperand(3 + i, r));
}
