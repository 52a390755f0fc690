// Building scf loops: a loop with its body block and terminator, and nests of loops from zero.
import { IndexType, type Builder, type BlockArgument, type Location, type Operation, type Value } from '@tlir/ir';
import { ForOp, ParallelOp, ReduceOp, YieldOp } from '@tlir/dialect-scf';
import type { IndexBuilder } from './index-builder.js';

/**
 * `scf.for %iv = lb to ub step step iter_args(...)` at the builder's insertion point; `body` fills the body (the
 * builder at its end) and returns the values to yield (one per init). The builder is left after the loop.
 */
export function buildFor(
  b: Builder,
  loc: Location,
  lb: Value,
  ub: Value,
  step: Value,
  inits: readonly Value[],
  body: (iv: BlockArgument, iterArgs: readonly BlockArgument[]) => readonly Value[] | void,
): Operation {
  const types = inits.map((v) => v.type);
  const loop = ForOp.create(b, { lowerBound: lb, upperBound: ub, step, initArgs: inits, results: types, loc }).op;
  b.withInsertionPoint(() => {
    const block = b.createBlock(loop.regions[0]!, [IndexType.get(b.context), ...types], [loc, ...types.map(() => loc)]);
    const next = body(block.args[0]!, block.args.slice(1)) ?? [];
    b.setInsertionPointToEnd(block);
    YieldOp.create(b, { results: [...next], loc });
  });
  return loop;
}

/** A one-dimensional `scf.parallel (%iv) = (lb) to (ub) step (step)` without reductions. */
export function buildParallel(b: Builder, loc: Location, lb: Value, ub: Value, step: Value, body: (iv: BlockArgument) => void): Operation {
  const loop = ParallelOp.create(b, { lowerBound: [lb], upperBound: [ub], step: [step], initVals: [], results: [], loc }).op;
  b.withInsertionPoint(() => {
    const block = b.createBlock(loop.regions[0]!, [IndexType.get(b.context)], [loc]);
    body(block.args[0]!);
    b.setInsertionPointToEnd(block);
    ReduceOp.create(b, { operands: [], reductions: 0, loc });
  });
  return loop;
}

/**
 * Loops from 0 to each extent by 1, the first outermost; `body` runs in the innermost one with the induction
 * variables. An extent known to be zero or less makes no loop.
 */
export function buildLoopNest(ix: IndexBuilder, extents: readonly Value[], body: (ivs: readonly Value[]) => void): void {
  const nest = (d: number, ivs: Value[]): void => {
    if (d === extents.length) return body(ivs);
    const n = ix.staticValue(extents[d]!);
    if (n !== undefined && n <= 0) return;
    buildFor(ix.b, ix.loc, ix.constant(0), extents[d]!, ix.constant(1), [], (iv) => nest(d + 1, [...ivs, iv]));
  };
  nest(0, []);
}
